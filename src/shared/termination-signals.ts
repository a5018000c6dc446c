/**
 * SIGINT/SIGTERM handling for the action and the CLI. The runner cancels a job (or ends it at
 * `timeout-minutes`) with SIGINT, then SIGTERM a few seconds later, then SIGKILL; Node's
 * default is to die at once and publish nothing. Here the first signal asks the run to stop and
 * publish what it has; a hard exit after `graceMs` keeps the promise to exit within the
 * runner's window even if publishing hangs; a second signal exits at once.
 */

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 } as const;
export type TerminationSignal = keyof typeof SIGNAL_NUMBERS;

/** The conventional exit status of a process ended by `signal` (130 for SIGINT, 143 for SIGTERM). */
export function exitCodeForSignal(signal: TerminationSignal): number {
  return 128 + SIGNAL_NUMBERS[signal];
}

let firstReceived: TerminationSignal | null = null;

/** The first termination signal this process received while watched, for the entry point's exit. */
export function receivedTerminationSignal(): TerminationSignal | null {
  return firstReceived;
}

export interface TerminationWatch {
  /** The first signal received, or null. */
  received(): TerminationSignal | null;
  /** Removes the handlers (the run is over; Node's defaults apply again). */
  dispose(): void;
}

export function watchTermination(options: {
  onSignal: (signal: TerminationSignal) => void;
  /** Time allowed to publish after the first signal before the process exits regardless. */
  graceMs: number;
  /** Last words before a forced exit, e.g. to stderr. */
  onForcedExit?: (message: string) => void;
}): TerminationWatch {
  let received: TerminationSignal | null = null;
  const handle = (signal: TerminationSignal): void => {
    if (received !== null) {
      options.onForcedExit?.(`${signal} received again; exiting now.`);
      process.exit(exitCodeForSignal(received));
    }
    received = signal;
    firstReceived ??= signal;
    // unref: a run that finishes publishing in time exits on its own, not at this timer.
    setTimeout(() => {
      options.onForcedExit?.(`publishing did not finish within ${options.graceMs} ms of ${signal}; exiting.`);
      process.exit(exitCodeForSignal(signal));
    }, options.graceMs).unref();
    options.onSignal(signal);
  };
  const onInterrupt = (): void => handle('SIGINT');
  const onTerminate = (): void => handle('SIGTERM');
  process.on('SIGINT', onInterrupt);
  process.on('SIGTERM', onTerminate);
  return {
    received: () => received,
    dispose() {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
    },
  };
}
