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
