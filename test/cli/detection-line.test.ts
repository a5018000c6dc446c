import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';
import { captureProcessOutput } from './capture-output.js';

/**
 * "Detected 0 dependency change(s)" read as "nothing changed" even when a manifest could not be
 * read or the directories were the wrong ones (review 18): the line now says which. No bump is
 * found in any case here, so nothing is fetched.
 */

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'depverdict-detect-'));
  mkdirSync(join(root, 'base'));
  mkdirSync(join(root, 'head'));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

async function analyze(head = join(root, 'head')): Promise<string> {
  const { stderr } = captureProcessOutput();
  await main(['analyze', '--base-dir', join(root, 'base'), '--head-dir', head, '--out', join(root, 'out'), '--no-github'], {});
  return stderr.join('');
}

describe('the detection line', () => {
  it('says no file differs when the two directories are the same (a mistyped path looks like this)', async () => {
    expect(await analyze()).toContain(`Detected no dependency change: no file differs between ${join(root, 'base')} and ${join(root, 'head')}.`);
  });

  it('says so when the base and the head are the same directory, instead of "no file differs between X and X"', async () => {
    const stderr = await analyze(join(root, 'base'));
    expect(stderr).toContain(`Detected no dependency change: the base and the head are both ${join(root, 'base')}; give the version before the change as the base.`);
    expect(stderr).not.toContain('no file differs');
  });

  it('says so, without comparing the tree with itself, when the head is a link to the base directory (review 19 N6)', async () => {
    writeFileSync(join(root, 'base', 'package.json'), '{"dependencies":{"ms":"2.1.3"}}');
    symlinkSync(join(root, 'base'), join(root, 'twin'));
    const source = createDirectoryFileSource({ baseDir: join(root, 'base'), headDir: join(root, 'twin') });
    expect(await source.sameTree?.()).toBe(true);
    expect(await source.changedPaths()).toEqual([]);
    const stderr = await analyze(join(root, 'twin'));
    expect(stderr).toContain(`Detected no dependency change: the base ${join(root, 'base')} and the head ${join(root, 'twin')} are the same directory; give the version before the change as the base.`);
    // A folder linked from inside the tree to outside it is not read (review 20).
    const outside = join(root, 'outside');
    mkdirSync(outside);
    writeFileSync(join(outside, 'package.json'), '{"dependencies":{"secret":"1.0.0"}}');
    symlinkSync(outside, join(root, 'head', 'linked'));
    expect(await createDirectoryFileSource({ baseDir: join(root, 'base'), headDir: join(root, 'head') }).read('head', 'linked/package.json')).toBeUndefined();
    // Two directories with the same files are two trees.
    expect(await createDirectoryFileSource({ baseDir: join(root, 'base'), headDir: join(root, 'head') }).sameTree?.()).toBe(false);
  });

  it('says a dependency file could not be read, rather than that nothing changed', async () => {
    writeFileSync(join(root, 'base', 'package.json'), '{"dependencies":');
    writeFileSync(join(root, 'head', 'package.json'), '{"dependencies":{"ms":"2.1.3"}}');
    const stderr = await analyze();
    expect(stderr).toContain('Detected no dependency change, but 1 dependency file(s) could not be read (see the warnings above): changes in them are unknown.');
    expect(stderr).not.toContain('Detected 0');
  });

  it('says no dependency file differs when only other files do', async () => {
    writeFileSync(join(root, 'head', 'README.md'), '# hello\n');
    expect(await analyze()).toContain('Detected no dependency change: no package.json, lockfile or workflow dependency differs.');
  });
});
