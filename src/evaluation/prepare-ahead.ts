/**
 * Starts the work for the items after the one asked for, at most `depth` ahead, in order: an
 * evaluation sample's evidence (tarball inflation on a worker thread, file and registry reads) is
 * mostly waiting, which the samples being prepared next fill. The caller still takes the results
 * one at a time, in order, so what it does with each (runtime calls, budgets, stops) is unchanged;
 * an item prepared but never taken (the run stopped) costs only its preparation. A preparation's
 * failure surfaces when its item is taken, never as an unhandled rejection before.
 */
export function prepareAhead<T, R>(items: readonly T[], depth: number, prepare: (item: T) => Promise<R>): (index: number) => Promise<R> {
  const started = new Map<number, Promise<R>>();
  let nextToStart = 0;
  return (index) => {
    for (; nextToStart < items.length && nextToStart <= index + depth; nextToStart += 1) {
      const pending = prepare(items[nextToStart]!);
      // Observed here so a failure ahead of the caller is not reported as unhandled; the caller
      // still gets the rejection when it takes that item.
      pending.catch(() => undefined);
      started.set(nextToStart, pending);
    }
    const pending = started.get(index);
    if (pending === undefined) throw new RangeError(`prepareAhead: item ${index} was already taken or is out of range (0..${items.length - 1}); take items once, in order.`);
    started.delete(index);
    return pending;
  };
}
