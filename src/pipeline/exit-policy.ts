import { needsReview, unreadableInputs } from '../report/verdict.js';
import type { RunOutcome } from '../report/run-outcome.js';

/** When the verdict fails the step or command: never, on a high-risk bump, or on any bump needing review. */
export const FAIL_ON_VALUES = ['never', 'high-risk', 'review'] as const;
export type FailOn = (typeof FAIL_ON_VALUES)[number];

export interface ExitDecision {
  /** 0 verdict within policy, 1 run failed closed, 2 verdict breaches fail-on. */
  exitCode: 0 | 1 | 2;
  /** Why the run fails, for setFailed and the CLI; null when it does not. */
  reason: string | null;
}

const names = (results: RunOutcome['results']): string => results.map((result) => result.dependency.name).join(', ');

/**
 * A fail-closed run always fails, whatever fail-on says. Otherwise `fail-on` decides:
 * - never (default): report only;
 * - high-risk: fail on any analysed high-risk result (this includes every `blocked` verdict);
 * - review: fail when a dependency file could not be read (bumps may be missing), or on any
 *   result that needs a person — the same rule as the `review` verdict (report/verdict.ts).
 */
export function decideExit(outcome: Pick<RunOutcome, 'failClosed' | 'results' | 'detectionWarnings'>, failOn: FailOn): ExitDecision {
  if (outcome.failClosed) {
    return { exitCode: 1, reason: `DepVerdict withheld its verdict (${outcome.failClosed.code}): ${outcome.failClosed.message}` };
  }
  if (failOn === 'high-risk') {
    const high = outcome.results.filter((result) => result.status !== 'skipped' && result.riskLevel === 'high');
    if (high.length > 0) return { exitCode: 2, reason: `${high.length} dependency bump(s) rated high risk (fail-on: high-risk): ${names(high)}` };
  }
  if (failOn === 'review') {
    const unreadable = unreadableInputs(outcome.detectionWarnings);
    if (unreadable.length > 0) {
      const files = unreadable.map((warning) => warning.subject).join(', ');
      return { exitCode: 2, reason: `Dependency files could not be read, so bumps may be missing (fail-on: review): ${files}` };
    }
    const review = outcome.results.filter(needsReview);
    if (review.length > 0) return { exitCode: 2, reason: `${review.length} dependency bump(s) need human review (fail-on: review): ${names(review)}` };
  }
  return { exitCode: 0, reason: null };
}
