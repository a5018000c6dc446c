/**
 * A run that stops early — cancelled, or past its whole-run deadline — still ends with one
 * result per dependency: what finished is kept, what did not is CANCELLED or TIMEOUT. A
 * cancelled run withholds its verdict; a run past its deadline keeps one (its unfinished
 * dependencies ask for review).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSnapshotRegistryClient } from '../../src/ecosystems/npm/snapshot-registry.js';
import { runPipeline } from '../../src/pipeline/run-pipeline.js';
import { createRunStop } from '../../src/pipeline/run-stop.js';
import { RuntimeError, type RuntimeDescriptor, type RuntimeRequest, type RuntimeSuccess, type StructuredRuntime } from '../../src/runtime/contract.js';
import { silentLogger } from '../../src/shared/logger.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';
import { FAKE_DESCRIPTOR, successWith } from '../analysis/fake-runtime.js';
import type { DependencyFileSource } from '../../src/bumps/types.js';
import type { NpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';

const samples = resolve(import.meta.dirname, '../../samples');
const GROUNDLESS = JSON.stringify({ summary: 'No notable changes.', summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] });

/** TEST DOUBLE: answers the first call at once; every later call hangs until the run's signal aborts it. */
class FirstAnswersThenHangs implements StructuredRuntime {
  readonly descriptor: RuntimeDescriptor = { ...FAKE_DESCRIPTOR, concurrency: 1 };
  calls = 0;
  onHang: () => void = () => {};
  async generateStructured(request: RuntimeRequest): Promise<RuntimeSuccess> {
    this.calls += 1;
    if (this.calls === 1) return successWith(GROUNDLESS);
    this.onHang();
    if (!request.signal?.aborted) await new Promise<void>((resolveAbort) => request.signal?.addEventListener('abort', () => resolveAbort(), { once: true }));
    const reason: unknown = request.signal?.reason;
    throw reason instanceof RuntimeError ? new RuntimeError(reason.code, reason.message) : new RuntimeError('CANCELLED', 'cancelled');
  }
}

function sampleFiles(): DependencyFileSource {
  return createDirectoryFileSource({ baseDir: resolve(samples, 'grouped-bump/base'), headDir: resolve(samples, 'grouped-bump/head') });
}

function runSample(runtime: StructuredRuntime, signal: AbortSignal, fileSource: DependencyFileSource = sampleFiles(), registry?: NpmRegistryClient) {
  return runPipeline({
    fileSource,
    registry: registry ?? createSnapshotRegistryClient({ directory: resolve(samples, 'registry') }),
    registryUrl: 'https://registry.npmjs.org',
    github: null,
    runtime,
    logger: silentLogger,
    runId: 'run-1',
    now: () => new Date('2025-01-01T00:00:00.000Z'),
    toolVersion: '0.0.0-test',
    source: { repository: null, pullRequest: null, baseRef: 'base', headRef: 'head', headSha: null },
    signal,
  });
}

describe('a run that stops early', () => {
  it('cancelled mid-analysis: keeps the finished result, cancels the rest, and withholds the verdict', async () => {
    const stop = createRunStop({ deadlineMs: 60_000 });
    const runtime = new FirstAnswersThenHangs();
    runtime.onHang = () => stop.cancel('SIGTERM');
    const outcome = await runSample(runtime, stop.signal);
    stop.dispose();

    expect(outcome.results).toHaveLength(4);
    expect(outcome.results.filter((result) => result.status === 'analyzed')).toHaveLength(1);
    const unfinished = outcome.results.filter((result) => result.status === 'failed');
    expect(unfinished.map((result) => result.error?.code)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED']);
    for (const result of unfinished) expect(result.error?.message).toMatch(/cancelled \(SIGTERM\)/);
    expect(outcome.verdict).toBe('withheld');
    expect(outcome.failClosed).toMatchObject({ code: 'CANCELLED', message: expect.stringMatching(/^Verdict withheld: the run was cancelled \(SIGTERM\)/) });
    // The call in flight is recorded as cancelled; the two never started are not calls at all.
    expect(outcome.calls.map((call) => call.error?.code ?? null)).toEqual([null, 'CANCELLED']);
  });

  it('past its deadline: unfinished dependencies are TIMEOUT, and the verdict stands (review)', async () => {
    const stop = createRunStop({ deadlineMs: 60_000 });
    const runtime = new FirstAnswersThenHangs();
    // The deadline, simulated: the stop's own timer would fire the same way, only later.
    const deadline = new AbortController();
    runtime.onHang = () => deadline.abort(new RuntimeError('TIMEOUT', "not finished: the run's 10s deadline passed"));
    const outcome = await runSample(runtime, deadline.signal);
    stop.dispose();

    const unfinished = outcome.results.filter((result) => result.status === 'failed');
    expect(unfinished.map((result) => result.error?.code)).toEqual(['TIMEOUT', 'TIMEOUT', 'TIMEOUT']);
    expect(outcome.failClosed).toBeNull();
    expect(outcome.verdict).toBe('review');
    for (const result of unfinished) expect(result.humanReviewReasons).toContain('ANALYSIS_FAILED');
  });

  it('the deadline timer itself stops the run', async () => {
    const stop = createRunStop({ deadlineMs: 50 });
    const runtime = new FirstAnswersThenHangs();
    const outcome = await runSample(runtime, stop.signal);
    expect(stop.stoppedBy()).toBe('deadline');
    expect(outcome.results.some((result) => result.error?.code === 'TIMEOUT')).toBe(true);
    expect(outcome.failClosed).toBeNull();
  });

  it('cancelled while gathering evidence: every dependency is listed as cancelled, none sent to the runtime', async () => {
    const stop = createRunStop({ deadlineMs: 60_000 });
    const snapshot = createSnapshotRegistryClient({ directory: resolve(samples, 'registry') });
    // The first packument request "hangs" and the run is cancelled meanwhile.
    const hangingRegistry: NpmRegistryClient = {
      ...snapshot,
      getPackument: () => {
        stop.cancel('SIGINT');
        return new Promise(() => {});
      },
    };
    const runtime = new FirstAnswersThenHangs();
    const outcome = await runSample(runtime, stop.signal, sampleFiles(), hangingRegistry);
    stop.dispose();
    expect(outcome.results).toHaveLength(4);
    expect(outcome.results.map((result) => result.error?.code)).toEqual(['CANCELLED', 'CANCELLED', 'CANCELLED', 'CANCELLED']);
    expect(outcome.failClosed?.code).toBe('CANCELLED');
    expect(runtime.calls).toBe(0);
  });

  it('stopped while the dependency files are read: rejects with the stop reason, for the caller to publish', async () => {
    const deadline = new AbortController();
    const files = sampleFiles();
    const hangingFiles: DependencyFileSource = {
      ...files,
      read: () => {
        deadline.abort(new RuntimeError('TIMEOUT', "not finished: the run's 10s deadline passed"));
        return new Promise(() => {});
      },
    };
    await expect(runSample(new FirstAnswersThenHangs(), deadline.signal, hangingFiles)).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
