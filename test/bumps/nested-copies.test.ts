/**
 * A package can be installed several times in one tree: the version the project declares
 * and other versions its dependencies need. Field case: lerna 9 → 10 brought a nested nx 23
 * (`node_modules/lerna/node_modules/nx`) while the root pins nx 22, and that change must be
 * listed as transitive, with where it is installed.
 */
import { describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import type { Bump } from '../../src/bumps/types.js';
import { createInMemoryFileSource, manifestText, npmLockText } from './in-memory-file-source.js';

const MANIFEST_BASE = manifestText({ dependencies: { lerna: '9.0.0', nx: '22.0.0' } });
const MANIFEST_HEAD = manifestText({ dependencies: { lerna: '10.0.0', nx: '22.0.0' } });

function compact(bump: Bump): unknown[] {
  return [bump.name, bump.from, bump.to, bump.direct ? 'direct' : 'transitive', bump.lockfiles, bump.installPaths];
}

describe('package-lock.json v3', () => {
  it('lists a nested copy of a direct dependency as a transitive change, with its install path', async () => {
    const source = createInMemoryFileSource(
      { 'package.json': MANIFEST_BASE, 'package-lock.json': npmLockText({}, { 'node_modules/lerna': '9.0.0', 'node_modules/nx': '22.0.0' }) },
      {
        'package.json': MANIFEST_HEAD,
        'package-lock.json': npmLockText({}, { 'node_modules/lerna': '10.0.0', 'node_modules/nx': '22.0.0', 'node_modules/lerna/node_modules/nx': '23.0.0' }),
      },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([]);
    expect(bumps.map(compact)).toEqual([
      ['lerna', '9.0.0', '10.0.0', 'direct', ['package-lock.json'], []],
      ['nx', null, '23.0.0', 'transitive', ['package-lock.json'], ['node_modules/lerna/node_modules/nx']],
    ]);
  });

  it('pairs a nested copy that moved within its major, beside an unchanged direct copy, in a lockfile below the root', async () => {
    const lock = (nested: string) => npmLockText({}, { 'node_modules/lerna': '10.0.0', 'node_modules/nx': '22.0.0', 'node_modules/lerna/node_modules/nx': nested });
    const manifest = manifestText({ dependencies: { lerna: '10.0.0', nx: '22.0.0' } });
    const source = createInMemoryFileSource(
      { 'apps/web/package.json': manifest, 'apps/web/package-lock.json': lock('23.0.0') },
      { 'apps/web/package.json': manifest, 'apps/web/package-lock.json': lock('23.1.0') },
    );
    const { bumps } = await detectBumps(source);
    expect(bumps.map(compact)).toEqual([['nx', '23.0.0', '23.1.0', 'transitive', ['apps/web/package-lock.json'], ['apps/web/node_modules/lerna/node_modules/nx']]]);
  });

  it('does not list a copy that only moved: the direct nx moved up and its old version now sits nested', async () => {
    const source = createInMemoryFileSource(
      { 'package.json': manifestText({ dependencies: { a: '1.0.0', nx: '22.0.0' } }), 'package-lock.json': npmLockText({}, { 'node_modules/a': '1.0.0', 'node_modules/nx': '22.0.0' }) },
      {
        'package.json': manifestText({ dependencies: { a: '1.0.0', nx: '22.1.0' } }),
        'package-lock.json': npmLockText({}, { 'node_modules/a': '1.0.0', 'node_modules/nx': '22.1.0', 'node_modules/a/node_modules/nx': '22.0.0' }),
      },
    );
    const { bumps } = await detectBumps(source);
    expect(bumps.map(compact)).toEqual([['nx', '22.0.0', '22.1.0', 'direct', ['package-lock.json'], []]]);
  });
});

it('package-lock.json v1: nested trees get the install paths v2 and v3 would write', async () => {
  const lock = (lerna: Record<string, unknown>) => `${JSON.stringify({ name: 'app', version: '1.0.0', lockfileVersion: 1, requires: true, dependencies: { lerna, nx: { version: '22.0.0' } } }, null, 2)}\n`;
  const source = createInMemoryFileSource(
    { 'package.json': MANIFEST_BASE, 'package-lock.json': lock({ version: '9.0.0' }) },
    { 'package.json': MANIFEST_HEAD, 'package-lock.json': lock({ version: '10.0.0', dependencies: { nx: { version: '23.0.0' } } }) },
  );
  const { bumps } = await detectBumps(source);
  expect(bumps.map(compact)).toEqual([
    ['lerna', '9.0.0', '10.0.0', 'direct', ['package-lock.json'], []],
    ['nx', null, '23.0.0', 'transitive', ['package-lock.json'], ['node_modules/lerna/node_modules/nx']],
  ]);
});

describe('lockfiles that record versions, not locations', () => {
  it('pnpm-lock.yaml v9: a second resolved version of a direct dependency is transitive', async () => {
    const lock = (lerna: string, extraNx: string) =>
      [
        "lockfileVersion: '9.0'",
        'importers:',
        '  .:',
        '    dependencies:',
        '      lerna:',
        `        specifier: ${lerna}`,
        `        version: ${lerna}`,
        '      nx:',
        '        specifier: 22.0.0',
        '        version: 22.0.0',
        'packages:',
        `  lerna@${lerna}:`,
        '    resolution: {integrity: sha512-AAAA}',
        '  nx@22.0.0:',
        '    resolution: {integrity: sha512-BBBB}',
        ...extraNx.split('\n').filter((line) => line !== ''),
        '',
      ].join('\n');
    const source = createInMemoryFileSource(
      { 'package.json': MANIFEST_BASE, 'pnpm-lock.yaml': lock('9.0.0', '') },
      { 'package.json': MANIFEST_HEAD, 'pnpm-lock.yaml': lock('10.0.0', '  nx@23.0.0:\n    resolution: {integrity: sha512-CCCC}') },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([]);
    expect(bumps.map(compact)).toEqual([
      ['lerna', '9.0.0', '10.0.0', 'direct', ['pnpm-lock.yaml'], []],
      ['nx', null, '23.0.0', 'transitive', ['pnpm-lock.yaml'], []],
    ]);
  });

  it('yarn.lock (classic): the same', async () => {
    const entry = (name: string, version: string) => `${name}@${version}:\n  version "${version}"\n  resolved "https://registry.yarnpkg.com/${name}/-/${name}-${version}.tgz#0"\n`;
    const source = createInMemoryFileSource(
      { 'package.json': MANIFEST_BASE, 'yarn.lock': `# yarn lockfile v1\n\n${entry('lerna', '9.0.0')}\n${entry('nx', '22.0.0')}` },
      { 'package.json': MANIFEST_HEAD, 'yarn.lock': `# yarn lockfile v1\n\n${entry('lerna', '10.0.0')}\n${entry('nx', '22.0.0')}\n${entry('nx', '23.0.0')}` },
    );
    const { bumps, warnings } = await detectBumps(source);
    expect(warnings).toEqual([]);
    expect(bumps.map(compact)).toEqual([
      ['lerna', '9.0.0', '10.0.0', 'direct', ['yarn.lock'], []],
      ['nx', null, '23.0.0', 'transitive', ['yarn.lock'], []],
    ]);
  });
});

it('keeps a name out of the transitive list when the lockfile cannot say which copy is direct', async () => {
  // The manifest's range matches no yarn.lock entry, so the direct nx falls back to the range:
  // guessing which of the two copies is the direct one could report the direct copy twice.
  const entry = (name: string, version: string) => `${name}@${version}:\n  version "${version}"\n  resolved "https://registry.yarnpkg.com/${name}/-/${name}-${version}.tgz#0"\n`;
  const manifest = manifestText({ dependencies: { nx: '^22.0.0' } });
  const source = createInMemoryFileSource(
    { 'package.json': manifest, 'yarn.lock': `# yarn lockfile v1\n\n${entry('nx', '22.0.0')}` },
    { 'package.json': manifest, 'yarn.lock': `# yarn lockfile v1\n\n${entry('nx', '22.0.0')}\n${entry('nx', '23.0.0')}` },
  );
  const { bumps } = await detectBumps(source);
  expect(bumps).toEqual([]);
});
