/**
 * The documented example profiles (docs/examples/profiles/) and the loopback test profiles
 * (test/fixtures/profiles/) are real, valid profiles, and the examples' locks actually fail
 * closed: each example, pointed at a loopback fake instead of its real endpoint, accepts
 * the route it documents and rejects the deviations it promises to reject.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeError } from '../../src/runtime/contract.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { loadProfile, parseProfile, type LoadedProfile } from '../../src/runtime/profiles/load-profile.js';
import { completion, FakeOpenAiServer, type ScriptedReply } from '../fakes/fake-openai-server.js';
import { LOOPBACK_PROFILES, loopbackProfileText, PROFILE_FIXTURE_DIRECTORY } from '../fixtures/profiles/loopback-profiles.js';
import { testRequest } from '../runtime/profile-builders.js';
import { REPO_ROOT } from './run-built-action.js';

const EXAMPLES = ['openrouter-locked', 'litellm-proxy', 'ollama-local'] as const;
const examplePath = (name: string) => join('docs', 'examples', 'profiles', `${name}.yml`);
const API_KEY = 'sk-example-profile-test-0123456789';

describe('example profiles load', () => {
  for (const name of EXAMPLES) {
    it(`${name} is a valid profile`, async () => {
      const loaded = await loadProfile(examplePath(name), { cwd: REPO_ROOT });
      expect(loaded.digest).toMatch(/^sha256:[a-f0-9]{64}$/);
      expect(loaded.profile.identity.allowUnknown).toBe(false);
      expect(loaded.profile.mode).toBe('production');
    });
  }

  it('the OpenRouter example pins one provider with no fallback and asks for route metadata', async () => {
    const { profile } = await loadProfile(examplePath('openrouter-locked'), { cwd: REPO_ROOT });
    expect(profile.routing.bodyExtras?.provider).toEqual({ only: ['openai'], allow_fallbacks: false, require_parameters: true });
    expect(profile.routing.bodyExtras?.transforms).toEqual([]);
    expect(profile.routing.headers?.['X-OpenRouter-Metadata']).toBe('enabled');
    expect(profile.identity.provider?.exact).toBe('OpenAI');
  });

  for (const [name, file] of Object.entries(LOOPBACK_PROFILES)) {
    it(`the loopback test profile ${name} is valid as committed and after its origin is rewritten`, async () => {
      await expect(loadProfile(join(PROFILE_FIXTURE_DIRECTORY, file), { cwd: REPO_ROOT })).resolves.toBeDefined();
      const rewritten = parseProfile(loopbackProfileText(name as keyof typeof LOOPBACK_PROFILES, 'http://127.0.0.1:4567'), file);
      expect(rewritten.profile.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:4567\//);
    });
  }

  it('allowUnknown is refused outside development, naming the key and the fix', () => {
    const text = readFileSync(join(REPO_ROOT, examplePath('ollama-local')), 'utf8').replace('allowUnknown: false', 'allowUnknown: true');
    expect(() => parseProfile(text, 'ollama-local.yml')).toThrow(/identity\.allowUnknown: may only be true when mode is development/);
  });
});

describe('example profiles fail closed as documented', () => {
  let server: FakeOpenAiServer;
  beforeEach(async () => {
    server = await FakeOpenAiServer.start();
  });
  afterEach(async () => {
    await server.close();
  });

  /** The example with its endpoint pointed at the loopback fake; everything else unchanged. */
  function exampleAtLoopback(name: (typeof EXAMPLES)[number]): LoadedProfile {
    const text = readFileSync(join(REPO_ROOT, examplePath(name)), 'utf8').replace(/^endpoint: .*$/m, `endpoint: ${server.endpoint}`);
    return parseProfile(text, `${name}.yml`);
  }

  async function outcomeOf(profile: LoadedProfile, reply: ScriptedReply): Promise<string> {
    server.enqueue(reply);
    try {
      const success = await createRuntime(profile, { apiKey: API_KEY, env: {} }).generateStructured(testRequest());
      return success.identityVerified ? 'verified' : 'unverified';
    } catch (error) {
      if (error instanceof RuntimeError) return error.code;
      throw error;
    }
  }

  const openRouterMetadata = (metadata: Record<string, unknown>) => ({ openrouter_metadata: metadata });
  const openRouterCases: Array<[string, ScriptedReply, string]> = [
    ['the locked route', { body: completion({ model: 'openai/gpt-4o-mini', provider: 'OpenAI', extra: openRouterMetadata({ attempts: 1 }) }) }, 'verified'],
    ['another model', { body: completion({ model: 'openai/gpt-4o', provider: 'OpenAI' }) }, 'IDENTITY_MISMATCH'],
    ['another provider', { body: completion({ model: 'openai/gpt-4o-mini', provider: 'Azure' }) }, 'IDENTITY_MISMATCH'],
    ['no provider named', { body: completion({ model: 'openai/gpt-4o-mini' }) }, 'IDENTITY_MISMATCH'],
    ['a fallback', { body: completion({ model: 'openai/gpt-4o-mini', provider: 'OpenAI', extra: openRouterMetadata({ fallback_used: true }) }) }, 'ROUTING_POLICY_VIOLATION'],
    ['a transform', { body: completion({ model: 'openai/gpt-4o-mini', provider: 'OpenAI', extra: openRouterMetadata({ transforms: ['middle-out'] }) }) }, 'ROUTING_POLICY_VIOLATION'],
  ];
  for (const [what, reply, expected] of openRouterCases) {
    it(`OpenRouter example: ${what} → ${expected}`, async () => {
      expect(await outcomeOf(exampleAtLoopback('openrouter-locked'), reply)).toBe(expected);
      // The lock itself travels in the request.
      expect(server.requests[0]?.body?.provider).toEqual({ only: ['openai'], allow_fallbacks: false, require_parameters: true });
    });
  }

  const litellmHeaders = { 'x-litellm-model-id': 'azure-gpt-4o-mini-eastus', 'x-litellm-attempted-retries': '0', 'x-litellm-attempted-fallbacks': '0' };
  const litellmCases: Array<[string, ScriptedReply, string]> = [
    ['the locked deployment', { headers: litellmHeaders, body: completion({ model: 'depverdict-analysis' }) }, 'verified'],
    ['another deployment', { headers: { ...litellmHeaders, 'x-litellm-model-id': 'openai-gpt-4o-mini-backup' }, body: completion({ model: 'depverdict-analysis' }) }, 'IDENTITY_MISMATCH'],
    ['no deployment id', { body: completion({ model: 'depverdict-analysis' }) }, 'IDENTITY_MISMATCH'],
    ['an internal fallback', { headers: { ...litellmHeaders, 'x-litellm-attempted-fallbacks': '1' }, body: completion({ model: 'depverdict-analysis' }) }, 'ROUTING_POLICY_VIOLATION'],
    ['an internal retry', { headers: { ...litellmHeaders, 'x-litellm-attempted-retries': '2' }, body: completion({ model: 'depverdict-analysis' }) }, 'ROUTING_POLICY_VIOLATION'],
  ];
  for (const [what, reply, expected] of litellmCases) {
    it(`LiteLLM example: ${what} → ${expected}`, async () => {
      expect(await outcomeOf(exampleAtLoopback('litellm-proxy'), reply)).toBe(expected);
    });
  }

  const ollamaCases: Array<[string, ScriptedReply, string]> = [
    ['the pinned tag', { body: completion({ model: 'qwen3:8b' }) }, 'verified'],
    ['another tag', { body: completion({ model: 'qwen3:latest' }) }, 'IDENTITY_MISMATCH'],
    ['no model named', { body: completion({ model: null }) }, 'IDENTITY_MISMATCH'],
  ];
  for (const [what, reply, expected] of ollamaCases) {
    it(`Ollama example: ${what} → ${expected}`, async () => {
      expect(await outcomeOf(exampleAtLoopback('ollama-local'), reply)).toBe(expected);
      // auth.scheme none: no credential is sent even when one is configured.
      expect(server.requests[0]?.headers.authorization).toBeUndefined();
    });
  }
});
