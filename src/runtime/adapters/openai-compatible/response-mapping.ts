import { sanitizeMessage } from '../../../shared/redaction.js';
import { RuntimeError, type FinishReason } from '../../contract.js';
import type { AttemptResult } from '../../execution.js';
import { attachObservation } from '../../execution.js';
import type { DeploymentProfile } from '../../profiles/profile-schema.js';
import { mapErrorInSuccessBody } from './error-mapping.js';
import { observeRoute } from './route-metadata.js';
import { normalizeUsage } from './usage.js';

/**
 * A 2xx Chat Completions body → AttemptResult. HTTP 200 proves nothing: the body must
 * carry exactly one choice whose message is complete text content, not a refusal, a tool
 * call or a truncation. Every such failure is terminal (retrying cannot fix it).
 */

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function normalizeFinishReason(raw: unknown): FinishReason {
  switch (raw) {
    case 'stop':
      return 'stop';
    case 'length':
      return 'length';
    case 'content_filter':
      return 'contentFilter';
    case 'tool_calls':
    case 'function_call':
      return 'toolCalls';
    case null:
    case undefined:
      return 'unknown';
    default:
      return 'other';
  }
}

/** Longest model name accepted verbatim; route-metadata bounds provider names to 120. */
const MAX_MODEL_NAME_LENGTH = 200;

/** The provider name exactly as the response gave it, from the same sources observeRoute reads. */
function rawProviderOf(profile: DeploymentProfile, envelope: Record<string, unknown>, headers: Record<string, string>): string | null {
  const nonBlank = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);
  return nonBlank(envelope.provider) ?? (profile.routing.metadata === 'litellm' ? nonBlank(headers['x-litellm-model-id']) : null);
}

/** Parses the envelope without ever letting `__proto__` members reach a prototype. */
export function parseJsonEnvelope(body: Buffer): unknown {
  return JSON.parse(body.toString('utf8'), (key, value: unknown) => (key === '__proto__' || key === 'constructor' ? undefined : value));
}

export function mapSuccessResponse(options: {
  profile: DeploymentProfile;
  body: Buffer;
  headers: Record<string, string>;
  status: number;
  origin: string;
  firstByteMs: number;
  promptTexts: readonly string[];
}): AttemptResult {
  const { profile, origin, status } = options;
  const invalid = (reason: string): RuntimeError => new RuntimeError('INVALID_RESPONSE', `${origin} answered HTTP ${status} with an invalid Chat Completions response: ${reason}`, { status });

  let parsed: unknown;
  try {
    parsed = parseJsonEnvelope(options.body);
  } catch {
    throw invalid('the body is not valid JSON');
  }
  const envelope = record(parsed);
  if (envelope === null) throw invalid('the body is not a JSON object');
  if (envelope.error !== undefined && envelope.error !== null && !Array.isArray(envelope.choices)) {
    throw mapErrorInSuccessBody(envelope, origin, options.promptTexts);
  }

  // Route, identity and usage are read first so a failure below still reports them.
  const facts = observeRoute(profile, envelope, options.headers);
  const usage = normalizeUsage(envelope.usage, facts.costUsd);
  // The identity policy compares what the response said, byte for byte. A name that display
  // sanitising would change (control characters, padded or repeated whitespace, secret-shaped
  // text, over-long) cannot be verified, so it is rejected here instead of being cleaned into
  // something that matches: `"gpt-4o\u0000"` is not `gpt-4o`.
  const rawModel = typeof envelope.model === 'string' && envelope.model.trim() !== '' ? envelope.model : null;
  const rawProvider = rawProviderOf(profile, envelope, options.headers);
  const displayModel = rawModel === null ? null : sanitizeMessage(rawModel, MAX_MODEL_NAME_LENGTH);
  const unverifiable = [
    ...(rawModel !== null && displayModel !== rawModel ? ['model'] : []),
    ...(rawProvider !== facts.provider ? ['provider'] : []),
  ];
  const actualIdentity = { model: displayModel, provider: facts.provider };
  const observed = <E extends RuntimeError>(error: E): E => {
    attachObservation(error, { actualIdentity, usage, route: facts.route, firstByteMs: options.firstByteMs });
    return error;
  };
  if (unverifiable.length > 0) {
    throw observed(
      new RuntimeError(
        'IDENTITY_MISMATCH',
        `${origin} named its ${unverifiable.join(' and ')} with control characters, padded or repeated whitespace, secret-shaped text or too many characters; the identity cannot be verified`,
        { status },
      ),
    );
  }

  const choices = envelope.choices;
  if (!Array.isArray(choices) || choices.length !== 1) {
    throw observed(invalid(`expected exactly one choice, got ${Array.isArray(choices) ? choices.length : 'none'}`));
  }
  const choice = record(choices[0]);
  const message = record(choice?.message);
  if (choice === null || message === null) throw observed(invalid('the choice has no message'));
  const finishReason = normalizeFinishReason(choice.finish_reason);

  if (typeof message.refusal === 'string' && message.refusal.trim() !== '') {
    throw observed(new RuntimeError('CONTENT_REFUSED', `${origin}: the model refused to answer (refusal message withheld)`, { status }));
  }
  if (finishReason === 'contentFilter') {
    throw observed(new RuntimeError('CONTENT_REFUSED', `${origin}: the provider's content filter stopped the answer (finish_reason content_filter)`, { status }));
  }
  if (finishReason === 'length') {
    throw observed(new RuntimeError('OUTPUT_TRUNCATED', `${origin}: the answer was cut off at the output token limit (finish_reason length); raise generation.maxOutputTokens in the profile`, { status }));
  }
  const hasToolCalls = (Array.isArray(message.tool_calls) && message.tool_calls.length > 0) || (message.function_call !== undefined && message.function_call !== null);
  if (hasToolCalls || finishReason === 'toolCalls') {
    throw observed(invalid('the model answered with a tool call instead of content'));
  }
  const content = message.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw observed(invalid('the message content is empty or missing'));
  }

  const warnings: string[] = [];
  if (finishReason === 'unknown') warnings.push('the response did not give a finish_reason');
  if (finishReason === 'other') warnings.push(`unusual finish_reason "${sanitizeMessage(String(choice.finish_reason), 40)}"`);
  return { outputText: content, finishReason, actualIdentity, usage, route: facts.route, firstByteMs: options.firstByteMs, warnings };
}
