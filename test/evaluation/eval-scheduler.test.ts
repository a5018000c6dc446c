/**
 * The eval scheduler (sample-scheduler.ts, through runEvaluation) with samples in flight, step by step. TEST DOUBLES:
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
/** Samples whose evidence cannot be gathered (no call is made), and entries the dataset gets wrong. */
const evidenceFails = new Set<number>();
const invalidEntries = new Set<number>();

function resultFor(code: string | null): unknown {
  const error = code === null ? null : { code, message: `${code} from the test double` };
  return {
    status: code === null ? 'analyzed' : 'failed',
    riskLevel: code === null ? 'low' : 'unknown',
    riskEvidenceRefs: [],
    findings: [],
    nextAction: 'merge',
    humanReviewReasons: [],
    validation: { schemaValid: code === null, trustIssues: [] },
    error,
  };
}

function outputFor(code: string | null): unknown {
  return {
    result: resultFor(code),
    call: {
      error: code === null ? null : { code, message: `${code} from the test double` },
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
      if (invalidEntries.has(index)) throw new original.EvaluationInputError(`bumps[${index}] is not a valid entry (test double)`);
      if (evidenceFails.has(index)) return { failed: resultFor('CONTEXT_FAILED') };
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

function runOf(options: {
  concurrency: number;
  samples: number;
  repeats?: number;
  maxAttempts?: number;
  maxRequests?: number;
  maxCostUsd?: number;
  onProgress?: () => void;
}): ReturnType<typeof runEvaluation> {
  const bumps = Array.from({ length: options.samples }, (_, index) => ({ name: `sample-${index}`, from: '1.0.0', to: '2.0.0', expected: 'low' }));
  return runEvaluation({
    dataset: { name: 'scheduler', source: 'scheduler test', directory: '/nonexistent', digest: 'sha256:test', registryDirectory: null, repositoryDirectory: null, dataset: { bumps } } as never,
    profile: { profile: { id: 'scheduler', retry: { maxAttempts: options.maxAttempts ?? 1 } }, digest: 'sha256:profile' } as never,
    runtime: { descriptor: { deterministic: false, concurrency: options.concurrency, adapter: 'openai-compatible', mode: 'evaluation', requestedIdentity: { model: 'test-model' } } } as never,
    repeats: options.repeats ?? 1,
    limit: null,
    maxRequests: options.maxRequests ?? null,
    maxCostUsd: options.maxCostUsd ?? null,
    toolVersion: 'test',
    now: () => new Date(0),
    registry: {} as never,
    onProgress: options.onProgress,
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
  evidenceFails.clear();
  invalidEntries.clear();
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
    await settle();
    expect(started()).toEqual([0, 1]);
    const { scorecard } = await run;
    expect(scorecard.samples.map((sample) => sample.case)).toEqual(['sample-0 1.0.0 → 2.0.0']);
    // Sample 1's one call was made and paid for, so it is counted, though not scored.
    expect(scorecard.requests).toBe(2);
  });

  it('a sample whose evidence failed (no call) neither ends the one-at-a-time mode nor breaks "three in a row"', async () => {
    evidenceFails.add(1);
    evidenceFails.add(3);
    const run = runOf({ concurrency: 2, samples: 8 });
    await settle();
    // Sample 1 made no call and is done at once: sample 2 takes its place.
    expect(started()).toEqual([0, 2]);
    callOf(0).answer('RATE_LIMITED');
    await settle();
    // Sample 2 is in flight: one at a time, so nothing starts.
    expect(started()).toEqual([0, 2]);
    callOf(2).answer('RATE_LIMITED');
    await settle();
    // Sample 3 fails without a call; sample 4 is asked alone. Samples 0 and 2 were asked together,
    // so they count once: sample 4 is the second of three in a row, sample 5 the third.
    expect(started()).toEqual([0, 2, 4]);
    callOf(4).answer('RATE_LIMITED');
    await settle();
    expect(started()).toEqual([0, 2, 4, 5]);
    callOf(5).answer('RATE_LIMITED');
    const result = await run;
    expect(started()).toEqual([0, 2, 4, 5]);
    expect(result.stopKind).toBe('endpoint');
  });

  it('a budget that a held sample waits for: it starts once those in flight hand back what they did not use; the stop comes when none is in flight', async () => {
    // Each sample reserves 4 requests (2 repeats × retry.maxAttempts 2) and uses 2; 9 are allowed.
    const run = runOf({ concurrency: 3, samples: 4, repeats: 2, maxAttempts: 2, maxRequests: 9 });
    const finish = async (index: number): Promise<void> => {
      callOf(index).answer(null);
      await settle();
      callOf(index, 1).answer(null);
      await settle();
    };
    await settle();
    expect(started()).toEqual([0, 1]);
    // 2 spent + 4 reserved + 4 > 9: sample 2 still waits.
    await finish(0);
    expect(started()).toEqual([0, 1, 0]);
    // 4 spent + 4 ≤ 9: now it starts.
    await finish(1);
    expect(started()).toEqual([0, 1, 0, 1, 2]);
    await finish(2);
    const result = await run;
    expect(result.stopKind).toBe('budget');
    expect(result.scorecard.stoppedEarly?.reason).toBe("--max-requests 9 reached after 6 request(s): the next sample may make up to 4 (its repeats × the profile's retry.maxAttempts, 2).");
    expect(result.scorecard).toMatchObject({ scoredCount: 3, requests: 6 });
  });

  it('a bad dataset entry read while samples are in flight fails the run closed; a stop that came first makes it moot', async () => {
    gatedSamples.add(1);
    invalidEntries.add(1);
    const run = runOf({ concurrency: 2, samples: 3 });
    await settle();
    release(1);
    await settle();
    callOf(0).answer(null);
    const { scorecard } = await run;
    expect(started()).toEqual([0]);
    expect(scorecard.failedClosed?.code).toBe('DATASET_INVALID');
    expect(scorecard.scoredCount).toBe(1);

    // --max-cost, and an answer without a cost: the run stops on its budget while entry 1 is read.
    calls.length = 0;
    gatedSamples.add(1);
    invalidEntries.add(1);
    const stoppedFirst = runOf({ concurrency: 2, samples: 3, maxCostUsd: 1 });
    await settle();
    callOf(0).answer(null);
    await settle();
    release(1);
    const second = await stoppedFirst;
    expect(second.stopKind).toBe('budget');
    expect(second.scorecard.failedClosed).toBeNull();
  });

  it('--max-cost: a call that got no answer (a rate limit) reports no cost and is not billed, so it does not stop the run as unenforceable', async () => {
    const run = runOf({ concurrency: 1, samples: 2, maxCostUsd: 1 });
    await settle();
    callOf(0).answer('RATE_LIMITED');
    await settle();
    expect(started()).toEqual([0, 1]);
    callOf(1).answer('RATE_LIMITED');
    const result = await run;
    expect(result.scorecard.stoppedEarly).toBeNull();
    expect(result.scorecard.scoredCount).toBe(2);
  });

  it("an onProgress that throws while the scheduler waits for evidence: no unhandled rejection, the run rethrows it", async () => {
    gatedSamples.add(1);
    const run = runOf({
      concurrency: 2,
      samples: 3,
      onProgress: () => {
        throw new Error('a progress printer that fails');
      },
    });
    const outcome = run.then(
      () => null,
      (error: unknown) => error,
    );
    await settle();
    callOf(0).answer(null);
    await settle();
    release(1);
    await settle();
    expect(unhandled).toEqual([]);
    expect(started()).toEqual([0]);
    expect(String(await outcome)).toBe('Error: a progress printer that fails');
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
