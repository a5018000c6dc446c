import type { FailOn } from '../action/config.js';
import { unreadableInputs } from '../report/verdict.js';
import type { RunOutcome } from './types.js';

export interface ExitDecision {
  /** 0 verdict within policy, 1 run failed closed, 2 verdict breaches fail-on. */
  exitCode: 0 | 1 | 2;
  /** Why the run fails, for setFailed and the CLI; null when it does not. */
  reason: string | null;
}

/**
 * A fail-closed run always fails, whatever fail-on says. Otherwise `fail-on` decides:
 * never (default) reports only; high-risk fails on any high-risk result; review fails on any
 * result that needs a person (high risk, unknown risk, failed analysis, missing evidence).
 */
export function decideExit(outcome: Pick<RunOutcome, 'failClosed' | 'results' | 'detectionWarnings'>, failOn: FailOn): ExitDecision {
  if (outcome.failClosed) {
    return { exitCode: 1, reason: `DepVerdict withheld its verdict (${outcome.failClosed.code}): ${outcome.failClosed.message}` };
  }
  if (failOn === 'high-risk') {
    const high = outcome.results.filter((result) => result.riskLevel === 'high');
    if (high.length > 0) {
      return { exitCode: 2, reason: `${high.length} dependency bump(s) rated high risk (fail-on: high-risk): ${high.map((r) => r.dependency.name).join(', ')}` };
    }
  }
  if (failOn === 'review') {
    const unreadable = unreadableInputs(outcome.detectionWarnings);
    if (unreadable.length > 0) {
      return { exitCode: 2, reason: `Dependency files could not be read, so bumps may be missing (fail-on: review): ${unreadable.map((w) => w.subject).join(', ')}` };
    }
    const review = outcome.results.filter((result) => result.humanReviewReasons.length > 0 || result.status === 'failed');
    if (review.length > 0) {
      return { exitCode: 2, reason: `${review.length} dependency bump(s) need human review (fail-on: review): ${review.map((r) => r.dependency.name).join(', ')}` };
    }
  }
  return { exitCode: 0, reason: null };
}
