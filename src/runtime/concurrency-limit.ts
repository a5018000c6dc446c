/**
 * A small FIFO semaphore: at most `limit` calls through one runtime at a time, so a PR
 * with fifty bumps does not open fifty requests against a local model server.
 */
export interface ConcurrencyLimit {
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
}

export function createConcurrencyLimit(limit: number): ConcurrencyLimit {
  let active = 0;
  const waiting: Array<() => void> = [];

  const release = (): void => {
    active -= 1;
    const next = waiting.shift();
    if (next) next();
  };

  const acquire = (signal?: AbortSignal): Promise<void> => {
    if (active < limit) {
      active += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const grant = (): void => {
        signal?.removeEventListener('abort', onAbort);
        active += 1;
        resolve();
      };
      const onAbort = (): void => {
        const index = waiting.indexOf(grant);
        if (index >= 0) waiting.splice(index, 1);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      waiting.push(grant);
    });
  };

  return {
    async run(task, signal) {
      await acquire(signal);
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
