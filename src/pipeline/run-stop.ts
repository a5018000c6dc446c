import { RuntimeError } from '../runtime/contract.js';
import type { RunBounds } from '../shared/run-bounds.js';
import { formatDuration } from '../shared/duration.js';
import type { FailClosed } from '../report/run-outcome.js';

import type { Logger } from '../shared/logger.js';
import { watchTermination, type TerminationWatch } from '../shared/termination-signals.js';

/** The whole run's deadline unless the user sets `timeout` / `--deadline`: well under GitHub's 6 h job limit. */
export const DEFAULT_RUN_DEADLINE_MS = 10 * 60_000;
export const MIN_RUN_DEADLINE_MS = 10_000;
export const MAX_RUN_DEADLINE_MS = 6 * 3_600_000;

/**
 * How a run ends early: cancelled (SIGINT/SIGTERM, as the runner sends on cancel or
 * `timeout-minutes`) or past its whole-run deadline. One AbortSignal carries both to every
 * request in flight; its reason is a RuntimeError (CANCELLED or TIMEOUT) whose message is what
 * each unfinished dependency then says.
 */
export interface RunStop extends RunBounds {
  /** Stops the run as cancelled; `cause` names what asked (e.g. `SIGTERM`). Later calls do nothing. */
  cancel(cause: string): void;
  /** Why the run stopped, or null while it runs. */
  stoppedBy(): 'cancelled' | 'deadline' | null;
  /** Clears the deadline timer (the run finished). */
  dispose(): void;
}

export function createRunStop(options: { deadlineMs: number; now?: () => number }): RunStop {
  const now = options.now ?? Date.now;
  const deadlineAt = now() + options.deadlineMs;
  const controller = new AbortController();
  let stoppedBy: 'cancelled' | 'deadline' | null = null;
  const timer = setTimeout(() => {
    if (stoppedBy !== null) return;
    stoppedBy = 'deadline';
    controller.abort(new RuntimeError('TIMEOUT', `not finished: the run's ${formatDuration(options.deadlineMs)} deadline passed (raise it with the timeout input or --deadline)`));
  }, options.deadlineMs);
  // The timer alone must never keep a finished run's process alive.
  timer.unref();
  return {
    signal: controller.signal,
    remainingMs: () => Math.max(0, deadlineAt - now()),
    cancel(cause) {
      if (stoppedBy !== null) return;
      stoppedBy = 'cancelled';
      clearTimeout(timer);
      controller.abort(new RuntimeError('CANCELLED', `not finished: the run was cancelled (${cause})`));
    },
    stoppedBy: () => stoppedBy,
    dispose: () => clearTimeout(timer),
  };
}

/**
 * A cancelled run withholds its verdict: what was not analysed may be exactly the bump that
 * matters, so no verdict stands for the whole change. (A run past its deadline keeps its
 * verdict: unfinished dependencies are failed results that ask for review.)
 */
export function cancelledFailClosed(signal: AbortSignal | undefined): FailClosed | null {
  if (!signal?.aborted) return null;
  const reason = stopReasonOf(signal);
  if (reason.code !== 'CANCELLED') return null;
  const detail = reason.message.replace(/^not finished: /, '');
  return { code: 'CANCELLED', message: `Verdict withheld: ${detail} before every dependency was analysed. The results that finished are in version-analysis.json; rerun the job for a verdict.` };
}

/** The RuntimeError a stopped run's unfinished work reports (CANCELLED or TIMEOUT). */
export function stopReasonOf(signal: AbortSignal): RuntimeError {
  const reason: unknown = signal.reason;
  return reason instanceof RuntimeError && (reason.code === 'CANCELLED' || reason.code === 'TIMEOUT') ? reason : new RuntimeError('CANCELLED', 'not finished: the run was cancelled');
}

/** Settles as `work` does, or rejects with the stop reason the moment `signal` aborts. */
export function untilStopped<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(stopReasonOf(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(stopReasonOf(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** A run stopped before its dependencies were known (while reading the PR or its files): nothing was analysed. */
export function stoppedRunFailClosed(signal: AbortSignal): FailClosed {
  const reason = stopReasonOf(signal);
  const detail = reason.message.replace(/^not finished: /, '');
  return { code: reason.code, message: `Verdict withheld: ${detail} before the dependency files were read, so nothing was analysed.` };
}

/** Time between the first SIGINT/SIGTERM and the forced exit: the runner sends SIGKILL soon after. */
export const PUBLISH_GRACE_MS = 4500;

/**
 * The run's stop (deadline or cancel) wired to SIGINT/SIGTERM, as both edges need it: the first
 * signal stops the analysis so what finished can still be published within PUBLISH_GRACE_MS;
 * `publishing` words the warning ("publishing", "writing").
 */
export function stopOnTermination(options: { deadlineMs: number; logger: Logger; publishing: string }): { stop: RunStop; termination: TerminationWatch } {
  const stop = createRunStop({ deadlineMs: options.deadlineMs });
  const termination = watchTermination({
    graceMs: PUBLISH_GRACE_MS,
    onSignal: (signal) => {
      options.logger.warning(`${signal} received: stopping the analysis and ${options.publishing} what finished.`);
      stop.cancel(signal);
    },
    onForcedExit: (message) => options.logger.error(message),
  });
  return { stop, termination };
}
