import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '../../src/analysis/types.js';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { runPipeline, withholdResult } from '../../src/pipeline/run-pipeline.js';
import type { FailClosed } from '../../src/report/run-outcome.js';
import { RuntimeError, type RuntimeDescriptor, type RuntimeRequest, type RuntimeSuccess, type StructuredRuntime } from '../../src/runtime/contract.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';
import { FAKE_DESCRIPTOR, successWith } from '../analysis/fake-runtime.js';

const samples = resolve(import.meta.dirname, '../../samples');
const INVENTED_REF = `sha256:${'f'.repeat(64)}`;
// Schema-valid, but its summary cites evidence that does not exist: trust filtering then records
// issues that quote the model's claims.
const UNSUPPORTED_CANDIDATE = JSON.stringify({
  summary: 'MODEL-TEXT-MARKER: safe to merge.',
  summaryEvidenceRefs: [INVENTED_REF],
  riskLevel: 'high',
  riskEvidenceRefs: [INVENTED_REF],
  findings: [],
});

const identityMismatch = (): RuntimeError => new RuntimeError('IDENTITY_MISMATCH', 'profile fake-model requires the serving model to be exactly "fake/model-1", but "other" answered');

/** TEST DOUBLE: a StructuredRuntime that answers per call number and records every request. */
class CountingRuntime implements StructuredRuntime {
  readonly requests: RuntimeRequest[] = [];
  readonly descriptor: RuntimeDescriptor;
  constructor(
    private readonly answer: (callNumber: number, request: RuntimeRequest) => Promise<RuntimeSuccess>,
    concurrency = 1,
  ) {
    this.descriptor = { ...FAKE_DESCRIPTOR, concurrency };
  }
  generateStructured(request: RuntimeRequest): Promise<RuntimeSuccess> {
    this.requests.push(request);
    return this.answer(this.requests.length, request);
  }
}

function runSample(runtime: StructuredRuntime) {
  return runPipeline({
    fileSource: createDirectoryFileSource({ baseDir: resolve(samples, 'grouped-bump/base'), headDir: resolve(samples, 'grouped-bump/head') }),
    registry: createSnapshotRegistryClient({ directory: resolve(samples, 'registry') }),
    registryUrl: 'https://registry.npmjs.org',
    github: null,
    runtime,
    logger: silentLogger,
    runId: 'run-1',
    now: () => new Date('2025-01-01T00:00:00.000Z'),
    toolVersion: '0.0.0-test',
    source: { repository: null, pullRequest: null, baseRef: 'base', headRef: 'head', headSha: null },
  });
}

const sortedIds = (results: AnalysisResult[]): string[] => results.map((result) => result.id).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('runPipeline fail-closed', () => {
  it('sends no request after the first fail-closed error and cancels the dependencies not yet started', async () => {
    const runtime = new CountingRuntime(async (callNumber) => {
      if (callNumber === 1) throw identityMismatch();
      return successWith(UNSUPPORTED_CANDIDATE);
    });
    const outcome = await runSample(runtime);

    expect(runtime.requests).toHaveLength(1);
    expect(outcome.calls).toHaveLength(1);
    expect(outcome.calls[0]?.error?.code).toBe('IDENTITY_MISMATCH');
    expect(outcome.failClosed?.code).toBe('IDENTITY_MISMATCH');
    expect(outcome.verdict).toBe('withheld');
    expect(outcome.results).toHaveLength(4);
    expect(outcome.results.map((result) => result.id)).toEqual(sortedIds(outcome.results));
    expect(outcome.results.every((result) => result.status === 'failed')).toBe(true);
    const codes = outcome.results.map((result) => result.error?.code).sort();
    expect(codes).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED', 'IDENTITY_MISMATCH']);
    for (const result of outcome.results.filter((entry) => entry.error?.code === 'CANCELLED')) {
      expect(result.error?.message).toMatch(/failed closed \(IDENTITY_MISMATCH\)/);
      expect(result.evidence.length).toBeGreaterThan(0);
    }
  });

  it('aborts a call already in flight when another fails closed, and sends nothing more', async () => {
    const signals: AbortSignal[] = [];
    const runtime = new CountingRuntime(async (callNumber, request) => {
      if (request.signal) signals.push(request.signal);
      if (callNumber === 1) {
        // In flight until the run aborts it, as a real runtime would be.
        await new Promise<void>((resolveAbort) => request.signal?.addEventListener('abort', () => resolveAbort(), { once: true }));
        throw new RuntimeError('CANCELLED', 'the runtime call was cancelled by the caller');
      }
      throw identityMismatch();
    }, 2);
    const outcome = await runSample(runtime);

    expect(runtime.requests).toHaveLength(2);
    expect(signals).toHaveLength(2);
    expect(signals[0]?.aborted).toBe(true);
    expect(outcome.failClosed?.code).toBe('IDENTITY_MISMATCH');
    expect(outcome.calls.map((call) => call.error?.code).sort()).toEqual(['CANCELLED', 'IDENTITY_MISMATCH']);
    expect(outcome.results.map((result) => result.error?.code).sort()).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED', 'IDENTITY_MISMATCH']);
  });

  it('publishes nothing derived from model output in a withheld result', async () => {
    // The first dependency gets a (trust-filtered) answer, the second fails closed.
    const runtime = new CountingRuntime(async (callNumber) => {
      if (callNumber === 2) throw identityMismatch();
      return successWith(UNSUPPORTED_CANDIDATE);
    });
    const outcome = await runSample(runtime);

    expect(runtime.requests).toHaveLength(2);
    const answered = outcome.results.find((result) => result.contextId === outcome.calls[0]?.contextId);
    expect(answered).toBeDefined();
    expect(answered).toMatchObject({ status: 'failed', riskLevel: 'unknown', findings: [], validation: { schemaValid: null, trustIssues: [] } });
    expect(answered?.limitations.some((limitation) => /model|Model|analysis/.test(limitation))).toBe(false);
    expect(answered?.evidence.length).toBeGreaterThan(0);
    expect(answered?.registrySignals).not.toBeNull();
    for (const result of outcome.results) {
      expect(JSON.stringify(result)).not.toContain('MODEL-TEXT-MARKER');
      expect(JSON.stringify(result)).not.toContain('ffffffffffffffff');
      expect(result.validation.trustIssues).toEqual([]);
    }
  });
});

describe('withholdResult', () => {
  const failClosed: FailClosed = { code: 'IDENTITY_MISMATCH', message: 'another model answered' };
  const analysed: AnalysisResult = {
    id: 'npm:left-pad@1.0.0..2.0.0',
    status: 'analyzed',
    contextId: `sha256:${'1'.repeat(64)}`,
    dependency: { ecosystem: 'npm', name: 'left-pad', dependencyTypes: ['prod'], manifests: ['package.json'] },
    versions: { from: '1.0.0', to: '2.0.0', direction: 'upgrade', semverClass: 'major', inRange: ['2.0.0'] },
    summary: 'Model summary.',
    summaryEvidenceRefs: [`sha256:${'2'.repeat(64)}`],
    riskLevel: 'high',
    riskEvidenceRefs: [`sha256:${'2'.repeat(64)}`],
    findings: [],
    evidence: [
      { id: `sha256:${'2'.repeat(64)}`, kind: 'changelog', sourceId: 'npm-tarball', title: 'CHANGELOG.md', sourceUrl: 'https://www.npmjs.com/package/left-pad', releaseVersions: ['2.0.0'], contentDigest: `sha256:${'3'.repeat(64)}` },
    ],
    evidenceCoverage: 'partial',
    missingInformation: [{ code: 'RELEASE_NOTES_NEED_TOKEN', message: 'no GitHub token' }],
    registrySignals: null,
    validation: { schemaValid: true, trustIssues: [{ code: 'CLAIMS_DROPPED', path: 'findings[0]', message: 'finding dropped: duplicate id "model-chosen-id"' }] },
    humanReviewReasons: ['HIGH_RISK'],
    nextAction: 'reviewBeforeMerge',
    error: null,
    limitations: [
      'Model analysis: every claim must cite evidence and is filtered against it, but whether the evidence fully supports a claim is not verified.',
      'Some release information could not be found; see missing information.',
    ],
  };

  it('clears trust issues, schema validity and analyzer limitations but keeps deterministic facts', () => {
    const withheld = withholdResult(analysed, failClosed);
    expect(withheld.validation).toEqual({ schemaValid: null, trustIssues: [] });
    expect(withheld.limitations).toEqual(['Some release information could not be found; see missing information.']);
    expect(JSON.stringify(withheld)).not.toContain('model-chosen-id');
    expect(withheld).toMatchObject({
      status: 'failed',
      summary: 'Verdict withheld (IDENTITY_MISMATCH).',
      riskLevel: 'unknown',
      evidence: analysed.evidence,
      missingInformation: analysed.missingInformation,
      registrySignals: analysed.registrySignals,
      evidenceCoverage: 'partial',
      error: { code: 'IDENTITY_MISMATCH', message: 'another model answered' },
    });
  });
});

describe('runPipeline structured-output mode', () => {
  it('asks for exactly the mode the profile declares (a weaker mode is a declared profile, never a fallback)', async () => {
    for (const mode of ['jsonSchema', 'jsonMode', 'promptOnly'] as const) {
      const runtime = new CountingRuntime(async () => successWith(UNSUPPORTED_CANDIDATE), 4);
      (runtime.descriptor as RuntimeDescriptor).structuredOutputMode = mode;
      await runSample(runtime);
      expect(runtime.requests.length).toBeGreaterThan(0);
      expect(new Set(runtime.requests.map((request) => request.structuredOutput.mode))).toEqual(new Set([mode]));
      expect(runtime.requests.every((request) => request.structuredOutput.allowWeaker === false)).toBe(true);
    }
  });
});
