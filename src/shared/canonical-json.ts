import { createHash } from 'node:crypto';

/**
 * RFC 8785 (JCS) canonical JSON: object keys sorted by UTF-16 code unit, no whitespace,
 * arrays keep their order, strings and numbers serialised as ECMAScript JSON.stringify does
 * (which is what JCS specifies). Every digest and stable ID in DepVerdict is computed over
 * this form, so the same inputs give the same ID on every machine and run.
 * `undefined` object members are omitted, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    // Default sort compares UTF-16 code units, exactly what JCS asks for.
    const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  throw new TypeError(`canonicalJson: cannot represent a ${typeof value}`);
}

/** Hex sha256 of a UTF-8 string or bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `sha256:<hex>` digest of the canonical JSON of a value. */
export function digestOf(value: unknown): string {
  return `sha256:${sha256Hex(canonicalJson(value))}`;
}
