/**
 * The eval scheduler (run-evaluation.ts) with samples in flight, step by step. TEST DOUBLES:
 * `prepareLabelledBump` is replaced by one whose evidence is ready when the test says, and each
 * sample's runtime call is a promise the test settles with the answer it chooses (success or an
 * error code). So every interleaving below is exact, not a matter of timing; the real HTTP
 * runtime against loopback endpoints is eval-model-endpoints.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AnalyzeLabelledBump from '../../src/evaluation/analyze-labelled-bump.js';

interface PendingCall {
  index: number;
  answer(code: string | null): void;
  fail(error: Error): void;
}

/** Calls the scheduler started, in order. */
const calls: PendingCall[] = [];
/** Samples whose evidence the test holds back, released with `release(index)`. */
const heldEvidence = new Map<number, () => void>();
const gatedSamples = new Set<number>();

function outputFor(code: string | null): unknown {
  const error = code === null ? null : { code, message: `${code} from the test double` };
  return {
    result: {
      status: code === null ? 'analyzed' : 'failed',
      riskLevel: code === null ? 'low' : 'unknown',
      riskEvidenceRefs: [],
      findings: [],
      nextAction: 'merge',
      humanReviewReasons: [],
      validation: { schemaValid: code === null, trustIssues: [] },
      error,
    },
    call: {
      error,
      success: code === null ? { execution: { attempts: 1, route: { fallbackOccurred: false } }, timings: { totalMs: 1 }, usage: { inputTokens: 1, outputTokens: 1, costUsd: null } } : undefined,
      failureTelemetry: code === null ? undefined : { attempts: 1, timings: { totalMs: 1 }, usage: null },
    },
  };
}

vi.mock('../../src/evaluation/analyze-labelled-bump.js', async (importOriginal) => {
  const original = await importOriginal<typeof AnalyzeLabelledBump>();
  return {
    ...original,
    prepareLabelledBump: async (bump: { name: string }) => {
      const index = Number(bump.name.slice('sample-'.length));
      if (gatedSamples.has(index)) await new Promise<void>((resolve) => heldEvidence.set(index, resolve));
      return {
        analyse: () =>
          new Promise((resolve, reject) => {
            calls.push({ index, answer: (code) => resolve(outputFor(code)), fail: reject });
          }),
      };
    },
  };
});

const { runEvaluation } = await import('../../src/evaluation/run-evaluation.js');

function runOf(options: { concurrency: number; samples: number; repeats?: number }): ReturnType<typeof runEvaluation> {
  const bumps = Array.from({ length: options.samples }, (_, index) => ({ name: `sample-${index}`, from: '1.0.0', to: '2.0.0', expected: 'low' }));
  return runEvaluation({
    dataset: { name: 'scheduler', source: 'scheduler test', directory: '/nonexistent', digest: 'sha256:test', registryDirectory: null, repositoryDirectory: null, dataset: { bumps } } as never,
    profile: { profile: { id: 'scheduler', retry: { maxAttempts: 1 } }, digest: 'sha256:profile' } as never,
    runtime: { descriptor: { deterministic: false, concurrency: options.concurrency, adapter: 'openai-compatible', mode: 'evaluation', requestedIdentity: { model: 'test-model' } } } as never,
    repeats: options.repeats ?? 1,
    limit: null,
    maxRequests: null,
    maxCostUsd: null,
    toolVersion: 'test',
    now: () => new Date(0),
    registry: {} as never,
  });
}

/** Lets every promise chain the last step started run to where it waits next. */
async function settle(): Promise<void> {
  for (let round = 0; round < 10; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

function release(index: number): void {
  gatedSamples.delete(index);
  heldEvidence.get(index)?.();
}

const started = (): number[] => calls.map((call) => call.index);
const callOf = (index: number, nth = 0): PendingCall => calls.filter((call) => call.index === index)[nth]!;

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};

beforeEach(() => {
  calls.length = 0;
  heldEvidence.clear();
  gatedSamples.clear();
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

describe('eval with samples in flight', () => {
  it('asks up to limits.concurrency samples at once and starts the next as one finishes', async () => {
    const run = runOf({ concurrency: 2, samples: 4 });
    await settle();
    expect(started()).toEqual([0, 1]);
    callOf(1).answer(null);
    await settle();
    expect(started()).toEqual([0, 1, 2]);
    for (const index of [0, 2]) callOf(index).answer(null);
    await settle();
    callOf(3).answer(null);
    const { scorecard } = await run;
    expect(scorecard.samples.map((sample) => sample.case)).toEqual(['sample-0 1.0.0 → 2.0.0', 'sample-1 1.0.0 → 2.0.0', 'sample-2 1.0.0 → 2.0.0', 'sample-3 1.0.0 → 2.0.0']);
  });

  it('after a fail-closed answer no sample starts, not even one whose evidence was still being read', async () => {
    gatedSamples.add(1);
    const run = runOf({ concurrency: 2, samples: 3 });
    await settle();
    expect(started()).toEqual([0]);
    callOf(0).answer('AUTH_ERROR');
    await settle();
    release(1);
    await settle();
    expect(started()).toEqual([0]);
    const { scorecard } = await run;
    expect(scorecard.failedClosed?.code).toBe('AUTH_ERROR');
    expect(scorecard.scoredCount).toBe(1);
  });

  it('after an endpoint-down failure, one sample at a time until one succeeds, even for one whose evidence came late', async () => {
    gatedSamples.add(2);
    const run = runOf({ concurrency: 3, samples: 4 });
    await settle();
    expect(started()).toEqual([0, 1]);
    callOf(0).answer('RATE_LIMITED');
    await settle();
    release(2);
    await settle();
    // Sample 1 is still in flight: sample 2 waits.
    expect(started()).toEqual([0, 1]);
    callOf(1).answer(null);
    await settle();
    expect(started()).toEqual([0, 1, 2, 3]);
    for (const index of [2, 3]) callOf(index).answer(null);
    const { scorecard } = await run;
    expect(scorecard.stoppedEarly).toBeNull();
    expect(scorecard.scoredCount).toBe(4);
  });

  it('a burst of samples asked together counts once toward "three in a row"; then two more asked in turn stop the run', async () => {
    const run = runOf({ concurrency: 4, samples: 8 });
    await settle();
    expect(started()).toEqual([0, 1, 2, 3]);
    for (const index of [0, 1, 2, 3]) callOf(index).answer('RATE_LIMITED');
    await settle();
    expect(started()).toEqual([0, 1, 2, 3, 4]);
    callOf(4).answer('RATE_LIMITED');
    await settle();
    expect(started()).toEqual([0, 1, 2, 3, 4, 5]);
    callOf(5).answer('TIMEOUT');
    const result = await run;
    expect(started()).toHaveLength(6);
    expect(result.stopKind).toBe('endpoint');
    expect(result.scorecard.stoppedEarly?.reason).toBe(
      "the endpoint failed 3 samples in a row (RATE_LIMITED, TIMEOUT) after the profile's retries; check that it is up and not rate-limiting, then run again.",
    );
    expect(result.scorecard.scoredCount).toBe(6);
  });

  it('a stop between repeats: the sample in flight makes no further call and is not scored', async () => {
    const run = runOf({ concurrency: 2, samples: 3, repeats: 2 });
    await settle();
    expect(started()).toEqual([0, 1]);
    callOf(0).answer('AUTH_ERROR');
    await settle();
    callOf(1).answer(null);
    const { scorecard } = await run;
    expect(started()).toEqual([0, 1]);
    expect(scorecard.samples.map((sample) => sample.case)).toEqual(['sample-0 1.0.0 → 2.0.0']);
  });

  it('a sample that throws while the scheduler waits for evidence: no unhandled rejection, no new sample, the run rethrows it', async () => {
    gatedSamples.add(1);
    const run = runOf({ concurrency: 2, samples: 3 });
    const outcome = run.then(
      () => null,
      (error: unknown) => error,
    );
    await settle();
    callOf(0).fail(new Error('a bug in the pipeline'));
    await settle();
    release(1);
    await settle();
    expect(unhandled).toEqual([]);
    expect(started()).toEqual([0]);
    expect(String(await outcome)).toBe('Error: a bug in the pipeline');
  });
});
