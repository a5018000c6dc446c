import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuntimeCallOutcome } from '../../src/runtime/contract.js';
import { registerSecret, resetSecretsForTesting } from '../../src/shared/redaction.js';
import { TRACE_SCHEMA } from '../../src/report/trace-schema.js';
import { buildTrace, checkTrace, writeTrace } from '../../src/report/trace.js';
import { MODEL_DESCRIPTOR, ROUTING_FAILURE, normalOutcome, successfulCall } from './outcome-fixtures.js';

/** Not shaped like any known credential: only the registered-secret redaction can catch it. */
const CANARY = 'canary-value-7f3e9d2b';

afterEach(() => resetSecretsForTesting());

function modelOutcome() {
  const base = normalOutcome({ runtime: MODEL_DESCRIPTOR });
  const [first, second, third] = base.results;
  const failed: RuntimeCallOutcome = {
    ...successfulCall(third!),
    success: null,
    error: { code: 'ROUTING_POLICY_VIOLATION', message: `upstream echoed key ${CANARY} in its error`, retryable: false, status: 400 },
    failureTelemetry: {
      attempts: 2,
      requestedIdentity: MODEL_DESCRIPTOR.requestedIdentity,
      actualIdentity: { model: 'openai/gpt-5.5', provider: 'SomeOtherProvider' },
      timings: { totalMs: 5000, firstByteMs: null },
      usage: null,
      route: {
        gateway: 'openrouter',
        fallbackOccurred: true,
        gatewayAttempts: 2,
        transforms: ['middle-out'],
        generationId: null,
        gatewayDetails: { region: 'eu', echoed: `key=${CANARY}` },
      },
    },
  };
  return { ...base, calls: [successfulCall(second!), successfulCall(first!), failed], failClosed: ROUTING_FAILURE };
}

describe('trace schema', () => {
  it('docs/schemas/trace.schema.json is exactly the schema the code validates with', async () => {
    const published: unknown = JSON.parse(await readFile(new URL('../../docs/schemas/trace.schema.json', import.meta.url), 'utf8'));
    expect(published).toEqual(JSON.parse(JSON.stringify(TRACE_SCHEMA)));
  });
});

describe('buildTrace', () => {
  it('records one call per runtime call with identity, attempts, route, latency, usage and cost', () => {
    const trace = buildTrace(modelOutcome());
    expect(checkTrace(trace)).toEqual([]);
    expect(trace.profile).toEqual({
      id: 'openrouter-gpt',
      digest: MODEL_DESCRIPTOR.profileDigest,
      adapter: 'openai-compatible',
      mode: 'production',
      gateway: 'openrouter',
      routingPolicyDigest: MODEL_DESCRIPTOR.routingPolicyDigest,
    });
    expect(trace.calls).toHaveLength(3);
    expect(trace.calls.map((call) => call.contextId)).toEqual([...trace.calls.map((call) => call.contextId)].sort());
    const ok = trace.calls.find((call) => call.error === null)!;
    expect(ok).toMatchObject({
      requestedModel: 'openai/gpt-5.5',
      actualProvider: 'OpenAI',
      identityVerified: true,
      attempts: 1,
      retries: 0,
      fallbackOccurred: false,
      finishReason: 'stop',
      latency: { totalMs: 1835, firstByteMs: 912 },
      usage: { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, reasoningTokens: null, cachedInputTokens: null },
      costUsd: 0.0042,
      generationId: 'gen-123',
    });
    const failed = trace.calls.find((call) => call.error !== null)!;
    expect(failed).toMatchObject({
      actualProvider: 'SomeOtherProvider',
      attempts: 2,
      retries: 1,
      fallbackOccurred: true,
      transforms: ['middle-out'],
      gatewayDetails: { echoed: 'key=canary-value-7f3e9d2b', region: 'eu' },
      identityVerified: null,
      usage: null,
      costUsd: null,
      latency: { totalMs: 5000, firstByteMs: null },
      error: { code: 'ROUTING_POLICY_VIOLATION', retryable: false, status: 400 },
    });
  });

  it('redacts a registered secret and bearer credentials; carries no prompt, output or evidence text', async () => {
    registerSecret(CANARY);
    const outcome = modelOutcome();
    const trace = buildTrace(outcome);
    const directory = await mkdtemp(join(tmpdir(), 'depverdict-trace-'));
    try {
      const path = await writeTrace(directory, trace);
      const text = await readFile(path, 'utf8');
      expect(text).not.toContain(CANARY);
      expect(text).toContain('***');
      expect(text).not.toContain('MODEL OUTPUT TEXT');
      expect(text).not.toContain('app.del()');
      expect(text).not.toContain('notes for express');
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('rejects an invalid trace before writing', async () => {
    const trace = { ...buildTrace(modelOutcome()), prompt: 'You are a helpful assistant' };
    await expect(writeTrace(tmpdir(), trace)).rejects.toThrow(/trace\.json failed validation/);
  });
});
