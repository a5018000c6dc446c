/**
 * Maps items with at most `limit` promises in flight, keeping input order in the output.
 * The mapper must not throw for one item's problem (callers return a failed result instead);
 * if it does, the error propagates after in-flight work settles.
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, mapper: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const width = Math.max(1, Math.min(limit, items.length));
  const workers = Array.from({ length: width }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await mapper(items[index]!, index);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * A FIFO semaphore: at most `limit` tasks at once (requests to one registry, calls through one
 * runtime). A released slot is handed to the next waiter synchronously, so a newcomer can never
 * slip in between and push the count over the limit.
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
