import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RuntimeError, type RuntimeErrorCode, type RuntimeSuccess } from '../../src/runtime/contract.js';
import { createOpenAiCompatibleRuntime, type RuntimeOptions } from '../../src/runtime/openai-compatible-runtime.js';
import { parseProfile, type LoadedProfile } from '../../src/runtime/profiles/load-profile.js';
import { digestOf } from '../../src/shared/canonical-json.js';
import type { Logger } from '../../src/shared/logger.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { completion, FakeOpenAiServer, oversizedCompletion, type ScriptedReply } from '../fakes/fake-openai-server.js';
import { CANARY_KEY, SYSTEM_PROMPT, TEST_SCHEMA, USER_PROMPT, testProfile, testRequest } from './profile-builders.js';

const fixturesDirectory = resolve(import.meta.dirname, '../fixtures/requests');

let server: FakeOpenAiServer;
let logLines: string[];
let sleeps: number[];

/** TEST DOUBLE: a logger that records every line for leak assertions. */
function recordingLogger(): Logger {
  const push = (level: string) => (message: string) => logLines.push(`${level}: ${message}`);
  return { debug: push('debug'), info: push('info'), warning: push('warning'), error: push('error') };
}

function runtimeFor(profile: LoadedProfile, options: RuntimeOptions = {}) {
  return createOpenAiCompatibleRuntime(profile, {
    apiKey: CANARY_KEY,
    env: {},
    logger: recordingLogger(),
    // Records requested delays instead of waiting.
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...options,
  });
}

async function failureOf(promise: Promise<unknown>): Promise<RuntimeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RuntimeError);
    return error as RuntimeError;
  }
  throw new Error('expected the runtime call to fail');
}

/** Nothing that leaves the runtime may contain the key or the prompt. */
function expectNoLeak(error: RuntimeError): void {
  const surfaces = [error.message, JSON.stringify(error.telemetry), logLines.join('\n')];
  for (const surface of surfaces) {
    expect(surface).not.toContain(CANARY_KEY);
    expect(surface).not.toContain('SECRET-PROMPT-MARKER');
    expect(surface).not.toContain(SYSTEM_PROMPT);
  }
}

beforeAll(async () => {
  server = await FakeOpenAiServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  logLines = [];
  sleeps = [];
});
afterEach(() => {
  resetSecretsForTesting();
  expect(server.pendingReplies, 'every scripted reply is consumed').toBe(0);
});

describe('success mapping', () => {
  it('returns the output text, identity, usage and telemetry', async () => {
    server.enqueue({
      body: completion({
        content: '{"summary":"ok","refs":[],"uniqueItems":false}',
        model: 'test-model',
        usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150, prompt_tokens_details: { cached_tokens: 20 }, completion_tokens_details: { reasoning_tokens: 5 } },
        id: 'chatcmpl-abc',
      }),
    });
    const runtime = runtimeFor(testProfile(server.endpoint));
    const result = await runtime.generateStructured(testRequest());
    expect(result.outputText).toBe('{"summary":"ok","refs":[],"uniqueItems":false}');
    expect(result.finishReason).toBe('stop');
    expect(result.actualIdentity).toEqual({ model: 'test-model', provider: null });
    expect(result.requestedIdentity).toEqual({ model: 'test-model', provider: null });
    expect(result.identityVerified).toBe(true);
    expect(result.usage).toEqual({ inputTokens: 120, outputTokens: 30, totalTokens: 150, reasoningTokens: 5, cachedInputTokens: 20, costUsd: null });
    expect(result.execution).toMatchObject({ attempts: 1, retries: 0, effectiveSchemaMode: 'jsonSchema', projection: null, sentSchemaDigest: digestOf(TEST_SCHEMA) });
    expect(result.execution.route).toEqual({ gateway: 'none', fallbackOccurred: false, gatewayAttempts: null, transforms: [], generationId: 'chatcmpl-abc' });
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(0);
    expect(result.timings.firstByteMs).not.toBeNull();
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('keeps unknown usage as null, never 0', async () => {
    server.enqueue({ body: completion({ usage: null }) }, { body: completion({ usage: { prompt_tokens: 3, total_tokens: 'many' } }) });
    const runtime = runtimeFor(testProfile(server.endpoint));
    expect((await runtime.generateStructured(testRequest())).usage).toEqual({
      inputTokens: null, outputTokens: null, totalTokens: null, reasoningTokens: null, cachedInputTokens: null, costUsd: null,
    });
    expect((await runtime.generateStructured(testRequest())).usage).toMatchObject({ inputTokens: 3, outputTokens: null, totalTokens: null });
  });

  it('reads OpenRouter provider, cost and route metadata', async () => {
    server.enqueue({
      body: completion({
        model: 'openai/gpt-4o-mini',
        provider: 'OpenAI',
        id: 'gen-123',
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15, cost: 0.00042 },
        extra: { openrouter_metadata: { attempts: [{ provider: 'OpenAI' }], strategy: 'only', transforms: [] } },
      }),
    });
    const profile = testProfile(server.endpoint, {
      model: 'openai/gpt-4o-mini',
      identity: { model: { exact: 'openai/gpt-4o-mini' }, provider: { exact: 'OpenAI' }, allowUnknown: false },
      routing: { gateway: 'openrouter', metadata: 'openrouter', bodyExtras: { provider: { only: ['openai'], allow_fallbacks: false } }, headers: { 'X-OpenRouter-Metadata': 'enabled' } },
    });
    const result = await runtimeFor(profile).generateStructured(testRequest());
    expect(result.actualIdentity).toEqual({ model: 'openai/gpt-4o-mini', provider: 'OpenAI' });
    expect(result.requestedIdentity).toEqual({ model: 'openai/gpt-4o-mini', provider: 'OpenAI' });
    expect(result.usage.costUsd).toBe(0.00042);
    expect(result.execution.route).toMatchObject({ gateway: 'openrouter', gatewayAttempts: 1, fallbackOccurred: false, generationId: 'gen-123', gatewayDetails: { strategy: 'only' } });
    const sent = server.requests[0]!;
    expect(sent.body?.provider).toEqual({ only: ['openai'], allow_fallbacks: false });
    expect(sent.headers['x-openrouter-metadata']).toBe('enabled');
  });

  it('reads LiteLLM route headers and cost', async () => {
    server.enqueue({
      headers: { 'x-litellm-call-id': 'call-7', 'x-litellm-model-id': 'deploy-1', 'x-litellm-response-cost': '0.0031', 'x-litellm-attempted-retries': '0', 'x-litellm-attempted-fallbacks': '0', 'x-litellm-model-api-base': 'https://internal.example.test' },
      body: completion(),
    });
    const profile = testProfile(server.endpoint, { routing: { gateway: 'litellm', metadata: 'litellm' } });
    const result = await runtimeFor(profile).generateStructured(testRequest());
    expect(result.usage.costUsd).toBe(0.0031);
    expect(result.execution.route.generationId).toBe('call-7');
    expect(result.execution.route.gatewayAttempts).toBe(1);
    expect(result.execution.route.gatewayDetails?.['x-litellm-model-id']).toBe('deploy-1');
    expect(JSON.stringify(result)).not.toContain('internal.example.test');
  });

  it('sends the api key in a custom header when auth.scheme is header, and the env secret when no input is given', async () => {
    const profile = testProfile(server.endpoint, { auth: { scheme: 'header', secretEnv: 'TEST_API_KEY', headerName: 'api-key' } });
    await runtimeFor(profile, { apiKey: undefined, env: { TEST_API_KEY: 'env-secret-value-123' } }).generateStructured(testRequest());
    expect(server.requests[0]!.headers['api-key']).toBe('env-secret-value-123');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('request bodies per structured output mode', () => {
  const cases: Array<{ fixture: string; mode: 'jsonSchema' | 'jsonMode' | 'promptOnly'; patch: Record<string, unknown> }> = [
    { fixture: 'json-schema-exact.json', mode: 'jsonSchema', patch: {} },
    {
      fixture: 'json-schema-projection.json',
      mode: 'jsonSchema',
      patch: { structuredOutput: { mode: 'jsonSchema', strict: true, projection: { name: 'openai-strict', dropKeywords: ['uniqueItems'] } } },
    },
    { fixture: 'json-mode.json', mode: 'jsonMode', patch: { structuredOutput: { mode: 'jsonMode', strict: false }, generation: { maxTokensField: 'max_tokens', temperature: undefined, seed: undefined, topP: 0.9 } } },
    { fixture: 'prompt-only.json', mode: 'promptOnly', patch: { structuredOutput: { mode: 'promptOnly', strict: false } } },
  ];

  for (const testCase of cases) {
    it(`${testCase.mode} → ${testCase.fixture}`, async () => {
      const result = await runtimeFor(testProfile(server.endpoint, testCase.patch)).generateStructured(testRequest({}, testCase.mode));
      const sent = server.requests[0]!;
      const path = join(fixturesDirectory, testCase.fixture);
      if (process.env.UPDATE_REQUEST_FIXTURES === '1') await writeFile(path, `${JSON.stringify(sent.body, null, 2)}\n`);
      // Byte-exact, key order included: the fixture re-serialised compactly is the wire body.
      expect(sent.rawBody).toBe(JSON.stringify(JSON.parse(await readFile(path, 'utf8'))));
      expect(result.execution.effectiveSchemaMode).toBe(testCase.mode);
    });
  }

  it('records the projection and the digest of the schema actually sent', async () => {
    const profile = testProfile(server.endpoint, { structuredOutput: { mode: 'jsonSchema', strict: true, projection: { name: 'openai-strict', dropKeywords: ['uniqueItems'] } } });
    const request = testRequest();
    const result = await runtimeFor(profile).generateStructured(request);
    const sentSchema = (server.requests[0]!.body?.response_format as { json_schema: { schema: unknown } }).json_schema.schema;
    expect(result.execution.projection).toBe('openai-strict');
    expect(result.execution.sentSchemaDigest).toBe(digestOf(sentSchema));
    expect(result.execution.sentSchemaDigest).not.toBe(request.structuredOutput.schemaDigest);
    // The exact schema handed in is untouched.
    expect((TEST_SCHEMA.properties as Record<string, Record<string, unknown>>).refs!.uniqueItems).toBe(true);
  });

  it('caps the output tokens at the profile limit and sends routing extras', async () => {
    const profile = testProfile(server.endpoint, { routing: { gateway: 'openrouter', metadata: 'none', bodyExtras: { transforms: [], usage: { include: true } } } });
    await runtimeFor(profile).generateStructured(testRequest({ budget: { maxOutputTokens: 100_000 } }));
    expect(server.requests[0]!.body).toMatchObject({ max_completion_tokens: 512, transforms: [], usage: { include: true }, stream: false });
    await runtimeFor(profile).generateStructured(testRequest({ budget: { maxOutputTokens: 64 } }));
    expect(server.requests[1]!.body?.max_completion_tokens).toBe(64);
  });

  it('warns when the schema uses keywords the profile cannot enforce', async () => {
    const profile = testProfile(server.endpoint, { capabilities: { jsonSchemaKeywords: { unsupported: ['uniqueItems'] } } });
    const result = await runtimeFor(profile).generateStructured(testRequest());
    expect(result.warnings.join('\n')).toContain('does not enforce JSON Schema keyword(s) uniqueItems');
  });
});

interface ErrorCase {
  name: string;
  reply: ScriptedReply;
  code: RuntimeErrorCode;
  retryable: boolean;
  status?: number | null;
}

const errorCases: ErrorCase[] = [
  { name: '401 with an OpenAI envelope', reply: { status: 401, body: { error: { message: 'Incorrect API key provided: sk-canary-9f8e7d6c5b4a39281706', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } }, code: 'AUTH_ERROR', retryable: false, status: 401 },
  { name: '401 with a string error (vLLM)', reply: { status: 401, body: { error: 'Unauthorized' } }, code: 'AUTH_ERROR', retryable: false },
  { name: '402 OpenRouter credits', reply: { status: 402, body: { error: { code: 402, message: 'Insufficient credits', metadata: { hint: 'add credits' } } } }, code: 'INSUFFICIENT_CREDIT', retryable: false },
  { name: '403 moderation', reply: { status: 403, body: { error: { code: 403, message: 'flagged by moderation' } } }, code: 'ACCESS_DENIED', retryable: false },
  { name: '404 model not found', reply: { status: 404, body: { error: { message: 'The model `x` does not exist.', type: 'NotFoundError', param: null, code: 404 } } }, code: 'MODEL_NOT_FOUND', retryable: false },
  { name: '400 LiteLLM invalid model name', reply: { status: 400, body: { error: { message: 'Invalid model name passed in model=x', type: 'invalid_request_error', param: 'model', code: '400' } } }, code: 'MODEL_NOT_FOUND', retryable: false },
  { name: '400 schema rejected', reply: { status: 400, body: { error: { message: "Invalid schema for response_format 'version_analysis': 'uniqueItems' is not permitted.", type: 'invalid_request_error', param: 'response_format', code: null } } }, code: 'SCHEMA_REJECTED', retryable: false },
  { name: '400 plain bad request (top-level envelope)', reply: { status: 400, body: { message: 'temperature out of range', type: 'BadRequestError', code: 400 } }, code: 'INVALID_REQUEST', retryable: false },
  { name: '413 payload too large', reply: { status: 413, body: 'Payload Too Large' }, code: 'INVALID_REQUEST', retryable: false },
  { name: '422 schema words', reply: { status: 422, body: { detail: 'guided_json schema could not be compiled' } }, code: 'SCHEMA_REJECTED', retryable: false },
  { name: '422 other', reply: { status: 422, body: { detail: 'messages must not be empty' } }, code: 'INVALID_REQUEST', retryable: false },
  { name: '409 unknown status', reply: { status: 409, body: { error: { message: 'conflict' } } }, code: 'UNKNOWN', retryable: false },
  { name: '429 with a LiteLLM string code', reply: { status: 429, body: { error: { message: 'litellm.RateLimitError: slow down', type: 'throttling', param: null, code: '429' } } }, code: 'RATE_LIMITED', retryable: true },
  { name: '500 provider error', reply: { status: 500, body: { error: { message: 'internal error' } } }, code: 'PROVIDER_ERROR', retryable: true },
  { name: '502 bad gateway (HTML body)', reply: { status: 502, body: '<html>bad gateway</html>' }, code: 'PROVIDER_UNAVAILABLE', retryable: true },
  { name: '503 no provider', reply: { status: 503, body: { error: { code: 503, message: 'No endpoints found matching your data policy' } } }, code: 'PROVIDER_UNAVAILABLE', retryable: true },
  { name: '504 gateway timeout', reply: { status: 504, body: { error: 'upstream timeout' } }, code: 'TIMEOUT', retryable: true },
  { name: '408 request timeout', reply: { status: 408, body: { error: { code: 408, message: 'timed out' } } }, code: 'TIMEOUT', retryable: true },
  { name: '200 with an embedded OpenRouter error', reply: { status: 200, body: { error: { code: 502, message: 'Provider returned error', metadata: { provider_name: 'X', raw: 'boom' } } } }, code: 'PROVIDER_UNAVAILABLE', retryable: true },
  { name: 'finish_reason length', reply: { body: completion({ finishReason: 'length' }) }, code: 'OUTPUT_TRUNCATED', retryable: false },
  { name: 'refusal', reply: { body: completion({ content: null, refusal: 'I cannot help with SECRET-PROMPT-MARKER' }) }, code: 'CONTENT_REFUSED', retryable: false },
  { name: 'content_filter', reply: { body: completion({ finishReason: 'content_filter' }) }, code: 'CONTENT_REFUSED', retryable: false },
  { name: 'tool calls', reply: { body: completion({ content: null, finishReason: 'tool_calls', toolCalls: [{ id: 't1', type: 'function', function: { name: 'f', arguments: '{}' } }] }) }, code: 'INVALID_RESPONSE', retryable: false },
  { name: 'empty content', reply: { body: completion({ content: '   ' }) }, code: 'INVALID_RESPONSE', retryable: false },
  { name: 'missing content', reply: { body: completion({ content: null }) }, code: 'INVALID_RESPONSE', retryable: false },
  { name: 'two choices', reply: { body: completion({ choiceCount: 2 }) }, code: 'INVALID_RESPONSE', retryable: false },
  { name: 'no choices', reply: { body: { id: 'x', model: 'test-model', choices: [] } }, code: 'INVALID_RESPONSE', retryable: false },
  { name: 'truncated JSON envelope', reply: { body: '{"id":"x","choices":[{"message":{"content":"{' }, code: 'INVALID_RESPONSE', retryable: false },
  { name: 'redirect', reply: { status: 307, headers: { location: 'https://elsewhere.example.test/v1/chat/completions' }, body: '' }, code: 'INVALID_RESPONSE', retryable: false, status: 307 },
  { name: 'oversized body', reply: { body: oversizedCompletion(200 * 1024) }, code: 'RESPONSE_TOO_LARGE', retryable: false },
  { name: 'another model answered', reply: { body: completion({ model: 'cheaper-model' }) }, code: 'IDENTITY_MISMATCH', retryable: false },
  { name: 'no model named (production)', reply: { body: completion({ model: null }) }, code: 'IDENTITY_MISMATCH', retryable: false },
];

describe('error mapping through real HTTP', () => {
  for (const testCase of errorCases) {
    it(`${testCase.name} → ${testCase.code}`, async () => {
      // One attempt so the case tests classification alone; retries are tested below.
      const profile = testProfile(server.endpoint, { retry: { maxAttempts: 1 } });
      server.enqueue(testCase.reply);
      const error = await failureOf(runtimeFor(profile).generateStructured(testRequest()));
      expect(error.code).toBe(testCase.code);
      expect(error.retryable).toBe(testCase.retryable);
      if (testCase.status !== undefined) expect(error.status).toBe(testCase.status);
      expect(error.telemetry?.attempts).toBe(1);
      expect(error.telemetry?.requestedIdentity).toEqual({ model: 'test-model', provider: null });
      expect(server.requests).toHaveLength(1);
      expectNoLeak(error);
    });
  }

  it('reports the identity it saw when another model answered', async () => {
    server.enqueue({ body: completion({ model: 'cheaper-model', usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }) });
    const error = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest()));
    expect(error.telemetry?.actualIdentity).toEqual({ model: 'cheaper-model', provider: null });
    expect(error.telemetry?.usage?.totalTokens).toBe(3);
    expect(error.message).toContain('"cheaper-model" answered');
  });

  it('scrubs a prompt echoed in a provider error message', async () => {
    server.enqueue({ status: 400, body: { error: { message: `context too long: ${USER_PROMPT}` } } });
    const error = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest()));
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.message).toContain('[prompt]');
    expectNoLeak(error);
  });

  it('maps a connection reset to NETWORK_ERROR and retries it', async () => {
    server.enqueue({ reset: 'before-headers' }, { reset: 'mid-body' }, { body: completion() });
    const result = await runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest());
    expect(result.execution.attempts).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it('fails with NETWORK_ERROR after the last attempt', async () => {
    server.enqueue({ reset: 'before-headers' }, { reset: 'before-headers' }, { reset: 'before-headers' });
    const error = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest()));
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.telemetry?.attempts).toBe(3);
    expectNoLeak(error);
  });
});

describe('retries', () => {
  it('honours retry-after-ms, seconds and HTTP dates, capped by maxRetryAfterMs', async () => {
    const inTwoSeconds = new Date(Date.now() + 2_000).toUTCString();
    server.enqueue(
      { status: 429, headers: { 'retry-after-ms': '1500' }, body: { error: { message: 'slow down' } } },
      { status: 503, headers: { 'retry-after': '3600' }, body: { error: { message: 'busy' } } },
      { status: 429, headers: { 'retry-after': inTwoSeconds }, body: { error: { message: 'slow down' } } },
      { body: completion() },
    );
    const profile = testProfile(server.endpoint, { retry: { maxAttempts: 4 } });
    const result = await runtimeFor(profile).generateStructured(testRequest({ correlation: { dependency: 'express 4.21.2 → 5.1.0' } }));
    expect(result.execution).toMatchObject({ attempts: 4, retries: 3 });
    // Retry-After plus jitter of up to a tenth of it (the default random is 0.5 here).
    expect(sleeps[0]).toBe(1575);
    expect(sleeps[1]).toBe(5000); // 3600 s asked, capped at maxRetryAfterMs
    expect(sleeps[2]).toBeGreaterThan(0);
    expect(sleeps[2]).toBeLessThanOrEqual(2200);
    // Every attempt sent exactly the same body.
    expect(new Set(server.requests.map((request) => request.rawBody)).size).toBe(1);
    // The retry line names the bump it is about; the label is never sent to the provider.
    expect(logLines).toContain('info: runtime test-profile: attempt 1 of 4 for express 4.21.2 → 5.1.0 failed with RATE_LIMITED; retrying in 1575 ms');
    expect(server.requests.every((request) => !request.rawBody.includes('express 4.21.2'))).toBe(true);
  });

  it('backs off exponentially with jitter when no Retry-After is given', async () => {
    server.enqueue({ status: 500, body: {} }, { status: 502, body: {} }, { body: completion() });
    await runtimeFor(testProfile(server.endpoint), { random: () => 1 }).generateStructured(testRequest());
    expect(sleeps).toEqual([100, 200]);
  });

  it('gives up after maxAttempts with the last error and its attempt count', async () => {
    server.enqueue({ status: 429, body: {} }, { status: 429, body: {} }, { status: 429, body: {} }, { body: completion() });
    const error = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest()));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.telemetry?.attempts).toBe(3);
    expect(server.requests).toHaveLength(3);
    // The 4th scripted reply was never requested.
    expect(server.pendingReplies).toBe(1);
    server.reset();
  });

  it('does not retry a code the profile does not list', async () => {
    server.enqueue({ status: 429, body: {} });
    const profile = testProfile(server.endpoint, { retry: { retryOn: ['NETWORK_ERROR'] } });
    const error = await failureOf(runtimeFor(profile).generateStructured(testRequest()));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.telemetry?.attempts).toBe(1);
    expect(sleeps).toEqual([]);
  });

  const neverRetried: Array<[string, ScriptedReply, RuntimeErrorCode]> = [
    ['400', { status: 400, body: { error: { message: 'bad' } } }, 'INVALID_REQUEST'],
    ['401', { status: 401, body: { error: { message: 'no' } } }, 'AUTH_ERROR'],
    ['schema', { status: 400, body: { error: { message: 'Invalid schema for response_format' } } }, 'SCHEMA_REJECTED'],
    ['identity', { body: completion({ model: 'other' }) }, 'IDENTITY_MISMATCH'],
    ['truncation', { body: completion({ finishReason: 'length' }) }, 'OUTPUT_TRUNCATED'],
  ];
  for (const [name, reply, code] of neverRetried) {
    it(`never retries ${name}`, async () => {
      server.enqueue(reply);
      const error = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest()));
      expect(error.code).toBe(code);
      expect(server.requests).toHaveLength(1);
      expect(sleeps).toEqual([]);
    });
  }
});

describe('deadline and cancellation', () => {
  it('fails with TIMEOUT when headers do not arrive before the total deadline', async () => {
    server.enqueue({ headersDelayMs: 5_000, body: completion() });
    const profile = testProfile(server.endpoint, { limits: { timeoutMs: 300 } });
    const error = await failureOf(runtimeFor(profile).generateStructured(testRequest()));
    expect(error.code).toBe('TIMEOUT');
    expect(error.retryable).toBe(false);
    expect(error.telemetry?.attempts).toBe(1);
    expectNoLeak(error);
  });

  it('fails with TIMEOUT when a slow body outlasts the deadline (request budget below the profile)', async () => {
    server.enqueue({ drip: { chunkBytes: 8, intervalMs: 100 }, body: completion() });
    const error = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest({ budget: { timeoutMs: 300 } })));
    expect(error.code).toBe('TIMEOUT');
  });

  it('reads a slow body that finishes in time', async () => {
    server.enqueue({ drip: { chunkBytes: 64, intervalMs: 5 }, body: completion() });
    const result = await runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest());
    expect(result.outputText).toBe('{"ok":true}');
  });

  it('fails with CANCELLED when the caller aborts mid-request', async () => {
    server.enqueue({ headersDelayMs: 5_000, body: completion() });
    const controller = new AbortController();
    const pending = runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest({ signal: controller.signal }));
    setTimeout(() => controller.abort(), 50);
    const error = await failureOf(pending);
    expect(error.code).toBe('CANCELLED');
    expect(error.telemetry?.attempts).toBe(1);
  });

  it('fails with CANCELLED before sending when the signal is already aborted', async () => {
    const error = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest({ signal: AbortSignal.abort() })));
    expect(error.code).toBe('CANCELLED');
    expect(server.requests).toHaveLength(0);
  });

  it('does not wait for a Retry-After that would cross the deadline', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '4' }, body: {} });
    const profile = testProfile(server.endpoint, { limits: { timeoutMs: 1_000 } });
    const error = await failureOf(runtimeFor(profile).generateStructured(testRequest()));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterMs).toBe(4000);
    expect(sleeps).toEqual([]);
  });
});

describe('capability and configuration checks before any request', () => {
  it('rejects a mode the profile cannot serve and a mode different from the profile', async () => {
    const promptOnlyProfile = testProfile(server.endpoint, { structuredOutput: { mode: 'promptOnly', strict: false }, capabilities: { structuredOutputModes: ['promptOnly'] } });
    const unsupported = await failureOf(runtimeFor(promptOnlyProfile).generateStructured(testRequest({}, 'jsonSchema')));
    expect(unsupported.code).toBe('STRUCTURED_OUTPUT_UNSUPPORTED');
    const mismatch = await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest({}, 'jsonMode')));
    expect(mismatch.code).toBe('CAPABILITY_MISMATCH');
    const weaker = testRequest();
    (weaker.structuredOutput as { allowWeaker: boolean }).allowWeaker = true;
    expect((await failureOf(runtimeFor(testProfile(server.endpoint)).generateStructured(weaker))).code).toBe('CAPABILITY_MISMATCH');
    expect(server.requests).toHaveLength(0);
    expect(unsupported.telemetry?.attempts).toBe(0);
  });

  it('requires the secret when auth needs one, naming the variable and how the caller takes a key', () => {
    const missingKeyError = (options: Parameters<typeof runtimeFor>[1]): RuntimeError => {
      try {
        runtimeFor(testProfile(server.endpoint), options);
      } catch (error) {
        expect(error).toBeInstanceOf(RuntimeError);
        return error as RuntimeError;
      }
      throw new Error('expected a missing-key error');
    };
    const plain = missingKeyError({ apiKey: undefined, env: {} });
    expect(plain.code).toBe('CONFIGURATION_ERROR');
    expect(plain.message).toMatch(/needs an API key .* set the TEST_API_KEY environment variable \(the profile's auth.secretEnv\)$/);
    // The runtime does not know whether an action or a CLI runs it: the caller names its own way.
    expect(plain.message).not.toContain('api-key input');
    const withSource = missingKeyError({ apiKey: undefined, env: {}, explicitKeySource: 'pass one in the api-key input' });
    expect(withSource.message).toMatch(/set the TEST_API_KEY environment variable \(the profile's auth.secretEnv\), or pass one in the api-key input$/);
  });

  it('sends no authorization header when auth.scheme is none', async () => {
    const profile = testProfile(server.endpoint, { auth: { scheme: 'none', secretEnv: undefined } });
    await runtimeFor(profile).generateStructured(testRequest());
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('identity and routing policy', () => {
  it('allows unknown identity only in development, marking it unverified', async () => {
    server.enqueue({ body: completion({ model: null }) });
    const profile = testProfile(server.endpoint, { mode: 'development', identity: { model: { exact: 'test-model' }, allowUnknown: true } });
    const result: RuntimeSuccess = await runtimeFor(profile).generateStructured(testRequest());
    expect(result.identityVerified).toBe(false);
    expect(result.warnings.join('\n')).toContain('identity is unverified');
  });

  it('flags 9Router usage as inflated instead of passing it off as the model count', async () => {
    server.enqueue({ body: completion({ model: null, usage: { prompt_tokens: 2011, completion_tokens: 7, total_tokens: 2018 } }) });
    const profile = testProfile(server.endpoint, {
      mode: 'development',
      routing: { gateway: '9router', metadata: 'none' },
      identity: { model: { exact: 'test-model' }, allowUnknown: true },
      capabilities: { reportsRouteIdentity: false },
    });
    const result = await runtimeFor(profile).generateStructured(testRequest());
    expect(result.usage.inputTokens).toBe(2011);
    expect(result.warnings.join('\n')).toContain('usage inflated: 9Router reports about 2000 prompt tokens of its own');
  });

  it('never verifies the shipped 9router-dev profile, even when the echoed model name matches its pattern', async () => {
    // 9Router repeats the alias it was sent: a matching name is no proof of who served.
    server.enqueue({ body: completion({ model: 'openai/gpt-4o-mini' }) });
    const shipped = (await readFile(join(import.meta.dirname, '..', '..', 'profiles', '9router-dev.yml'), 'utf8')).replace(/^endpoint: .*$/m, `endpoint: ${server.endpoint}`);
    const result = await runtimeFor(parseProfile(shipped, '9router-dev.yml')).generateStructured(testRequest());
    expect(result.actualIdentity.model).toBe('openai/gpt-4o-mini');
    expect(result.identityVerified).toBe(false);
    expect(result.warnings.join('\n')).toContain('unverified route: profile 9router-dev declares that its route does not report which model served');
  });

  it('still fails a reported mismatch in development', async () => {
    server.enqueue({ body: completion({ model: 'other-model' }) });
    const profile = testProfile(server.endpoint, { mode: 'development', identity: { model: { exact: 'test-model' }, allowUnknown: true } });
    expect((await failureOf(runtimeFor(profile).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
  });

  it('accepts a dated snapshot through an anchored pattern but not a longer name', async () => {
    const profile = testProfile(server.endpoint, { model: 'gpt-4o-mini', identity: { model: { exact: undefined, pattern: 'gpt-4o-mini(-\\d{4}-\\d{2}-\\d{2})?' }, allowUnknown: false } });
    server.enqueue({ body: completion({ model: 'gpt-4o-mini-2024-07-18' }) }, { body: completion({ model: 'gpt-4o-mini-2024-07-18-extra' }) });
    expect((await runtimeFor(profile).generateStructured(testRequest())).identityVerified).toBe(true);
    expect((await failureOf(runtimeFor(profile).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
  });

  it('fails a locked provider when the provider differs or is missing', async () => {
    const profile = testProfile(server.endpoint, { identity: { model: { exact: 'test-model' }, provider: { exact: 'OpenAI' }, allowUnknown: false }, routing: { gateway: 'openrouter', metadata: 'openrouter' } });
    server.enqueue({ body: completion({ provider: 'Azure' }) }, { body: completion() });
    expect((await failureOf(runtimeFor(profile).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
    expect((await failureOf(runtimeFor(profile).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
    expect(server.requests).toHaveLength(2);
  });

  it.each([
    ['a NUL byte', 'gpt-4o\u0000'],
    ['a trailing newline', 'gpt-4o\n'],
    ['a leading space', ' gpt-4o'],
    ['a tab inside', 'gpt-\t4o'],
    ['a zero-width space', 'gpt-4o\u200b'],
    ['a right-to-left override', 'gpt-4o\u202e'],
  ])('compares the raw model name: %s does not match exact "gpt-4o"', async (_label, model) => {
    const profile = testProfile(server.endpoint, { model: 'gpt-4o', identity: { model: { exact: 'gpt-4o' }, allowUnknown: false } });
    server.enqueue({ body: completion({ model }) });
    const error = await failureOf(runtimeFor(profile).generateStructured(testRequest()));
    expect(error.code).toBe('IDENTITY_MISMATCH');
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain(model);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a model name with control characters under a pattern and in development too', async () => {
    const patterned = testProfile(server.endpoint, { model: 'gpt-4o', identity: { model: { exact: undefined, pattern: 'gpt-4o.*' }, allowUnknown: false } });
    const development = testProfile(server.endpoint, { mode: 'development', identity: { model: { exact: 'test-model' }, allowUnknown: true } });
    server.enqueue({ body: completion({ model: 'gpt-4o\u0000' }) }, { body: completion({ model: 'test-model\u0000' }) });
    expect((await failureOf(runtimeFor(patterned).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
    expect((await failureOf(runtimeFor(development).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
  });

  it('compares the raw provider name: "OpenAI\\u0000" does not match exact "OpenAI"', async () => {
    const profile = testProfile(server.endpoint, { identity: { model: { exact: 'test-model' }, provider: { exact: 'OpenAI' }, allowUnknown: false }, routing: { gateway: 'openrouter', metadata: 'openrouter' } });
    server.enqueue({ body: completion({ provider: 'OpenAI\u0000' }) }, { body: completion({ provider: 'OpenAI ' }) }, { body: completion({ provider: 'OpenAI' }) });
    expect((await failureOf(runtimeFor(profile).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
    expect((await failureOf(runtimeFor(profile).generateStructured(testRequest()))).code).toBe('IDENTITY_MISMATCH');
    expect((await runtimeFor(profile).generateStructured(testRequest())).actualIdentity).toEqual({ model: 'test-model', provider: 'OpenAI' });
  });

  const routingCases: Array<[string, ScriptedReply, Record<string, unknown>]> = [
    ['OpenRouter attempts > 1', { body: completion({ provider: 'OpenAI', extra: { openrouter_metadata: { attempts: [{}, {}] } } }) }, { gateway: 'openrouter', metadata: 'openrouter' }],
    ['OpenRouter transforms', { body: completion({ extra: { openrouter_metadata: { transforms: ['middle-out'] } } }) }, { gateway: 'openrouter', metadata: 'openrouter' }],
    ['LiteLLM fallback', { headers: { 'x-litellm-attempted-fallbacks': '1' }, body: completion() }, { gateway: 'litellm', metadata: 'litellm' }],
    ['LiteLLM internal retry', { headers: { 'x-litellm-attempted-retries': '2' }, body: completion() }, { gateway: 'litellm', metadata: 'litellm' }],
  ];
  for (const [name, reply, routing] of routingCases) {
    it(`fails closed on ${name} in production, warns in development`, async () => {
      server.enqueue(reply, reply);
      const production = await failureOf(runtimeFor(testProfile(server.endpoint, { routing })).generateStructured(testRequest()));
      expect(production.code).toBe('ROUTING_POLICY_VIOLATION');
      expect(production.retryable).toBe(false);
      expect(production.telemetry?.route).not.toBeNull();
      expect(server.requests).toHaveLength(1);
      const development = await runtimeFor(testProfile(server.endpoint, { routing, mode: 'development' })).generateStructured(testRequest());
      expect(development.warnings.join('\n')).toContain('development mode');
    });
  }
});

describe('secret hygiene', () => {
  it('never logs the key or prompt on success or failure paths', async () => {
    server.enqueue({ status: 429, body: { error: { message: `quota for key ${CANARY_KEY}` } } }, { body: completion() });
    const result = await runtimeFor(testProfile(server.endpoint)).generateStructured(testRequest());
    const serialized = JSON.stringify(result) + logLines.join('\n');
    expect(serialized).not.toContain(CANARY_KEY);
    expect(serialized).not.toContain('SECRET-PROMPT-MARKER');
  });
});

describe('concurrency', () => {
  it('limits in-flight calls to limits.concurrency', async () => {
    const profile = testProfile(server.endpoint, { limits: { concurrency: 1 } });
    const runtime = runtimeFor(profile);
    server.enqueue({ headersDelayMs: 400, body: completion() }, { body: completion() });
    const first = runtime.generateStructured(testRequest());
    const second = runtime.generateStructured(testRequest());
    // Wait for the first request to arrive; the second must not be sent while it is in flight.
    while (server.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.requests).toHaveLength(1);
    await Promise.all([first, second]);
    expect(server.requests).toHaveLength(2);
  });
});
