/**
 * A generated ~5 MB package-lock.json (about 20,000 installed packages, nested copies
 * included) must work with the default limits, through memory and through git.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { createGitFileSource } from '../../src/sources/git-file-source.js';
import { createInMemoryFileSource, manifestText } from './in-memory-file-source.js';

const PACKAGE_COUNT = 10_000;

/** Every package is installed at the root and nested once; `bumped` ones move a patch at head. */
function largeLockfile(side: 'base' | 'head', bumped: Set<number>): string {
  const packages: Record<string, unknown> = { '': { name: 'big', version: '1.0.0', dependencies: { 'pkg-0': '^1.0.0' } } };
  for (let index = 0; index < PACKAGE_COUNT; index += 1) {
    const patch = side === 'head' && bumped.has(index) ? 1 : 0;
    const entry = (version: string) => ({
      version,
      resolved: `https://registry.npmjs.org/pkg-${index}/-/pkg-${index}-${version}.tgz`,
      integrity: `sha512-${'A'.repeat(86)}==`,
      license: 'MIT',
    });
    packages[`node_modules/pkg-${index}`] = entry(`1.0.${patch}`);
    packages[`node_modules/pkg-${index}/node_modules/inner-${index}`] = entry('2.0.0');
  }
  return JSON.stringify({ name: 'big', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2);
}

const bumped = new Set([0, 4_321, 9_999]);
const baseLock = largeLockfile('base', bumped);
const headLock = largeLockfile('head', bumped);
const manifest = manifestText({ dependencies: { 'pkg-0': '^1.0.0' } });

it('is about 5 MB', () => {
  expect(Buffer.byteLength(headLock)).toBeGreaterThan(4_500_000);
});

it('finds the direct and transitive bumps in memory', async () => {
  const { bumps, warnings } = await detectBumps(createInMemoryFileSource({ 'package.json': manifest, 'package-lock.json': baseLock }, { 'package.json': manifest, 'package-lock.json': headLock }));
  expect(warnings).toEqual([]);
  expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.direct])).toEqual([
    ['pkg-0', '1.0.0', '1.0.1', true],
    ['pkg-4321', '1.0.0', '1.0.1', false],
    ['pkg-9999', '1.0.0', '1.0.1', false],
  ]);
});

const repositories: string[] = [];
afterAll(() => {
  for (const repo of repositories) rmSync(repo, { recursive: true, force: true });
});

it('reads it through git', async () => {
  const repo = mkdtempSync(join(tmpdir(), 'depverdict-large-'));
  repositories.push(repo);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' });
  git('init', '--quiet');
  writeFileSync(join(repo, 'package.json'), manifest);
  writeFileSync(join(repo, 'package-lock.json'), baseLock);
  git('add', '.');
  git('commit', '--quiet', '-m', 'base');
  git('tag', 'base');
  writeFileSync(join(repo, 'package-lock.json'), headLock);
  git('commit', '--quiet', '-am', 'head');
  const { bumps } = await detectBumps(await createGitFileSource({ repoDir: repo, base: 'base', head: 'HEAD' }));
  expect(bumps.map((bump) => bump.name)).toEqual(['pkg-0', 'pkg-4321', 'pkg-9999']);
});
