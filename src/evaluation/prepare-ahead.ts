/**
 * Starts the work for the items after the one taken, at most `depth` ahead, in order: an
 * evaluation sample's evidence (tarball inflation on a worker thread, file and registry reads) is
 * mostly waiting, which the samples being prepared next fill. The caller still takes the results
 * one at a time, in order, so what it does with each (runtime calls, budgets, stops) is unchanged.
 * A preparation's failure surfaces when its item is taken, never as an unhandled rejection
 * before. When the caller is done, `stop()` aborts the preparations it never took and waits for
 * them to settle, so nothing keeps reading after the run has returned.
 */
export interface PreparedAhead<R> {
  /** The result for `index`; items are taken once each, in order. */
  take(index: number): Promise<R>;
  /** Aborts the preparations not taken (their signal) and resolves once all of them settled. */
  stop(): Promise<void>;
}

export function prepareAhead<T, R>(items: readonly T[], depth: number, prepare: (item: T, signal: AbortSignal) => Promise<R>): PreparedAhead<R> {
  const controller = new AbortController();
  const started = new Map<number, Promise<R>>();
  let nextToStart = 0;
  return {
    take(index) {
      for (; nextToStart < items.length && nextToStart <= index + depth && !controller.signal.aborted; nextToStart += 1) {
        const item = items[nextToStart]!;
        // Through a promise, so a preparation that throws at once fails its own item, not this take.
        const pending = Promise.resolve().then(() => prepare(item, controller.signal));
        // Observed here so a failure ahead of the caller is not reported as unhandled; the caller
        // still gets the rejection when it takes that item.
        pending.catch(() => undefined);
        started.set(nextToStart, pending);
      }
      const pending = started.get(index);
      if (pending === undefined) throw new RangeError(`prepareAhead: item ${index} was already taken, is out of range (0..${items.length - 1}) or was asked after stop(); take items once, in order.`);
      started.delete(index);
      return pending;
    },
    async stop() {
      controller.abort(new Error('the evaluation no longer needs this sample'));
      await Promise.allSettled([...started.values()]);
      started.clear();
    },
  };
}
