import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuntimeError } from '../../src/runtime/contract.js';
import { createRuntime } from '../../src/runtime/create-runtime.js';
import { describeProfile } from '../../src/runtime/descriptor.js';
import { loadProfile } from '../../src/runtime/profiles/load-profile.js';
import { resetSecretsForTesting, redact } from '../../src/shared/redaction.js';
import { FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { CANARY_KEY, testProfile, testRequest } from './profile-builders.js';

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await FakeOpenAiServer.start();
});
afterAll(async () => {
  await server.close();
  resetSecretsForTesting();
});

describe('createRuntime', () => {
  it('binds the extractive profile to the deterministic runtime', async () => {
    const runtime = createRuntime(await loadProfile('extractive', { cwd: tmpdir() }));
    expect(runtime.descriptor).toMatchObject({ profileId: 'extractive', adapter: 'extractive', deterministic: true, gateway: 'none', routingPolicyDigest: null });
  });

  it('binds an openai-compatible profile, registers the key for redaction and calls the endpoint', async () => {
    const loaded = testProfile(server.endpoint);
    const runtime = createRuntime(loaded, { apiKey: CANARY_KEY, env: {} });
    expect(runtime.descriptor).toEqual(describeProfile(loaded));
    expect(runtime.descriptor).toMatchObject({ adapter: 'openai-compatible', deterministic: false, profileDigest: loaded.digest, concurrency: 2 });
    expect(redact(`key ${CANARY_KEY}`)).toBe('key ***');
    const result = await runtime.generateStructured(testRequest());
    expect(result.outputText).toBe('{"ok":true}');
  });

  it('gives a gateway profile a routing policy digest', async () => {
    const openrouter = await loadProfile('openrouter-locked', { cwd: tmpdir() });
    const runtime = createRuntime(openrouter, { env: { OPENROUTER_API_KEY: 'or-test-key-123456' } });
    expect(runtime.descriptor.routingPolicyDigest).toMatch(/^sha256:/);
    expect(runtime.descriptor.requestedIdentity).toEqual({ model: 'openai/gpt-4o-mini', provider: 'OpenAI' });
  });

  it('fails with CONFIGURATION_ERROR when a shipped remote profile has no key', async () => {
    const openai = await loadProfile('openai', { cwd: tmpdir() });
    expect(() => createRuntime(openai, { env: {} })).toThrow(RuntimeError);
    expect(() => createRuntime(openai, { env: {} })).toThrow(/OPENAI_API_KEY/);
  });
});
