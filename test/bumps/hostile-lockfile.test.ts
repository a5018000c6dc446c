/**
 * Lockfile keys and values come from the PR. `/\(.*$/` (pnpm package keys) and `/#.*$/` (yarn
 * `resolved`) backtracked quadratically on a long run of `(` or `#` followed by a line break;
 * these inputs must parse promptly and to the right identity. The timeouts only catch a
 * regression to quadratic work.
 */
import { describe, expect, it } from 'vitest';
import { parsePnpmLockfile } from '../../src/bumps/lockfiles/pnpm-lockfile.js';
import { parseYarnLockfile } from '../../src/bumps/lockfiles/yarn-lockfile.js';

const RUN = 200_000;

describe('hostile lockfile keys are read in linear time', () => {
  it('pnpm: a package key with 200 K `(` and a line break keeps the name and version before the first `(`', { timeout: 20_000 }, () => {
    const key = JSON.stringify(`left-pad@1.3.0${'('.repeat(RUN)}\nx`);
    const text = [
      "lockfileVersion: '9.0'",
      'importers:',
      '  .:',
      '    dependencies:',
      '      left-pad:',
      '        specifier: ^1.3.0',
      `        version: ${JSON.stringify(`1.3.0${'('.repeat(RUN)}\nx`)}`,
      'packages:',
      // An explicit key (`? `): YAML limits implicit keys to 1024 characters.
      `  ? ${key}`,
      '  : {resolution: {integrity: sha512-x}}',
      '',
    ].join('\n');
    const snapshot = parsePnpmLockfile('pnpm-lock.yaml', text);
    expect([...(snapshot.installed.get('left-pad') ?? [])]).toEqual(['1.3.0']);
    expect(snapshot.resolveDirect('', 'left-pad', '^1.3.0')).toBe('1.3.0');
  });

  it('yarn classic: a resolved URL with 200 K `#` and a line break is cut at the first `#`', { timeout: 20_000 }, () => {
    const resolved = JSON.stringify(`https://codeload.github.com/o/r/tar.gz/abc#${'#'.repeat(RUN)}\nx`);
    const text = ['# yarn lockfile v1', '', '', 'ms@^2.1.1:', '  version "2.1.3"', `  resolved ${resolved}`, ''].join('\n');
    const snapshot = parseYarnLockfile('yarn.lock', text);
    expect(snapshot.resolveDirect('', 'ms', '^2.1.1')).toBe('https://codeload.github.com/o/r/tar.gz/abc');
  });
});
