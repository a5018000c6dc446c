/**
 * TEST HELPER: builds validated Deployment Profiles pointing at a fake server, and a
 * small fixed structured-output request. Not shipped; lives only under test/.
 */
import { digestOf } from '../../src/shared/canonical-json.js';
import type { RuntimeRequest, StructuredOutputMode } from '../../src/runtime/contract.js';
import { parseProfile, type LoadedProfile } from '../../src/runtime/profiles/load-profile.js';

export const CANARY_KEY = 'sk-canary-9f8e7d6c5b4a39281706';
export const SYSTEM_PROMPT = 'You are a careful release-notes analyst. Reply with JSON only.';
export const USER_PROMPT = 'SECRET-PROMPT-MARKER: summarise the changes between 1.0.0 and 2.0.0 of left-pad.';

/** A small fixed schema with `uniqueItems` nested, and a property *named* uniqueItems. */
export const TEST_SCHEMA: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['summary', 'refs', 'uniqueItems'],
  properties: {
    summary: { type: 'string', maxLength: 200 },
    refs: { type: 'array', items: { type: 'string', pattern: '^sha256:[0-9a-f]{64}$' }, maxItems: 5, uniqueItems: true },
    uniqueItems: { type: 'boolean' },
  },
};

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> | T[K] : T[K] };

export function baseProfileData(endpoint: string): Record<string, unknown> {
  return {
    id: 'test-profile',
    adapter: 'openai-compatible',
    endpoint,
    model: 'test-model',
    auth: { scheme: 'bearer', secretEnv: 'TEST_API_KEY' },
    privacy: 'local',
    mode: 'production',
    structuredOutput: { mode: 'jsonSchema', strict: true },
    generation: { temperature: 0, seed: 7, maxOutputTokens: 512, maxTokensField: 'max_completion_tokens' },
    limits: { timeoutMs: 10_000, maxResponseBytes: 64 * 1024, concurrency: 2 },
    retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000, retryOn: ['RATE_LIMITED', 'PROVIDER_UNAVAILABLE', 'PROVIDER_ERROR', 'NETWORK_ERROR', 'TIMEOUT'] },
    identity: { model: { exact: 'test-model' }, allowUnknown: false },
    routing: { gateway: 'none', metadata: 'none' },
    capabilities: { structuredOutputModes: ['jsonSchema', 'jsonMode', 'promptOnly'], reportsUsage: true, reportsCost: false, reportsRouteIdentity: true },
  };
}

function merge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const current = out[key];
    if (value !== null && typeof value === 'object' && !Array.isArray(value) && current !== null && typeof current === 'object' && !Array.isArray(current)) {
      out[key] = merge(current as Record<string, unknown>, value as Record<string, unknown>);
    } else if (value === undefined) {
      delete out[key];
    } else {
      out[key] = value;
    }
  }
  return out;
}

export function testProfile(endpoint: string, patch: DeepPartial<Record<string, unknown>> = {}): LoadedProfile {
  return parseProfile(JSON.stringify(merge(baseProfileData(endpoint), patch as Record<string, unknown>)), 'test-profile.json');
}

export function testRequest(overrides: Partial<RuntimeRequest> = {}, mode: StructuredOutputMode = 'jsonSchema'): RuntimeRequest {
  return {
    contractVersion: '1',
    runId: 'run-1',
    contextId: 'sha256:context',
    task: 'version-analysis.v1',
    promptVersion: 'prompt.v1',
    systemPrompt: SYSTEM_PROMPT,
    userPrompt: USER_PROMPT,
    structuredOutput: { mode, name: 'version_analysis', schema: TEST_SCHEMA, schemaDigest: digestOf(TEST_SCHEMA), allowWeaker: false },
    budget: {},
    ...overrides,
  };
}
