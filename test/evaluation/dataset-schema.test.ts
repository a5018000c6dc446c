import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { DatasetError, datasetJsonSchema, MAX_LABELLED_BUMPS, parseLabelledDataset } from '../../src/evaluation/dataset.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const schemaPath = join(root, 'docs', 'schemas', 'evaluation-dataset.schema.json');

describe('evaluation dataset JSON Schema', () => {
  it('docs/schemas/evaluation-dataset.schema.json equals the schema generated from the validator', async () => {
    const generated = `${JSON.stringify(datasetJsonSchema(), null, 2)}\n`;
    // Regenerate with UPDATE_DATASET_SCHEMA=1 after changing the format on purpose.
    if (process.env.UPDATE_DATASET_SCHEMA === '1') await writeFile(schemaPath, generated);
    expect(await readFile(schemaPath, 'utf8')).toBe(generated);
  });

  it('accepts the shipped dataset, and rejects what the validator rejects for its shape', async () => {
    // Shape only: `format: uri` is the validator's own check (zod), and without a formats plugin
    // Ajv would log "unknown format ignored" into every test run.
    const validate = new Ajv2020({ allErrors: true, strict: false, validateFormats: false }).compile(JSON.parse(await readFile(schemaPath, 'utf8')) as object);
    const shipped = JSON.parse(await readFile(join(root, 'datasets', 'npm-labelled', 'bumps.json'), 'utf8')) as { bumps: Array<Record<string, unknown>> };
    expect(validate(shipped)).toBe(true);
    const entry = shipped.bumps[0]!;
    const { expected: _dropped, ...withoutLabel } = entry;
    for (const bad of [{ bumps: [withoutLabel] }, { bumps: [{ ...entry, expected: 'unknown' }] }, { bumps: [{ ...entry, extra: 1 }] }, { bumps: [] }]) {
      expect(validate(bad), JSON.stringify(bad).slice(0, 80)).toBe(false);
      expect(() => parseLabelledDataset(JSON.stringify(bad), 'bad.json')).toThrow(DatasetError);
    }
  });

  it(`refuses a dataset of more than ${MAX_LABELLED_BUMPS} bumps, naming the limit; the shipped one is within it`, async () => {
    const shipped = JSON.parse(await readFile(join(root, 'datasets', 'npm-labelled', 'bumps.json'), 'utf8')) as { bumps: Array<Record<string, unknown>> };
    expect(shipped.bumps.length).toBeLessThanOrEqual(MAX_LABELLED_BUMPS);
    const entry = shipped.bumps[0]!;
    // Distinct versions, so only the count is wrong.
    const tooMany = Array.from({ length: MAX_LABELLED_BUMPS + 1 }, (_, index) => ({ ...entry, name: `pkg-${index}` }));
    expect(() => parseLabelledDataset(JSON.stringify({ bumps: tooMany }), 'big.json')).toThrow(new RegExp(`big\\.json is invalid: bumps: Too big: expected array to have <=${MAX_LABELLED_BUMPS} items`));
  });
});
