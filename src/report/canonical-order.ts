/**
 * Deep copy with object keys in sorted (UTF-16 code unit) order, the same order canonical
 * JSON uses. Pretty-printing this copy gives a stable, diff-friendly file: two runs on the
 * same inputs produce the same bytes.
 */
export function sortKeysDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => sortKeysDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(record).sort()) {
      if (record[key] !== undefined) sorted[key] = sortKeysDeep(record[key]);
    }
    return sorted as T;
  }
  return value;
}

/** Applies a string transform (redaction) to every string in a JSON-shaped value. */
export function mapStringsDeep<T>(value: T, transform: (text: string) => string): T {
  if (typeof value === 'string') return transform(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => mapStringsDeep(item, transform)) as T;
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) out[key] = mapStringsDeep(item, transform);
    return out as T;
  }
  return value;
}

/** Two-space pretty JSON of the key-sorted value, with a trailing newline. */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeysDeep(value), null, 2)}\n`;
}
