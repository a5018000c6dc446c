/**
 * The repository recorder (datasets/npm-labelled/record-repository.mjs) records the changelog at
 * the tag DepVerdict would find, so it must try the same tag spellings in the same order and
 * number as tagsToTry: otherwise the recorded evaluation reads something a real run does not.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tagsToTry } from '../../src/evidence/repository-changelog.js';

const RECORDER = pathToFileURL(join(import.meta.dirname, '..', '..', 'datasets', 'npm-labelled', 'record-repository.mjs')).href;

describe('repository recorder', () => {
  it('tries the tag spellings tagsToTry tries, in the same order and number', async () => {
    const recorder = (await import(RECORDER)) as { tagSpellings: (name: string, version: string, directory: string | null) => string[] };
    const cases: Array<[string, string, string]> = [
      ['pkg', '2.0.0', ''],
      ['@scope/pkg', '2.0.0', 'packages/pkg'],
      ['@vitejs/plugin-react', '6.1.0', 'packages/plugin-react'],
      ['@rollup/plugin-node-resolve', '16.0.0', 'packages/node-resolve'],
      ['@headlessui/react', '2.2.0', 'packages/@headlessui-react'],
      ['@commitlint/cli', '21.0.0', '@commitlint/cli/'],
      ['cosmiconfig', '8.3.0', ''],
      ['@types/node', '22.0.0', 'types/node'],
    ];
    for (const [name, version, directory] of cases) {
      expect(recorder.tagSpellings(name, version, directory || null), `${name} ${directory}`).toEqual(tagsToTry(name, version, directory));
    }
  });
});
