/**
 * What an I/O client needs to know about the run it serves: when to stop. The registry and
 * GitHub clients take this instead of a clock or a controller of their own, so a cancelled run
 * aborts their requests and a wait asked for by a server (Retry-After) never outlives the run.
 */
export interface RunBounds {
  /** Aborts when the run is cancelled or its deadline passes; `signal.reason` says which. */
  readonly signal: AbortSignal;
  /** Milliseconds left before the run's deadline (0 once it has passed). */
  remainingMs(): number;
}

/** Bounds that never stop: for callers (tests, the `context` command) that run without a deadline. */
export const UNBOUNDED_RUN: RunBounds = { signal: new AbortController().signal, remainingMs: () => Number.POSITIVE_INFINITY };

/**
 * Waits `milliseconds`, or rejects with the signal's reason the moment it aborts, so a
 * cancelled run never sits out a backoff.
 */
export function sleepUnlessStopped(milliseconds: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
