import { sanitizeMessage } from '../shared/redaction.js';
import { EvaluationInputError, type PreparedLabelledBump } from './analyze-labelled-bump.js';
import { bumpLabel, type LabelledBump } from './dataset.js';
import type { BudgetReservation, EvalBudget } from './eval-budget.js';
import type { SampleOutcome } from './run-sample.js';
import type { Scorecard } from './scorecard.js';

/**
 * Which eval sample runs when: up to `width` samples in flight (the profile's
 * `limits.concurrency`), each started only once the budget reserved its share, in dataset order.
 *
 * - After a sample fails because the endpoint cannot serve, one sample at a time until one
 *   succeeds. Samples asked together with the first failure count once toward the three in a
 *   row that stop the run; after it only samples asked in turn count.
 * - After any stop (a budget, the endpoint down, a fail-closed answer, a bad dataset entry) no
 *   sample starts, and the samples in flight make no further call (`runStopped`).
 * - A sample that throws (a bug, not an answer) ends the run; it is rethrown once the samples in
 *   flight settled, never left as an unhandled rejection.
 * The checks run again after every wait (for evidence, for a sample to finish), since samples
 * in flight may have stopped the run or slowed it in the meantime.
 */

const CONSECUTIVE_DOWN_LIMIT = 3;

export type StopKind = 'budget' | 'endpoint';

export interface ScheduleOptions {
  bumps: readonly LabelledBump[];
  width: number;
  /** Null when nothing is spent (the extractive analyzer). */
  budget: EvalBudget | null;
  /** Where the dataset came from, for the DATASET_INVALID advice. */
  datasetSource: string;
  /** The sample's evidence, gathered ahead; taken once each, in order. */
  take(index: number): Promise<PreparedLabelledBump>;
  /** Asks the runtime about one sample; `runStopped` is asked between its repeats. */
  runOne(index: number, prepared: PreparedLabelledBump, runStopped: () => boolean): Promise<SampleOutcome>;
  /** Called after each sample settles, with how many have. */
  onSettled?: (done: number) => void;
}

export interface ScheduleResult {
  /** Every sample that ran, in dataset order. */
  outcomes: SampleOutcome[];
  stoppedEarly: Scorecard['stoppedEarly'];
  stopKind: StopKind | null;
  failedClosed: Scorecard['failedClosed'];
}

export async function scheduleSamples(options: ScheduleOptions): Promise<ScheduleResult> {
  const { bumps, budget } = options;
  const width = Math.max(1, options.width);
  const outcomes = new Map<number, SampleOutcome>();
  let stoppedEarly: Scorecard['stoppedEarly'] = null;
  let stopKind: StopKind | null = null;
  let failedClosed: Scorecard['failedClosed'] = null;
  let thrown: { error: unknown } | null = null;
  /** The error codes of the samples that count toward "three in a row", in completion order. */
  const downInARow: string[][] = [];
  /** After an endpoint-down failure: one sample at a time, so a struggling endpoint is not hammered. */
  let cautious = false;
  const inFlight = new Map<number, Promise<void>>();
  const stopped = (): boolean => stoppedEarly !== null || failedClosed !== null || thrown !== null;
  const stop = (kind: StopKind, reason: string): void => {
    if (stopped()) return;
    stoppedEarly = { reason };
    stopKind = kind;
  };
  const mayStart = (): boolean => !stopped() && inFlight.size < (cautious ? 1 : width);

  const record = (index: number, outcome: SampleOutcome, startedCautious: boolean): void => {
    outcomes.set(index, outcome);
    options.onSettled?.(outcomes.size);
    // A fail-closed answer ends the run even after a budget stop: it is the graver cause.
    if (outcome.failedClosed !== null) failedClosed ??= outcome.failedClosed;
    if (outcome.costNotReported) {
      stop('budget', `--max-cost was given, but the endpoint reported no cost for ${bumpLabel(bumps[index]!)}, so the budget cannot be enforced; drop --max-cost or use --max-requests.`);
    }
    // An excluded or abandoned sample, or one whose evidence failed (no call), says nothing of
    // whether the endpoint can serve.
    if (outcome.scored === null || !outcome.asked) return;
    if (!outcome.endpointDown) {
      cautious = false;
      downInARow.length = 0;
      return;
    }
    cautious = true;
    // Samples asked together fail together (one burst of 429s): the first failure counts, and
    // after it only samples asked one at a time, so "three in a row" means three asked in turn.
    if (downInARow.length === 0 || startedCautious) downInARow.push(outcome.errorCodes);
    if (downInARow.length >= CONSECUTIVE_DOWN_LIMIT) {
      const codes = [...new Set(downInARow.slice(-CONSECUTIVE_DOWN_LIMIT).flat())].sort().join(', ');
      stop('endpoint', `the endpoint failed ${CONSECUTIVE_DOWN_LIMIT} samples in a row (${codes}) after the profile's retries; check that it is up and not rate-limiting, then run again.`);
    }
  };

  const launch = (index: number, prepared: PreparedLabelledBump, reservation: BudgetReservation | null): void => {
    const startedCautious = cautious;
    const sample = options.runOne(index, prepared, stopped).then(
      (outcome) => {
        inFlight.delete(index);
        try {
          if (reservation !== null) budget!.settle(reservation, outcome.spent);
          record(index, outcome, startedCautious);
        } catch (error) {
          // The caller's progress printer, say: never an unhandled rejection while the loop waits elsewhere.
          thrown ??= { error };
        }
      },
      (error: unknown) => {
        inFlight.delete(index);
        thrown ??= { error };
      },
    );
    inFlight.set(index, sample);
  };

  /** The next sample, taken from the preparations but not started yet (waiting for a slot or the budget). */
  let held: { index: number; prepared: PreparedLabelledBump } | null = null;
  let next = 0;
  try {
    for (;;) {
      if (held === null && next < bumps.length && mayStart()) {
        const index = next;
        next += 1;
        try {
          held = { index, prepared: await options.take(index) };
        } catch (error) {
          // Anything but a bad entry is a bug: it ends the run (samples in flight make no further
          // call) and is rethrown. A bad entry the run stopped before would never have been asked.
          if (!(error instanceof EvaluationInputError)) thrown ??= { error };
          else if (!stopped()) failedClosed = { code: 'DATASET_INVALID', message: `${sanitizeMessage(error.message)} Fix the entry in ${options.datasetSource} and run again.` };
        }
        // Samples in flight may have finished, or stopped the run, while this one was prepared.
        continue;
      }
      if (held !== null && mayStart()) {
        // A sample whose evidence failed makes no call, so it needs no budget.
        const reserved = budget === null || 'failed' in held.prepared ? null : budget.reserve();
        if (reserved === null || 'reserved' in reserved) {
          launch(held.index, held.prepared, reserved?.reserved ?? null);
          held = null;
          continue;
        }
        // Samples in flight may hand back what they did not use; with none, the budget is spent.
        if (inFlight.size === 0) stop('budget', reserved.refused);
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight.values());
    }
  } finally {
    // A run that throws still lets its calls in flight settle before it returns.
    await Promise.allSettled(inFlight.values());
  }
  if (thrown !== null) throw (thrown as { error: unknown }).error;
  return {
    outcomes: [...outcomes].sort(([a], [b]) => a - b).map(([, outcome]) => outcome),
    stoppedEarly,
    stopKind,
    failedClosed,
  };
}
