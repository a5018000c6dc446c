import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANDIDATE_SCHEMA, CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../../src/analysis/candidate-schema.js';
import { ConformanceError } from '../../src/conformance/conformance-error.js';
import { ISOLATION_SYSTEM_PROMPT, ISOLATION_USER_PROMPT, PROBE_SCHEMAS, TINY_USER_PROMPT, TRUNCATION_USER_PROMPT } from '../../src/conformance/probe-schemas.js';
import { evaluateQualification } from '../../src/conformance/qualification.js';
import { runConformance, type ConformanceOutcome } from '../../src/conformance/run-conformance.js';
import type { ConformanceDocument, ProbeId, ProbeResult } from '../../src/conformance/types.js';
import { RuntimeError } from '../../src/runtime/contract.js';
import { loadProfile, type LoadedProfile } from '../../src/runtime/profiles/load-profile.js';
import { projectSchema } from '../../src/runtime/schema-projection.js';
import { digestOf } from '../../src/shared/canonical-json.js';
import type { Logger } from '../../src/shared/logger.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { CANARY_KEY, nineRouterProfile, ollamaProfile, openRouterProfile } from './conformance-profiles.js';
import { nineRouter, ollamaQwen, openRouterGpt55, type Behaviour } from './provider-behaviours.js';

let server: FakeOpenAiServer;
let outDir: string;
let logLines: string[];
const FIXED_DATE = new Date('2026-07-15T17:36:38.582Z');

/** TEST DOUBLE: a logger that records every line for leak assertions. */
const logger: Logger = {
  debug: (message) => logLines.push(message),
  info: (message) => logLines.push(message),
  warning: (message) => logLines.push(message),
  error: (message) => logLines.push(message),
};

beforeAll(async () => {
  server = await FakeOpenAiServer.start();
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  server.reset();
  logLines = [];
  outDir = await mkdtemp(join(tmpdir(), 'depverdict-conformance-'));
});
afterEach(async () => {
  resetSecretsForTesting();
  expect(server.pendingReplies, 'every scripted reply is consumed').toBe(0);
  await rm(outDir, { recursive: true, force: true });
});

interface Run {
  outcome: ConformanceOutcome;
  document: ConformanceDocument;
  /** Probe ids in the order their requests were sent. */
  sent: ProbeId[];
  probe: (id: ProbeId) => ProbeResult;
  conclusion: (subject: string) => string;
}

async function run(profile: LoadedProfile, behaviour: Behaviour, extra: { maxRequests?: number; apiKey?: string } = {}): Promise<Run> {
  const sent: ProbeId[] = [];
  const outcome = await runConformance({
    profile,
    apiKey: extra.apiKey,
    env: {},
    outDir,
    logger,
    now: () => FIXED_DATE,
    maxRequests: extra.maxRequests,
    onProbeStart: ({ id }) => {
      sent.push(id);
      server.enqueue(behaviour(id));
    },
  });
  const document = JSON.parse(await readFile(outcome.jsonPath, 'utf8')) as ConformanceDocument;
  return {
    outcome,
    document,
    sent,
    probe: (id) => {
      const found = document.probes.find((result) => result.id === id);
      if (found === undefined) throw new Error(`no probe ${id}`);
      return found;
    },
    conclusion: (subject) => document.conclusions.find((conclusion) => conclusion.subject === subject)?.statement ?? `(no conclusion for ${subject})`,
  };
}

/** The JSON schema a recorded request carried in response_format. */
function sentSchema(index: number): Record<string, unknown> | undefined {
  const format = server.requests[index]?.body?.response_format as { json_schema?: { schema?: Record<string, unknown> } } | undefined;
  return format?.json_schema?.schema;
}

describe('OpenRouter openai/gpt-5.5 (the seed compatibility report)', () => {
  it('reproduces the seed verdicts: uniqueItems rejected with HTTP 400, everything else passes', async () => {
    const result = await run(openRouterProfile(server.endpoint), openRouterGpt55(), { apiKey: CANARY_KEY });
    const statuses = Object.fromEntries(result.document.probes.map((probe) => [probe.id, probe.status]));
    expect(statuses).toEqual({
      baseline: 'PASS',
      'array-items': 'PASS',
      'unique-items': 'FAIL',
      'min-items': 'PASS',
      pattern: 'PASS',
      enum: 'PASS',
      'nested-object': 'PASS',
      'array-of-objects': 'PASS',
      'exact-schema': 'FAIL',
      'declared-projection': 'SKIPPED_NOT_DECLARED',
      'recommended-projection': 'PASS',
      truncation: 'PASS',
      'model-not-found': 'PASS',
      'identity-echo': 'PASS',
      'usage-sanity': 'PASS',
    });
    expect(result.probe('unique-items')).toMatchObject({ httpStatus: 400, finding: 'rejected', errorCode: 'INVALID_REQUEST', schemaDigest: digestOf(PROBE_SCHEMAS.uniqueItems) });
    expect(result.probe('unique-items').diagnostic).toContain('Provider returned error');
    expect(result.probe('exact-schema')).toMatchObject({ httpStatus: 400, schemaDigest: CANDIDATE_SCHEMA_DIGEST });

    // Causal conclusions, as in the seed report.
    expect(result.conclusion('uniqueItems')).toBe(
      'uniqueItems: CONFIRMED incompatible, because probe `array-items` passed and the otherwise identical probe `unique-items` failed (HTTP 400).',
    );
    expect(result.conclusion('arrayWithItems')).toMatch(/^arrayWithItems: CONFIRMED — array with items is supported/);
    expect(result.conclusion('pattern')).toMatch(/^pattern: CONFIRMED — pattern is supported/);
    expect(result.conclusion('minItems')).toMatch(/^minItems: CONFIRMED — minItems is supported/);
    expect(result.conclusion('nestedObject')).toMatch(/^nestedObject: CONFIRMED — nested strict objects are supported/);
    expect(result.conclusion('arrayOfObjects')).toMatch(/^arrayOfObjects: CONFIRMED — arrays of strict nested objects are supported/);
    expect(result.conclusion('exactSchema')).toBe(
      'exactSchema: CONFIRMED — the unchanged exact schema was rejected (HTTP 400) while the exact clone with only uniqueItems removed passed.',
    );
    expect(result.document.recommendedProjection).toMatchObject({ dropKeywords: ['uniqueItems'], unenforcedKeywords: [], alreadyDeclared: false });
    expect(result.document.recommendedProjection.statement).toContain('recursively removes only `uniqueItems`');

    // The profile as declared cannot send the candidate schema: not conformant, and it declared uniqueItems support.
    expect(result.outcome.verdict).toBe('NON_CONFORMANT');
    expect(result.outcome.failed).toBe(true);
    const capability = (name: string) => result.document.capabilities.find((row) => row.capability === name);
    expect(capability('jsonSchema.uniqueItems')).toMatchObject({ declared: true, observed: false });
    expect(capability('candidateSchema')).toMatchObject({ declared: true, observed: false });
    expect(capability('reportsCost')).toMatchObject({ declared: true, observed: true });
    expect(capability('reportsRouteIdentity')).toMatchObject({ declared: true, observed: true });

    // One request per executed probe, no retries although the profile allows 3 attempts.
    expect(result.document.requests).toMatchObject({ used: 14, budget: 14, retries: 0, fallbacks: 0 });
    expect(server.requests).toHaveLength(14);
    expect(result.sent).toHaveLength(14);
  });

  it('sends each probe through the real runtime path with exactly its own schema', async () => {
    await run(openRouterProfile(server.endpoint), openRouterGpt55(), { apiKey: CANARY_KEY });
    const body = (index: number) => server.requests[index]?.body ?? {};
    // Same path, auth header and routing extras as analyses.
    for (const request of server.requests) {
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe(`Bearer ${CANARY_KEY}`);
      expect(request.headers['x-openrouter-metadata']).toBe('enabled');
      expect(request.body?.provider).toEqual({ only: ['openai'], allow_fallbacks: false, require_parameters: true });
    }
    // Otherwise identical probes: the same prompt, schemas differing by one keyword.
    expect(body(0).messages).toEqual([
      { role: 'system', content: ISOLATION_SYSTEM_PROMPT },
      { role: 'user', content: ISOLATION_USER_PROMPT },
    ]);
    expect(body(2).messages).toEqual(body(1).messages);
    expect(sentSchema(1)).toEqual(PROBE_SCHEMAS.arrayItems);
    expect(sentSchema(2)).toEqual(PROBE_SCHEMAS.uniqueItems);
    expect(sentSchema(8)).toEqual(CANDIDATE_SCHEMA);
    // The recommended projection drops only uniqueItems.
    expect(sentSchema(9)).toEqual(projectSchema(CANDIDATE_SCHEMA, ['uniqueItems']));
    expect(JSON.stringify(sentSchema(9))).not.toContain('uniqueItems');
    // Truncation caps the output at 16 tokens with the profile's field; model-not-found sends the bogus id.
    expect(body(10).max_completion_tokens).toBe(16);
    expect((body(10).messages as { content: string }[])[1]?.content).toBe(TRUNCATION_USER_PROMPT);
    expect(body(11).model).toBe('depverdict-conformance/no-such-model-7f3a9c');
    expect(body(12).model).toBe('openai/gpt-5.5');
    expect((body(13).messages as { content: string }[])[1]?.content).toBe(TINY_USER_PROMPT);
  });

  it('is CONFORMANT once the profile declares the projection the report recommends', async () => {
    const result = await run(openRouterProfile(server.endpoint, { projection: true }), openRouterGpt55(), { apiKey: CANARY_KEY });
    expect(result.probe('declared-projection')).toMatchObject({ status: 'PASS', sentSchemaDigest: digestOf(projectSchema(CANDIDATE_SCHEMA, ['uniqueItems'])) });
    expect(result.probe('recommended-projection').status).toBe('SKIPPED_NOT_DECLARED');
    // The isolation probe still sends uniqueItems although the profile projects it away.
    expect(sentSchema(2)).toEqual(PROBE_SCHEMAS.uniqueItems);
    expect(result.conclusion('exactSchema')).toBe(
      'exactSchema: CONFIRMED — the unchanged exact schema was rejected (HTTP 400) while the declared projection openai-strict (drops uniqueItems) passed.',
    );
    expect(result.document.recommendedProjection.alreadyDeclared).toBe(true);
    expect(result.outcome.failed).toBe(false);
    expect(result.outcome.verdict).toBe('CONFORMANT');
    expect(result.document.qualification).toEqual({
      suiteVersion: '1',
      profileId: 'openrouter-gpt55-projected',
      profileDigest: openRouterProfile(server.endpoint, { projection: true }).digest,
      schemaDigest: CANDIDATE_SCHEMA_DIGEST,
      promptVersion: PROMPT_VERSION,
      date: FIXED_DATE.toISOString(),
      verdict: 'CONFORMANT',
      declaredCapabilitiesObserved: true,
    });
  });

  it('writes a Markdown report with the seed report sections', async () => {
    const result = await run(openRouterProfile(server.endpoint), openRouterGpt55(), { apiKey: CANARY_KEY });
    const markdown = await readFile(result.outcome.markdownPath, 'utf8');
    expect(markdown).toBe(result.outcome.markdown);
    for (const heading of [
      '## Configuration',
      '## Independent Keyword Probes',
      '## Canonical Error Diagnostics',
      '## Declared vs Observed Capabilities',
      '## Causal Conclusion',
      '## Recommended Projection',
      '## Request Count and Cost Boundary',
      '## Qualification Record',
      '## Security',
    ]) {
      expect(markdown).toContain(heading);
    }
    expect(markdown).toContain(`| unique-items | array \\+ items \\+ uniqueItems | ${digestOf(PROBE_SCHEMAS.uniqueItems)} | 400 | INVALID_REQUEST |`);
    expect(markdown).toContain('- uniqueItems: CONFIRMED incompatible, because probe `array-items` passed and the otherwise identical probe `unique-items` failed \\(HTTP 400\\)\\.');
    expect(markdown).toContain('- Probe requests: 14/14.');
    expect(markdown).toContain('- Retry count: 0.');
    // Endpoint origin only, never the path.
    expect(markdown).not.toContain('/v1/chat/completions');
  });
});

describe('Ollama-like endpoint', () => {
  it('reports uniqueItems accepted but not enforced and the max tokens cap ignored', async () => {
    const result = await run(ollamaProfile(server.endpoint), ollamaQwen());
    expect(result.probe('unique-items')).toMatchObject({ status: 'FAIL', finding: 'not-enforced', httpStatus: 200, localValidation: 'invalid' });
    expect(result.probe('unique-items').diagnostic).toContain('/tags: uniqueItems');
    expect(result.conclusion('uniqueItems')).toBe(
      'uniqueItems: accepted but NOT ENFORCED (duplicates returned) — probe `unique-items` got HTTP 200 with an answer that fails local validation; only local validation guards it.',
    );
    expect(result.probe('truncation')).toMatchObject({ status: 'FAIL', finding: 'cap-ignored', finishReason: 'stop' });
    expect(result.conclusion('maxOutputTokens')).toBe(
      'max tokens: IGNORED (finish_reason stop with a 16-token budget sent as max_completion_tokens); the endpoint drops the cap silently.',
    );
    expect(server.requests[result.sent.indexOf('truncation')]?.body?.max_completion_tokens).toBe(16);
    // Everything else holds, so the exact schema passes (uniqueItems simply is not enforced).
    for (const id of ['baseline', 'array-items', 'min-items', 'pattern', 'enum', 'nested-object', 'array-of-objects', 'exact-schema', 'model-not-found', 'identity-echo', 'usage-sanity'] as const) {
      expect(result.probe(id).status, id).toBe('PASS');
    }
    expect(result.document.recommendedProjection).toMatchObject({ dropKeywords: [], unenforcedKeywords: ['uniqueItems'] });
    // uniqueItems is declared unsupported, so it is no failure; the ignored cap is.
    const capability = (name: string) => result.document.capabilities.find((row) => row.capability === name);
    expect(capability('jsonSchema.uniqueItems')).toMatchObject({ declared: false, observed: false });
    expect(capability('maxOutputTokens')).toMatchObject({ declared: true, observed: false });
    expect(result.outcome.failed).toBe(true);
    expect(result.outcome.verdict).toBe('PARTIALLY_CONFORMANT');
    expect(result.document.requests.used).toBe(13);
  });
});

describe('9Router-like gateway', () => {
  it('reports no route identity and inflated prompt tokens', async () => {
    const result = await run(nineRouterProfile(server.endpoint), nineRouter());
    expect(result.probe('identity-echo')).toMatchObject({ status: 'FAIL', finding: 'identity-unverifiable' });
    expect(result.conclusion('identity')).toBe(
      'identity: UNVERIFIABLE — no route identity (the response names no model); only development profiles may use this route.',
    );
    expect(result.probe('usage-sanity')).toMatchObject({ status: 'FAIL', finding: 'usage-suspect' });
    expect(result.probe('usage-sanity').observations).toMatchObject({ inputTokens: 2009, outputTokens: 4, totalTokens: 2013 });
    expect(result.conclusion('usage')).toBe(
      'usage: INFLATED — a tiny prompt was reported as 2009 prompt tokens, the fingerprint of a gateway that adds ~2000 tokens (9Router); token and cost figures from this route are not trustworthy.',
    );
    const capability = (name: string) => result.document.capabilities.find((row) => row.capability === name);
    expect(capability('reportsRouteIdentity')).toMatchObject({ declared: false, observed: false });
    expect(capability('usageAccurate')).toMatchObject({ declared: null, observed: false });
    // The profile declares exactly this, so nothing it promises is contradicted...
    expect(result.outcome.failed).toBe(false);
    // ...but a route with unverifiable identity and inflated usage is only partially conformant.
    expect(result.outcome.verdict).toBe('PARTIALLY_CONFORMANT');
    expect(result.probe('truncation').status).toBe('PASS');
    expect(result.probe('model-not-found')).toMatchObject({ status: 'PASS', errorCode: 'MODEL_NOT_FOUND', httpStatus: 400 });
  });

  it('fails when the profile claims usage reporting the route does not give', async () => {
    const behaviour: Behaviour = (probe) => {
      const reply = nineRouter()(probe);
      if (probe !== 'usage-sanity') return reply;
      return { body: { ...(reply.body as Record<string, unknown>), usage: undefined } };
    };
    const result = await run(nineRouterProfile(server.endpoint, { reportsUsage: true }), behaviour);
    expect(result.probe('usage-sanity')).toMatchObject({ status: 'FAIL', diagnostic: 'the response reports no usage' });
    expect(result.document.capabilities.find((row) => row.capability === 'reportsUsage')).toMatchObject({ declared: true, observed: false });
    expect(result.outcome.failed).toBe(true);
  });
});

describe('bounds and failures', () => {
  it('enforces the request budget: probes past it are SKIPPED_BUDGET and send nothing', async () => {
    const result = await run(openRouterProfile(server.endpoint), openRouterGpt55(), { apiKey: CANARY_KEY, maxRequests: 5 });
    expect(server.requests).toHaveLength(5);
    expect(result.document.requests).toMatchObject({ used: 5, budget: 5 });
    expect(result.sent).toEqual(['baseline', 'array-items', 'unique-items', 'min-items', 'pattern']);
    // array-of-objects depends on nested-object, which the budget skipped.
    expect(result.probe('array-of-objects').status).toBe('SKIPPED_PREREQUISITE');
    for (const id of ['enum', 'nested-object', 'exact-schema', 'truncation', 'model-not-found', 'identity-echo', 'usage-sanity'] as const) {
      expect(result.probe(id), id).toMatchObject({ status: 'SKIPPED_BUDGET', requests: 0, httpStatus: null });
    }
    expect(result.conclusion('enum')).toBe('enum: INCONCLUSIVE — probe `enum` did not run (SKIPPED_BUDGET).');
    expect(result.outcome.verdict).toBe('NON_CONFORMANT');
  });

  it('skips every dependent probe when the baseline fails, and still writes both files', async () => {
    const result = await run(openRouterProfile(server.endpoint), () => ({ status: 503, headers: { 'retry-after': '0' }, body: { error: { code: 503, message: 'No instances available' } } }), { apiKey: CANARY_KEY });
    expect(server.requests).toHaveLength(1);
    expect(result.probe('baseline')).toMatchObject({ status: 'FAIL', finding: 'error', httpStatus: 503, errorCode: 'PROVIDER_UNAVAILABLE' });
    expect(result.probe('array-items').status).toBe('SKIPPED_PREREQUISITE');
    expect(result.probe('usage-sanity').status).toBe('SKIPPED_PREREQUISITE');
    expect(result.outcome.verdict).toBe('NON_CONFORMANT');
    expect(result.document.capabilities.find((row) => row.capability === 'structuredOutput.jsonSchema')).toMatchObject({ observed: null });
  });

  it('reports a locked identity that does not hold as NON_CONFORMANT', async () => {
    const behaviour: Behaviour = (probe) => {
      const reply = openRouterGpt55()(probe);
      if (probe !== 'identity-echo') return reply;
      return { body: { ...(reply.body as Record<string, unknown>), provider: 'SomeOtherCloud' } };
    };
    const result = await run(openRouterProfile(server.endpoint), behaviour, { apiKey: CANARY_KEY });
    expect(result.probe('identity-echo')).toMatchObject({ status: 'FAIL', finding: 'identity-mismatch', errorCode: 'IDENTITY_MISMATCH' });
    expect(result.conclusion('identity')).toMatch(/^identity: MISMATCH/);
    expect(result.outcome.verdict).toBe('NON_CONFORMANT');
  });

  it('reports a baseline answered by another model as NON_CONFORMANT and failed, in the record as in the exit status', async () => {
    const behaviour: Behaviour = (probe) => {
      const reply = openRouterGpt55()(probe);
      if (probe !== 'baseline') return reply;
      return { body: { ...(reply.body as Record<string, unknown>), model: 'openai/gpt-4o' } };
    };
    const result = await run(openRouterProfile(server.endpoint), behaviour, { apiKey: CANARY_KEY });
    expect(result.probe('baseline')).toMatchObject({ status: 'FAIL', finding: 'identity-mismatch', errorCode: 'IDENTITY_MISMATCH' });
    expect(result.document).toMatchObject({ execution: { status: 'EXECUTED', cause: null }, verdict: 'NON_CONFORMANT', failed: true });
    expect(result.document.failure).toMatch(/^the baseline structured-output request failed \(probe baseline ended FAIL: IDENTITY_MISMATCH: .*"openai\/gpt-4o" answered/);
    // The lock was seen not to hold, even though identity-echo could not run after the baseline.
    expect(result.document.capabilities.find((row) => row.capability === 'identityLock')).toMatchObject({ declared: true, observed: false });
    expect(result.document.qualification).toMatchObject({ verdict: 'NON_CONFORMANT', declaredCapabilitiesObserved: false });
    expect(result.outcome.markdown).toMatch(/^Verdict: \*\*NON_CONFORMANT\*\* — the baseline structured\\?-output request failed .*IDENTITY\\?_MISMATCH/m);
  });

  describe('an endpoint that cannot be reached', () => {
    async function unreachableRun(profile: LoadedProfile): Promise<Run> {
      const sent: ProbeId[] = [];
      const outcome = await runConformance({ profile, apiKey: CANARY_KEY, env: {}, outDir, logger, now: () => FIXED_DATE, onProbeStart: ({ id }) => void sent.push(id) });
      const document = JSON.parse(await readFile(outcome.jsonPath, 'utf8')) as ConformanceDocument;
      const probe = (id: ProbeId): ProbeResult => document.probes.find((result) => result.id === id)!;
      return { outcome, document, sent, probe, conclusion: () => '' };
    }

    function expectNotExecuted(result: Run, origin: string, cause: RegExp): void {
      // One request found the endpoint unreachable; nothing more is sent.
      expect(result.sent).toEqual(['baseline']);
      expect(result.probe('baseline')).toMatchObject({ errorCode: 'NETWORK_ERROR', httpStatus: null });
      for (const probe of result.document.probes.filter((entry) => entry.id !== 'baseline')) {
        expect(probe, probe.id).toMatchObject({ requests: 0, diagnostic: expect.stringMatching(/^not run: the endpoint could not be reached$|^the profile/) });
      }
      expect(result.document).toMatchObject({ execution: { status: 'NOT_EXECUTED' }, verdict: 'INCONCLUSIVE', failed: true });
      expect(result.document.execution.cause).toMatch(new RegExp(`^the endpoint ${origin.replace(/[.:/]/g, '\\$&')} could not be reached \\(NETWORK_ERROR: .*${cause.source}`));
      expect(result.document.failure).toBe(`conformance was not executed: ${result.document.execution.cause}`);
      expect(result.document.qualification.verdict).toBe('INCONCLUSIVE');
      // The cause is the first thing the report says, not a row far down.
      const lines = result.outcome.markdown.split('\n');
      expect(lines[0]).toBe('# Structured Output Conformance Report');
      expect(lines[2]).toMatch(/^Execution status: NOT EXECUTED — the endpoint .* could not be reached/);
      expect(lines[2]).toMatch(cause);
      expect(lines[4]).toMatch(/^Verdict: \*\*INCONCLUSIVE\*\* — conformance was not executed/);
      // The record qualifies no analysis.
      const check = evaluateQualification(JSON.stringify(result.document), 'conformance.json', {
        profileDigest: result.document.qualification.profileDigest,
        schemaDigest: CANDIDATE_SCHEMA_DIGEST,
        promptVersion: PROMPT_VERSION,
      });
      expect(check.ok ? '' : check.reason).toContain('was not executed (its endpoint could not be reached)');
    }

    it('a refused connection: NOT EXECUTED, verdict INCONCLUSIVE, the cause first', async () => {
      const closed = await FakeOpenAiServer.start();
      const endpoint = closed.endpoint;
      await closed.close();
      const result = await unreachableRun(openRouterProfile(endpoint));
      expectNotExecuted(result, new URL(endpoint).origin, /ECONNREFUSED/);
    });

    it('a failed TLS handshake (HTTPS to a plain HTTP server): NOT EXECUTED', async () => {
      const endpoint = server.endpoint.replace(/^http:/, 'https:');
      const result = await unreachableRun(openRouterProfile(endpoint));
      expectNotExecuted(result, new URL(endpoint).origin, /request to endpoint failed/);
      expect(server.requests).toHaveLength(0);
    });
  });

  it('refuses the extractive profile before sending anything', async () => {
    const extractive = await loadProfile('extractive', { cwd: process.cwd() });
    await expect(runConformance({ profile: extractive, env: {}, outDir, logger, now: () => FIXED_DATE })).rejects.toBeInstanceOf(ConformanceError);
    expect(server.requests).toHaveLength(0);
  });

  it('fails with a configuration error naming the variable when the key is missing', async () => {
    const failure = await runConformance({ profile: openRouterProfile(server.endpoint), env: {}, outDir, logger, now: () => FIXED_DATE }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RuntimeError);
    expect((failure as RuntimeError).code).toBe('CONFIGURATION_ERROR');
    expect((failure as RuntimeError).message).toContain('OPENROUTER_API_KEY');
    expect(server.requests).toHaveLength(0);
  });
});

describe('what the report stores', () => {
  it('never stores the key, a prompt, a schema body or a raw response, even when the provider echoes them', async () => {
    const result = await run(openRouterProfile(server.endpoint), openRouterGpt55(CANARY_KEY), { apiKey: CANARY_KEY });
    expect(result.probe('unique-items').diagnostic).toContain('***');
    const json = await readFile(result.outcome.jsonPath, 'utf8');
    const markdown = await readFile(result.outcome.markdownPath, 'utf8');
    for (const [name, text] of [
      ['conformance.json', json],
      ['conformance.md', markdown],
      ['logs', logLines.join('\n')],
    ] as const) {
      expect(text, name).not.toContain(CANARY_KEY);
      expect(text, name).not.toContain(ISOLATION_USER_PROMPT);
      expect(text, name).not.toContain(ISOLATION_SYSTEM_PROMPT);
      expect(text, name).not.toContain(TRUNCATION_USER_PROMPT);
      // Schema bodies and model answers: neither a schema fragment nor answer words appear.
      expect(text, name).not.toContain('"additionalProperties"');
      expect(text, name).not.toContain('^[A-Z]{3}$');
      expect(text, name).not.toContain('alpha');
      // The raw provider body (metadata.raw) is never copied.
      expect(text, name).not.toContain('not permitted');
      expect(text, name).not.toContain('/v1/chat/completions');
    }
  });
});
