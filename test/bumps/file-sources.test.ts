/**
 * The git and directory DependencyFileSources against real trees built in temp dirs,
 * and detection end to end through them.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { detectBumps } from '../../src/bumps/detect-bumps.js';
import { createDirectoryFileSource } from '../../src/sources/directory-file-source.js';
import { createGitFileSource, gitCommitMessages } from '../../src/sources/git-file-source.js';
import { manifestText, npmLockText } from './in-memory-file-source.js';

const temporaryDirectories: string[] = [];
afterAll(() => {
  for (const directory of temporaryDirectories) rmSync(directory, { recursive: true, force: true });
});

function temporaryDirectory(): string {
  const directory = mkdtempSync(join(tmpdir(), 'depverdict-sources-'));
  temporaryDirectories.push(directory);
  return directory;
}

function writeTree(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const BASE_FILES = {
  'package.json': manifestText({ dependencies: { lodash: '4.17.20' } }),
  'package-lock.json': npmLockText({ lodash: '4.17.20' }, { 'node_modules/lodash': '4.17.20' }),
  'README.md': 'hello\n',
  'web app/package.json': manifestText({ dependencies: { ms: '2.1.2' } }),
};
const HEAD_FILES = {
  'package.json': manifestText({ dependencies: { lodash: '4.17.21' } }),
  'package-lock.json': npmLockText({ lodash: '4.17.21' }, { 'node_modules/lodash': '4.17.21' }),
  'README.md': 'hello\n',
  'web app/package.json': manifestText({ dependencies: { ms: '2.1.3' } }),
  'node_modules/ms/package.json': '{"name":"ms"}',
};

describe('git file source', () => {
  const git = (repo: string, ...args: string[]): string =>
    execFileSync('git', ['-c', 'user.email=test@example.com', '-c', 'user.name=Test', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, encoding: 'utf8' }).trim();

  function makeRepository(): { repo: string; baseSha: string } {
    const repo = temporaryDirectory();
    git(repo, 'init', '--quiet', '--initial-branch=main');
    writeTree(repo, BASE_FILES);
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'base');
    const baseSha = git(repo, 'rev-parse', 'HEAD');
    git(repo, 'checkout', '--quiet', '-b', 'bump');
    writeTree(repo, HEAD_FILES);
    writeTree(repo, { 'docs/new.md': 'x\n' });
    git(repo, 'add', '.');
    git(repo, 'commit', '--quiet', '-m', 'bump');
    return { repo, baseSha };
  }

  it('lists changed paths, reads both sides and returns undefined for absent files', async () => {
    const { repo, baseSha } = makeRepository();
    const source = await createGitFileSource({ repoDir: repo, base: 'main', head: 'bump' });
    expect(await source.changedPaths()).toEqual(['docs/new.md', 'node_modules/ms/package.json', 'package-lock.json', 'package.json', 'web app/package.json']);
    expect(await source.read('base', 'package.json')).toBe(BASE_FILES['package.json']);
    expect(await source.read('head', 'web app/package.json')).toBe(HEAD_FILES['web app/package.json']);
    expect(await source.read('base', 'docs/new.md')).toBeUndefined();
    expect(await source.read('head', 'no/such/file.json')).toBeUndefined();
    expect(source.describe('base')).toBe(baseSha.slice(0, 12));
  });

  it('detects bumps end to end', async () => {
    const { repo } = makeRepository();
    const { bumps, warnings } = await detectBumps(await createGitFileSource({ repoDir: repo, base: 'main', head: 'bump' }));
    expect(warnings).toEqual([]);
    expect(bumps.map((bump) => [bump.name, bump.from, bump.to, bump.manifests, bump.versionSource])).toEqual([
      ['lodash', '4.17.20', '4.17.21', ['package.json'], 'lockfile'],
      ['ms', '2.1.2', '2.1.3', ['web app/package.json'], 'manifest'],
    ]);
  });

  it('with mergeBase, ignores changes made on the base branch after head branched off', async () => {
    const { repo, baseSha } = makeRepository();
    git(repo, 'checkout', '--quiet', 'main');
    writeTree(repo, { 'package.json': manifestText({ dependencies: { lodash: '4.17.20', chalk: '5.3.0' } }) });
    git(repo, 'commit', '--quiet', '-am', 'main moves on');
    const twoDot = await createGitFileSource({ repoDir: repo, base: 'main', head: 'bump' });
    const prLike = await createGitFileSource({ repoDir: repo, base: 'main', head: 'bump', mergeBase: true });
    expect((await twoDot.read('base', 'package.json'))?.includes('chalk')).toBe(true);
    expect(await prLike.read('base', 'package.json')).toBe(BASE_FILES['package.json']);
    expect(prLike.describe('base')).toBe(baseSha.slice(0, 12));
    const { bumps } = await detectBumps(prLike);
    expect(bumps.map((bump) => bump.name)).toEqual(['lodash', 'ms']);
  });

  it('reads the commit messages head adds over base, for the cross-check', async () => {
    const { repo } = makeRepository();
    expect(await gitCommitMessages({ repoDir: repo, base: 'main', head: 'bump' })).toEqual(['bump']);
    expect(await gitCommitMessages({ repoDir: repo, base: 'bump', head: 'bump' })).toEqual([]);
  });

  it('rejects a ref that does not exist, naming it and the directory', async () => {
    const { repo } = makeRepository();
    await expect(createGitFileSource({ repoDir: repo, base: 'main', head: 'no-such-branch' })).rejects.toThrow(`Git ref "no-such-branch" does not exist in ${repo}: fetch it or check the name`);
    await expect(createGitFileSource({ repoDir: repo, base: '--output=/tmp/x', head: 'bump' })).rejects.toThrow('is not a valid ref name');
  });

  it('says so when the directory is not a git repository', async () => {
    const notARepository = temporaryDirectory();
    await expect(createGitFileSource({ repoDir: notARepository, base: 'main', head: 'main' })).rejects.toThrow('is not a git repository');
  });
});

describe('directory file source', () => {
  it('compares two trees, skipping node_modules and .git, and detects bumps', async () => {
    const base = temporaryDirectory();
    const head = temporaryDirectory();
    writeTree(base, { ...BASE_FILES, '.git/config': 'a' });
    writeTree(head, { ...HEAD_FILES, '.git/config': 'b', 'extra.txt': 'new' });
    const source = createDirectoryFileSource({ baseDir: base, headDir: head });
    expect(await source.changedPaths()).toEqual(['extra.txt', 'package-lock.json', 'package.json', 'web app/package.json']);
    expect(await source.read('base', 'extra.txt')).toBeUndefined();
    expect(await source.read('head', 'extra.txt')).toBe('new');
    const { bumps } = await detectBumps(source);
    expect(bumps.map((bump) => bump.name)).toEqual(['lodash', 'ms']);
  });

  it('detects a same-size content change and refuses paths outside the tree or through links', async () => {
    const base = temporaryDirectory();
    const head = temporaryDirectory();
    writeTree(base, { 'package.json': '{"dependencies":{"a":"1.0.0"}}' });
    writeTree(head, { 'package.json': '{"dependencies":{"a":"2.0.0"}}' });
    symlinkSync('/etc/hostname', join(head, 'linked.json'));
    const source = createDirectoryFileSource({ baseDir: base, headDir: head });
    expect(await source.changedPaths()).toEqual(['package.json']);
    await expect(source.read('head', '../outside.json')).rejects.toThrow('is outside the head directory');
    expect(await source.read('head', 'linked.json')).toBeUndefined();
  });

  it('names a missing directory', async () => {
    const source = createDirectoryFileSource({ baseDir: '/nonexistent/depverdict-base', headDir: temporaryDirectory() });
    await expect(source.changedPaths()).rejects.toThrow('Directory /nonexistent/depverdict-base does not exist or is not a directory: check the path');
  });
});
