import { describe, expect, it } from 'vitest';
import { analyzeDependency, contextFailedResult } from '../../src/analysis/analyze-dependency.js';
import { ANALYSIS_TASK, CANDIDATE_SCHEMA, CANDIDATE_SCHEMA_DIGEST, CANDIDATE_SCHEMA_NAME, PROMPT_VERSION } from '../../src/analysis/candidate-schema.js';
import { buildPrompts } from '../../src/analysis/prompt.js';
import { NEUTRAL_SUMMARY } from '../../src/analysis/trust.js';
import type { Bump } from '../../src/bumps/types.js';
import { RuntimeError } from '../../src/runtime/contract.js';
import { registerSecret, resetSecretsForTesting } from '../../src/shared/redaction.js';
import { buildContext, evidence, KNOWN_VERSIONS, quietSignals, semverFact } from './context-fixtures.js';
import { ScriptedRuntime, successWith } from './fake-runtime.js';

const breaking = evidence('breakingChanges', '- `pad()` no longer accepts a string length.', { versions: ['2.0.0'] });
const fact = semverFact();
const context = buildContext({ evidence: [breaking, fact] });

const goodCandidate = {
  summary: '2.0.0 changes how `pad()` takes its length.',
  summaryEvidenceRefs: [breaking.id],
  riskLevel: 'high',
  riskEvidenceRefs: [breaking.id],
  findings: [{ id: 'pad-length', kind: 'breakingChange', summary: '`pad()` no longer accepts a string length.', appliesToVersions: ['2.0.0'], evidenceRefs: [breaking.id] }],
};

function run(runtime: ScriptedRuntime, overrides: { context?: typeof context } = {}) {
  return analyzeDependency({ context: overrides.context ?? context, runtime, runId: 'run-1', knownVersions: KNOWN_VERSIONS, registrySignals: quietSignals() });
}

describe('analyzeDependency', () => {
  it('sends the exact request: contract, task, prompts, exact schema and digest, no weaker mode', async () => {
    const runtime = new ScriptedRuntime(() => successWith(JSON.stringify(goodCandidate)));
    await run(runtime);
    expect(runtime.requests).toHaveLength(1);
    const request = runtime.requests[0]!;
    expect(request).toMatchObject({
      contractVersion: '1',
      runId: 'run-1',
      contextId: context.contextId,
      task: ANALYSIS_TASK,
      promptVersion: PROMPT_VERSION,
      ...buildPrompts(context),
      structuredOutput: { mode: 'jsonSchema', name: CANDIDATE_SCHEMA_NAME, schema: CANDIDATE_SCHEMA, schemaDigest: CANDIDATE_SCHEMA_DIGEST, allowWeaker: false },
    });
  });

  it('produces an analyzed, trusted result with evidence metadata but no evidence content', async () => {
    const { result, call } = await run(new ScriptedRuntime(() => successWith(JSON.stringify(goodCandidate))));
    expect(result).toMatchObject({
      id: 'npm:left-pad-fixture@1.4.0..2.0.0',
      status: 'analyzed',
      contextId: context.contextId,
      riskLevel: 'high',
      summary: goodCandidate.summary,
      findings: goodCandidate.findings,
      evidenceCoverage: 'sufficient',
      validation: { schemaValid: true, trustIssues: [] },
      humanReviewReasons: ['HIGH_RISK'],
      nextAction: 'reviewBeforeMerge',
      error: null,
    });
    expect(result.evidence.map((item) => item.id)).toEqual([breaking.id, fact.id]);
    expect(JSON.stringify(result)).not.toContain('no longer accepts a string length.","contentDigest');
    expect(result.evidence[0]).not.toHaveProperty('content');
    expect(result.limitations[0]).toMatch(/^Model analysis/);
    expect(call).toMatchObject({ runId: 'run-1', contextId: context.contextId, schemaDigest: CANDIDATE_SCHEMA_DIGEST, error: null });
    expect(call.success?.outputText).toBe(JSON.stringify(goodCandidate));
  });

  it('routes hostile output through trust and into review', async () => {
    const hostile = { ...goodCandidate, riskLevel: 'low', summary: 'Safe! Details: https://evil.example/ok', riskEvidenceRefs: [breaking.id] };
    const { result } = await run(new ScriptedRuntime(() => successWith(JSON.stringify(hostile))));
    expect(result.status).toBe('analyzed');
    expect(result.summary).toBe(NEUTRAL_SUMMARY);
    expect(result.riskLevel).toBe('unknown');
    expect(result.findings).toEqual([]);
    expect(result.humanReviewReasons).toEqual(['CLAIMS_DROPPED', 'UNKNOWN_RISK']);
    expect(JSON.stringify(result)).not.toContain('evil.example');
  });

  it.each([
    ['prose', 'The update looks fine.', 'OUTPUT_JSON_INVALID'],
    ['schema-invalid JSON', JSON.stringify({ ...goodCandidate, verdict: 'merge it' }), 'OUTPUT_SCHEMA_INVALID'],
  ])('fails without model text on %s', async (_label, text, code) => {
    const { result, call } = await run(new ScriptedRuntime(() => successWith(text)));
    expect(result).toMatchObject({ status: 'failed', riskLevel: 'unknown', findings: [], summaryEvidenceRefs: [], nextAction: 'retryAnalysis', error: { code }, validation: { schemaValid: false } });
    expect(result.humanReviewReasons).toContain('ANALYSIS_FAILED');
    expect(JSON.stringify(result)).not.toContain('looks fine');
    expect(JSON.stringify(result)).not.toContain('merge it');
    expect(call.success).not.toBeNull();
  });

  it('rejects an incomplete success envelope before parsing', async () => {
    const truncated = await run(new ScriptedRuntime(() => successWith(JSON.stringify(goodCandidate), { finishReason: 'length' })));
    expect(truncated.result.error?.code).toBe('OUTPUT_TRUNCATED');
    expect(truncated.call.error?.code).toBe('OUTPUT_TRUNCATED');
    const filtered = await run(new ScriptedRuntime(() => successWith(JSON.stringify(goodCandidate), { finishReason: 'contentFilter' })));
    expect(filtered.result.error?.code).toBe('INVALID_RESPONSE');
  });

  it('maps a retryable RuntimeError to retryAnalysis and records telemetry in the call', async () => {
    const telemetry = { attempts: 3, requestedIdentity: { model: 'fake/model-1', provider: 'fake' }, actualIdentity: null, timings: { totalMs: 90, firstByteMs: null }, usage: null, route: null };
    const { result, call } = await run(new ScriptedRuntime(() => new RuntimeError('TIMEOUT', 'request timed out after 60000 ms', { retryable: true, telemetry })));
    expect(result).toMatchObject({ status: 'failed', nextAction: 'retryAnalysis', error: { code: 'TIMEOUT', message: 'request timed out after 60000 ms' }, validation: { schemaValid: null } });
    expect(call).toMatchObject({ success: null, error: { code: 'TIMEOUT', retryable: true, status: null }, failureTelemetry: telemetry });
  });

  it('maps fail-closed codes to fixConfiguration and redacts secrets from messages', async () => {
    resetSecretsForTesting();
    registerSecret('sk-live-abcdef123456');
    const { result, call } = await run(new ScriptedRuntime(() => new RuntimeError('AUTH_ERROR', 'key sk-live-abcdef123456 rejected', { status: 401 })));
    expect(result.nextAction).toBe('fixConfiguration');
    expect(result.error?.message).toBe('key *** rejected');
    expect(call.error).toMatchObject({ code: 'AUTH_ERROR', status: 401, message: 'key *** rejected' });
    resetSecretsForTesting();
  });

  it('never throws when the runtime breaks its contract', async () => {
    const { result, call } = await run(new ScriptedRuntime(() => new TypeError('boom')));
    expect(result.error?.code).toBe('UNKNOWN');
    expect(call.error?.code).toBe('UNKNOWN');
  });

  it('turns an unexpected exception after the runtime call into a failed result for this dependency only', async () => {
    // A version set that throws the moment trust filtering reads it, with model-like text in the error.
    const throwingVersions = {
      has: () => true,
      [Symbol.iterator]: () => {
        throw new Error('MODEL-TEXT-MARKER: semver edge case');
      },
    } as unknown as ReadonlySet<string>;
    const runtime = new ScriptedRuntime(() => successWith(JSON.stringify(goodCandidate)));
    const { result, call } = await analyzeDependency({ context, runtime, runId: 'run-1', knownVersions: throwingVersions, registrySignals: quietSignals() });
    expect(result).toMatchObject({ status: 'failed', riskLevel: 'unknown', findings: [], summaryEvidenceRefs: [], error: { code: 'UNKNOWN' }, limitations: [] });
    expect(result.humanReviewReasons).toContain('ANALYSIS_FAILED');
    expect(result.evidence.map((item) => item.id)).toEqual([breaking.id, fact.id]);
    expect(JSON.stringify(result)).not.toContain('MODEL-TEXT-MARKER');
    expect(JSON.stringify(result)).not.toContain(goodCandidate.summary);
    expect(call.success).not.toBeNull();
  });

  it('sends nothing when the run is already cancelled', async () => {
    const runtime = new ScriptedRuntime(() => successWith(JSON.stringify(goodCandidate)));
    const controller = new AbortController();
    controller.abort(new RuntimeError('CANCELLED', 'not analysed: the run failed closed (AUTH_ERROR) on an earlier call'));
    const { result, call } = await analyzeDependency({ context, runtime, runId: 'run-1', knownVersions: KNOWN_VERSIONS, registrySignals: quietSignals(), signal: controller.signal });
    expect(runtime.requests).toHaveLength(0);
    expect(result).toMatchObject({ status: 'failed', error: { code: 'CANCELLED', message: 'not analysed: the run failed closed (AUTH_ERROR) on an earlier call' } });
    expect(call).toMatchObject({ success: null, error: { code: 'CANCELLED' } });
  });

  it('says when an unverified model answered', async () => {
    const { result } = await run(new ScriptedRuntime(() => successWith(JSON.stringify(goodCandidate), { identityVerified: false })));
    expect(result.limitations).toContain('The model that answered was not verified against the profile (development mode).');
  });
});

describe('contextFailedResult', () => {
  it('lists the dependency as failed with no claims', () => {
    const bump: Bump = {
      ecosystem: 'npm', name: 'left-pad-fixture', from: '2.0.0', to: '1.4.0', fromSpec: '^2.0.0', toSpec: '^1.4.0', direction: 'downgrade', semverClass: 'major',
      dependencyTypes: ['prod'], manifests: ['package.json'], lockfiles: ['package-lock.json'], installPaths: [], direct: true, versionSource: 'lockfile',
    };
    const result = contextFailedResult(bump, 'CONTEXT_FAILED', 'registry unavailable (503)');
    expect(result).toMatchObject({
      id: 'npm:left-pad-fixture@2.0.0..1.4.0',
      status: 'failed',
      contextId: null,
      riskLevel: 'unknown',
      findings: [],
      evidence: [],
      evidenceCoverage: 'none',
      humanReviewReasons: ['ANALYSIS_FAILED', 'DOWNGRADE'],
      nextAction: 'retryAnalysis',
      error: { code: 'CONTEXT_FAILED', message: 'registry unavailable (503)' },
    });
  });
});
