/**
 * TEST HELPER: Deployment Profiles shaped like the shipped ones (OpenRouter locked, Ollama,
 * 9Router) but pointing at the fake server on loopback. Not shipped; lives only under test/.
 */
import { parseProfile, type LoadedProfile } from '../../src/runtime/profiles/load-profile.js';

export const CANARY_KEY = 'sk-canary-conformance-5e4d3c2b1a09';

const common = {
  adapter: 'openai-compatible',
  privacy: 'local',
  generation: { temperature: 0, maxOutputTokens: 1024, maxTokensField: 'max_completion_tokens' },
  limits: { timeoutMs: 10_000, maxResponseBytes: 256 * 1024, concurrency: 1 },
  // Deliberately generous: conformance must force a single attempt regardless.
  retry: { maxAttempts: 3, baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0, retryOn: ['RATE_LIMITED', 'PROVIDER_UNAVAILABLE', 'PROVIDER_ERROR', 'NETWORK_ERROR', 'TIMEOUT'] },
};

function load(data: Record<string, unknown>): LoadedProfile {
  return parseProfile(JSON.stringify(data), `${String(data.id)}.json`);
}

/** Like the seed report's configuration: OpenRouter, openai/gpt-5.5, locked, no projection. */
export function openRouterProfile(endpoint: string, options: { projection?: boolean } = {}): LoadedProfile {
  return load({
    ...common,
    id: options.projection ? 'openrouter-gpt55-projected' : 'openrouter-gpt55',
    endpoint,
    model: 'openai/gpt-5.5',
    auth: { scheme: 'bearer', secretEnv: 'OPENROUTER_API_KEY' },
    mode: 'production',
    structuredOutput: { mode: 'jsonSchema', strict: true, ...(options.projection ? { projection: { name: 'openai-strict', dropKeywords: ['uniqueItems'] } } : {}) },
    identity: { model: { pattern: 'openai/gpt-5\\.5(-\\d{4}-\\d{2}-\\d{2})?' }, provider: { exact: 'OpenAI' }, allowUnknown: false },
    routing: {
      gateway: 'openrouter',
      bodyExtras: { provider: { only: ['openai'], allow_fallbacks: false, require_parameters: true } },
      headers: { 'X-OpenRouter-Metadata': 'enabled' },
      metadata: 'openrouter',
    },
    capabilities: {
      structuredOutputModes: ['jsonSchema', 'jsonMode', 'promptOnly'],
      ...(options.projection ? { jsonSchemaKeywords: { unsupported: ['uniqueItems'] } } : {}),
      reportsUsage: true,
      reportsCost: true,
      reportsRouteIdentity: true,
    },
  });
}

/** Ollama-like; sends max_completion_tokens (which Ollama drops) and declares uniqueItems unenforced. */
export function ollamaProfile(endpoint: string): LoadedProfile {
  return load({
    ...common,
    id: 'ollama-probe',
    endpoint,
    model: 'qwen3:8b',
    auth: { scheme: 'none' },
    mode: 'production',
    structuredOutput: { mode: 'jsonSchema', strict: true },
    identity: { model: { exact: 'qwen3:8b' }, allowUnknown: false },
    routing: { gateway: 'none', metadata: 'none' },
    capabilities: {
      structuredOutputModes: ['jsonSchema', 'jsonMode', 'promptOnly'],
      jsonSchemaKeywords: { unsupported: ['uniqueItems', 'contains', 'not', 'if', 'then', 'else'] },
      reportsUsage: true,
      reportsCost: false,
      reportsRouteIdentity: true,
    },
  });
}

/** 9Router-like development profile; declares (truthfully) that route identity is not reported. */
export function nineRouterProfile(endpoint: string, overrides: { reportsUsage?: boolean } = {}): LoadedProfile {
  return load({
    ...common,
    id: '9router-probe',
    endpoint,
    model: 'openai/gpt-4o-mini',
    auth: { scheme: 'none' },
    mode: 'development',
    structuredOutput: { mode: 'jsonSchema', strict: true },
    identity: { model: { pattern: '(openai/)?gpt-4o-mini(-\\d{4}-\\d{2}-\\d{2})?' }, allowUnknown: true },
    routing: { gateway: '9router', metadata: 'none' },
    capabilities: {
      structuredOutputModes: ['jsonSchema', 'jsonMode', 'promptOnly'],
      reportsUsage: overrides.reportsUsage ?? false,
      reportsCost: false,
      reportsRouteIdentity: false,
    },
  });
}
