import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_SCHEMA, CANDIDATE_SCHEMA_DIGEST, CANDIDATE_SCHEMA_NAME } from '../../src/analysis/candidate-schema.js';
import { digestOf } from '../../src/shared/canonical-json.js';

describe('candidate schema', () => {
  it('equals the published docs/schemas/candidate.schema.json', () => {
    const published = JSON.parse(readFileSync(new URL('../../docs/schemas/candidate.schema.json', import.meta.url), 'utf8')) as unknown;
    expect(published).toEqual(CANDIDATE_SCHEMA);
    expect(digestOf(published)).toBe(CANDIDATE_SCHEMA_DIGEST);
  });

  it('has a provider-safe name and a sha256 digest', () => {
    expect(CANDIDATE_SCHEMA_NAME).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(CANDIDATE_SCHEMA_DIGEST).toMatch(/^sha256:[a-f0-9]{64}$/);
  });

  it('forbids additional properties and requires every property on every object', () => {
    const objects: Array<Record<string, unknown>> = [];
    const visit = (node: unknown): void => {
      if (node === null || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (record.type === 'object') objects.push(record);
      Object.values(record).forEach(visit);
    };
    visit(CANDIDATE_SCHEMA);
    expect(objects.length).toBe(2);
    for (const object of objects) {
      expect(object.additionalProperties).toBe(false);
      expect([...(object.required as string[])].sort()).toEqual(Object.keys(object.properties as object).sort());
    }
  });
});
