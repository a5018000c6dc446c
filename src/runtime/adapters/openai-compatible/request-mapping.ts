import { digestOf } from '../../../shared/canonical-json.js';
import { RuntimeError, type RuntimeRequest, type StructuredOutputMode } from '../../contract.js';
import type { PreparedCall } from '../../execution.js';
import type { DeploymentProfile } from '../../profiles/profile-schema.js';
import { checkBodyExtraKey } from '../../profiles/routing-allowlist.js';
import { projectSchema, schemaKeywordsUsed } from '../../schema-projection.js';

/**
 * Runtime request → Chat Completions body. The body is built once per call and sent
 * unchanged on every attempt (a retry is the same request, never a weaker one).
 */

export interface ChatCompletionsCall extends PreparedCall {
  body: Record<string, unknown>;
  /** The body serialised once, so every attempt sends identical bytes. */
  serializedBody: string;
  /** Prompt texts, kept only to scrub provider echoes out of error messages. */
  promptTexts: readonly string[];
}

function responseFormat(mode: StructuredOutputMode, name: string, schema: Record<string, unknown>, strict: boolean): Record<string, unknown> | undefined {
  switch (mode) {
    case 'jsonSchema':
      return { type: 'json_schema', json_schema: { name, schema, strict } };
    case 'jsonMode':
      return { type: 'json_object' };
    case 'promptOnly':
      // The prompt carries the schema; no response_format is sent at all.
      return undefined;
  }
}

export function buildChatCompletionsCall(request: RuntimeRequest, profile: DeploymentProfile): ChatCompletionsCall {
  const mode = request.structuredOutput.mode;
  const warnings: string[] = [];
  let sentSchema: Record<string, unknown> | null = null;
  let projection: string | null = null;
  if (mode === 'jsonSchema') {
    const declared = profile.structuredOutput.projection;
    sentSchema = declared ? projectSchema(request.structuredOutput.schema, declared.dropKeywords) : request.structuredOutput.schema;
    projection = declared?.name ?? null;
    // Keywords the provider accepts but does not enforce: the local exact validation is the only guard.
    const unenforced = schemaKeywordsUsed(sentSchema, profile.capabilities.jsonSchemaKeywords?.unsupported ?? []);
    if (unenforced.length > 0) {
      warnings.push(`profile ${profile.id} does not enforce JSON Schema keyword(s) ${unenforced.join(', ')}; the exact schema is validated locally`);
    }
  }

  const body: Record<string, unknown> = {
    model: profile.model,
    messages: [
      { role: 'system', content: request.systemPrompt },
      { role: 'user', content: request.userPrompt },
    ],
    stream: false,
  };
  const format = responseFormat(mode, request.structuredOutput.name, sentSchema ?? {}, profile.structuredOutput.strict);
  if (format !== undefined) body.response_format = format;
  const generation = profile.generation;
  if (generation.temperature !== undefined) body.temperature = generation.temperature;
  if (generation.topP !== undefined) body.top_p = generation.topP;
  if (generation.seed !== undefined) body.seed = generation.seed;
  // The profile's cap is the ceiling; a request may only ask for less.
  body[generation.maxTokensField] = Math.min(request.budget.maxOutputTokens ?? generation.maxOutputTokens, generation.maxOutputTokens);

  for (const [key, value] of Object.entries(profile.routing.bodyExtras ?? {})) {
    // Validated at load time; checked again so a hand-built profile object cannot bypass it.
    const problem = checkBodyExtraKey(key);
    if (problem !== null) throw new RuntimeError('CONFIGURATION_ERROR', `profile ${profile.id} routing.bodyExtras: ${problem}`);
    body[key] = value;
  }

  return {
    body,
    serializedBody: JSON.stringify(body),
    promptTexts: [request.systemPrompt, request.userPrompt],
    effectiveSchemaMode: mode,
    projection,
    sentSchemaDigest: sentSchema === null ? null : digestOf(sentSchema),
    warnings,
  };
}
