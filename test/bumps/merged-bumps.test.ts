/**
 * One package bumped identically in many manifests (monorepo workspaces) becomes one bump.
 * What that bump reports must describe the manifests that moved, not whichever manifest
 * sorts first.
 */
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { createInMemoryFileSource, manifestText, npmLockText } from './in-memory-file-source.js';

/** A root lockfile resolving every workspace's `semver` to the one hoisted copy. */
function workspaceLock(workspaces: string[], version: string): string {
  const entries: Record<string, string | Record<string, unknown>> = { 'node_modules/semver': version };
  for (const directory of workspaces) entries[directory] = { name: directory, version: '1.0.0' };
  return npmLockText({}, entries);
}

describe('a bump merged across manifests', () => {
  it('reports the specs that changed and the resolution source most manifests use', async () => {
    // `packages/a-legacy` (first alphabetically) keeps `^7.0.0`, which both versions satisfy;
    // the other workspaces pin 7.0.3 → 7.2.1. `tools/script` is outside the lockfile, so its
    // version comes from its range: it merges into the same bump with a manifest source.
    const pinned = ['packages/b', 'packages/c', 'packages/d'];
    const workspaces = ['packages/a-legacy', ...pinned];
    const side = (version: string): Record<string, string> => {
      const files: Record<string, string> = {
        'package.json': manifestText({ workspaces: ['packages/*'] }),
        'package-lock.json': workspaceLock(workspaces, version),
        'packages/a-legacy/package.json': manifestText({ name: 'a-legacy', dependencies: { semver: '^7.0.0' } }),
        'tools/script/package.json': manifestText({ name: 'script', dependencies: { semver: version } }),
      };
      for (const directory of pinned) files[`${directory}/package.json`] = manifestText({ name: directory, dependencies: { semver: version } });
      return files;
    };
    const { bumps, warnings } = await detectBumps(createInMemoryFileSource(side('7.0.3'), side('7.2.1')));

    expect(warnings).toEqual([]);
    expect(bumps).toEqual([
      expect.objectContaining({
        name: 'semver',
        from: '7.0.3',
        to: '7.2.1',
        fromSpec: '7.0.3',
        toSpec: '7.2.1',
        manifests: ['packages/a-legacy/package.json', 'packages/b/package.json', 'packages/c/package.json', 'packages/d/package.json', 'tools/script/package.json'],
        lockfiles: ['package-lock.json'],
        versionSource: 'lockfile',
      }),
    ]);
  });

  it('keeps the first manifest in path order when the changed specs are tied', async () => {
    const side = (web: string, api: string) => ({
      'packages/web/package.json': manifestText({ dependencies: { ms: web } }),
      'packages/api/package.json': manifestText({ dependencies: { ms: api } }),
    });
    // No lockfile: both resolve 2.1.2 → 2.1.3 from their ranges, each spelled differently.
    const { bumps } = await detectBumps(createInMemoryFileSource(side('~2.1.2', '^2.1.2'), side('~2.1.3', '^2.1.3')));
    expect(bumps.map((bump) => [bump.fromSpec, bump.toSpec, bump.versionSource])).toEqual([['^2.1.2', '^2.1.3', 'manifest']]);
  });
});
