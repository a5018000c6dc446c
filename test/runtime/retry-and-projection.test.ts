import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, retryDelay } from '../../src/runtime/retry-policy.js';
import { projectSchema, schemaKeywordsUsed } from '../../src/runtime/schema-projection.js';
import { TEST_SCHEMA } from './profile-builders.js';

const timing = { baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000 };

describe('parseRetryAfter', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('prefers retry-after-ms, then seconds, then an HTTP date', () => {
    expect(parseRetryAfter({ 'retry-after-ms': '250', 'retry-after': '9' }, now)).toBe(250);
    expect(parseRetryAfter({ 'retry-after': '2' }, now)).toBe(2000);
    expect(parseRetryAfter({ 'retry-after': '0.5' }, now)).toBe(500);
    expect(parseRetryAfter({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }, now)).toBe(3000);
    expect(parseRetryAfter({ 'retry-after': 'Tue, 31 Dec 2024 23:00:00 GMT' }, now)).toBe(0);
  });
  it('ignores unusable values', () => {
    expect(parseRetryAfter({}, now)).toBeNull();
    expect(parseRetryAfter({ 'retry-after': 'soon' }, now)).toBeNull();
    expect(parseRetryAfter({ 'retry-after': '-3' }, now)).toBeNull();
    expect(parseRetryAfter({ 'retry-after-ms': 'NaN' }, now)).toBeNull();
  });
});

describe('retry delays', () => {
  it('honours a provider delay with a little jitter (a tenth of it, at most 1 s), capped at maxRetryAfterMs', () => {
    expect(retryDelay(0, 60_000, timing, () => 0.5)).toBe(5000);
    expect(retryDelay(0, 1200, timing, () => 0)).toBe(1200);
    expect(retryDelay(0, 1200, timing, () => 0.5)).toBe(1260);
    expect(retryDelay(0, 1200, timing, () => 1)).toBe(1320);
    expect(retryDelay(0, 4000, { ...timing, maxRetryAfterMs: 60_000 }, () => 1)).toBe(4400);
    expect(retryDelay(0, 30_000, { ...timing, maxRetryAfterMs: 60_000 }, () => 1)).toBe(31_000);
  });
  it('backs off exponentially with full jitter, capped at maxDelayMs', () => {
    expect([0, 1, 2, 3, 4, 5].map((index) => backoffDelay(index, timing, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(backoffDelay(3, timing, () => 0)).toBe(0);
    expect(backoffDelay(3, timing, () => 0.25)).toBe(200);
  });
});

describe('schema projection', () => {
  it('drops keywords in schema positions only and leaves the input untouched', () => {
    const before = JSON.stringify(TEST_SCHEMA);
    const projected = projectSchema(TEST_SCHEMA, ['uniqueItems']);
    expect(JSON.stringify(TEST_SCHEMA)).toBe(before);
    const properties = projected.properties as Record<string, Record<string, unknown>>;
    expect(properties.refs).not.toHaveProperty('uniqueItems');
    // A property *named* uniqueItems is data, not a keyword.
    expect(properties.uniqueItems).toEqual({ type: 'boolean' });
    expect(projected.required).toEqual(['summary', 'refs', 'uniqueItems']);
  });
  it('walks $defs, anyOf, items and prefixItems', () => {
    const schema = {
      $defs: { list: { type: 'array', uniqueItems: true, items: { anyOf: [{ type: 'array', uniqueItems: true }, { const: { uniqueItems: true } }] } } },
      prefixItems: [{ type: 'array', uniqueItems: true }],
    };
    const projected = projectSchema(schema, ['uniqueItems']);
    expect(JSON.stringify(projected)).toBe(JSON.stringify({
      $defs: { list: { type: 'array', items: { anyOf: [{ type: 'array' }, { const: { uniqueItems: true } }] } } },
      prefixItems: [{ type: 'array' }],
    }));
    expect(schemaKeywordsUsed(schema, ['uniqueItems', 'contains'])).toEqual(['uniqueItems']);
  });
});
