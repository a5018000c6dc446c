/**
 * The changelog in the source repository, read through the contents API of a fake GitHub on
 * 127.0.0.1 at the target version's tag, for packages whose tarball ships none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.js';
import { fetchRepositoryChangelog, tagsToTry } from '../../src/evidence/repository-changelog.js';
import { silentLogger } from '../../src/shared/logger.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepository } from '../fakes/fake-github-server.js';

const COMMANDER_CHANGELOG = [
  '# Changelog',
  '',
  '## [9.0.0] (2022-01-28)',
  '',
  '### Removed',
  '',
  '- *Breaking:* removed internal fallback to `require.main.filename` when script not known',
  '',
  '## [8.3.0] (2021-10-22)',
  '',
  '### Added',
  '',
  '- `.getOptionValueSource()`',
  '',
].join('\n');

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function readWith(repositories: Record<string, FakeRepository>, request: { directory?: string | null; name?: string; from?: string; to?: string; token?: string | null } = {}) {
  github = await startFakeGitHub({ repositories });
  const octokit = createGitHubClient({ token: request.token === undefined ? 'test-token' : request.token, baseUrl: github.url });
  const to = request.to ?? '9.0.0';
  return fetchRepositoryChangelog({
    octokit,
    repository: { owner: 'tj', repo: 'commander.js', directory: request.directory ?? null },
    packageName: request.name ?? 'commander',
    from: request.from ?? '8.3.0',
    to,
    newerVersion: to,
    logger: silentLogger,
  });
}

describe('repository changelog', () => {
  it('reads CHANGELOG.md at the v-tag of the target and cites repository, tag and path', async () => {
    const result = await readWith({ 'tj/commander.js': { commits: { 'v9.0.0': { 'CHANGELOG.md': COMMANDER_CHANGELOG, 'index.js': '' } } } });
    expect(result.missing).toEqual([]);
    expect(result.evidence.length).toBeGreaterThan(0);
    const item = result.evidence[0]!;
    expect(item.sourceId).toBe('github-repository');
    expect(item.locator).toMatch(/^tj\/commander\.js\/CHANGELOG\.md@v9\.0\.0#9\.0\.0\//);
    expect(item.sourceUrl).toBe('https://github.com/tj/commander.js/blob/v9.0.0/CHANGELOG.md');
    expect(item.releaseVersions).toEqual(['9.0.0']);
    expect(result.evidence.some((evidence) => evidence.content.includes('require.main.filename'))).toBe(true);
    // 8.3.0 is the version being left, not one being adopted.
    expect(result.evidence.some((evidence) => evidence.releaseVersions.includes('8.3.0'))).toBe(false);
  });

  it('works without a token (public repositories) and sends no Authorization header', async () => {
    const result = await readWith({ 'tj/commander.js': { commits: { '9.0.0': { 'CHANGELOG.md': COMMANDER_CHANGELOG } } } }, { token: null });
    expect(result.evidence.length).toBeGreaterThan(0);
    expect(github!.requests.every((request) => request.headers['authorization'] === undefined)).toBe(true);
  });

  it('a monorepo package: the directory from the registry, a name@version tag, the root changelog as a fallback', async () => {
    expect(tagsToTry('@scope/pkg', '2.0.0', 'packages/pkg')).toEqual(['@scope/pkg@2.0.0', 'v2.0.0', 'pkg@2.0.0', 'pkg-v2.0.0', '@scope/pkg@v2.0.0', 'pkg@v2.0.0']);
    // A scoped package tagged by its bare name (vitejs/vite-plugin-react: `plugin-react@6.1.0`).
    expect(tagsToTry('@vitejs/plugin-react', '6.1.0', 'packages/plugin-react')).toContain('plugin-react@6.1.0');
    expect(tagsToTry('pkg', '2.0.0', '').slice(0, 2)).toEqual(['v2.0.0', '2.0.0']);
    // A package tagged after its folder (rollup/plugins: `node-resolve-v16.0.0`).
    expect(tagsToTry('@rollup/plugin-node-resolve', '16.0.0', 'packages/node-resolve')).toEqual([
      '@rollup/plugin-node-resolve@16.0.0',
      'v16.0.0',
      'plugin-node-resolve@16.0.0',
      'plugin-node-resolve-v16.0.0',
      'node-resolve-v16.0.0',
      '@rollup/plugin-node-resolve@v16.0.0',
    ]);
    const changelog = '# pkg\n\n## 2.0.0\n\n- Drop `legacy()`\n\n## 1.0.0\n\n- first\n';
    const inDirectory = await readWith({ 'tj/commander.js': { commits: { 'pkg@2.0.0': { 'packages/pkg/CHANGELOG.md': changelog, 'packages/pkg/index.js': '' } } } }, { directory: 'packages/pkg', name: 'pkg', from: '1.0.0', to: '2.0.0' });
    expect(inDirectory.evidence[0]?.sourceUrl).toBe('https://github.com/tj/commander.js/blob/pkg%402.0.0/packages/pkg/CHANGELOG.md');
    await github!.close();
    const atRoot = await readWith({ 'tj/commander.js': { commits: { 'pkg@2.0.0': { 'CHANGELOG.md': changelog, 'packages/pkg/index.js': '' } } } }, { directory: 'packages/pkg', name: 'pkg', from: '1.0.0', to: '2.0.0' });
    expect(atRoot.evidence[0]?.sourceUrl).toBe('https://github.com/tj/commander.js/blob/pkg%402.0.0/CHANGELOG.md');
  });

  it('a tag naming the package without a registry directory: the changelog in packages/<name>/ (pinia)', async () => {
    const changelog = '# pinia\n\n## 2.2.0\n\n- add `acceptHMRUpdate` options\n\n## 2.1.7\n\n- fix\n';
    const found = await readWith({ 'tj/commander.js': { commits: { 'pinia@2.2.0': { 'README.md': '', 'packages/pinia/CHANGELOG.md': changelog } } } }, { name: 'pinia', from: '2.1.7', to: '2.2.0' });
    expect(found.missing).toEqual([]);
    expect(found.evidence[0]?.sourceUrl).toBe('https://github.com/tj/commander.js/blob/pinia%402.2.0/packages/pinia/CHANGELOG.md');
    await github!.close();
    // A v-tag is a single package's: no folder is guessed.
    const plain = await readWith({ 'tj/commander.js': { commits: { 'v2.2.0': { 'README.md': '', 'packages/pinia/CHANGELOG.md': changelog } } } }, { name: 'pinia', from: '2.1.7', to: '2.2.0' });
    expect(plain.evidence).toEqual([]);
    expect(plain.missing[0]?.message).toContain('has no changelog file at v2.2.0');
  });

  it('a tag naming the package whose root changelog lacks the range: packages/<name>/ next (socket.io)', async () => {
    // socket.io@4.8.0: the root CHANGELOG.md stops at the single-package history; 4.8.0 is in packages/socket.io/.
    const root = '# History\n\n## 4.7.5\n\n- fix\n';
    const inPackage = '# History\n\n## [4.8.0](https://github.com/socketio/socket.io/compare/socket.io@4.7.5...socket.io@4.8.0)\n\n### Bug Fixes\n\n* allow to join a room in a middleware\n';
    const found = await readWith({ 'tj/commander.js': { commits: { 'socket.io@4.8.0': { 'CHANGELOG.md': root, 'packages/socket.io/CHANGELOG.md': inPackage } } } }, { name: 'socket.io', from: '4.7.5', to: '4.8.0' });
    expect(found.missing).toEqual([]);
    expect(found.evidence[0]?.sourceUrl).toBe('https://github.com/tj/commander.js/blob/socket.io%404.8.0/packages/socket.io/CHANGELOG.md');
    expect(found.evidence[0]?.content).toContain('allow to join a room');
    await github!.close();
    // Neither file covers the range: the root file's miss is what is reported.
    const neither = await readWith(
      { 'tj/commander.js': { commits: { 'socket.io@4.8.0': { 'CHANGELOG.md': root, 'packages/socket.io/CHANGELOG.md': '# History\n\n## 4.6.0\n\n- x\n' } } } },
      { name: 'socket.io', from: '4.7.5', to: '4.8.0' },
    );
    expect(neither.evidence).toEqual([]);
    expect(neither.missing[0]?.message).toBe('CHANGELOG.md in tj/commander.js at socket.io@4.8.0 has no section for the versions in range.');
    await github!.close();
    // A v-tag is a single package's: the packages folder is not searched.
    const plain = await readWith({ 'tj/commander.js': { commits: { 'v4.8.0': { 'CHANGELOG.md': root, 'packages/socket.io/CHANGELOG.md': inPackage } } } }, { name: 'socket.io', from: '4.7.5', to: '4.8.0' });
    expect(plain.evidence).toEqual([]);    await github!.close();
    // A root changelog too large to read is not the end either.
    const huge = `# History\n\n${'- an old entry of the single-package history\n'.repeat(50_000)}`;
    const pastHuge = await readWith({ 'tj/commander.js': { commits: { 'socket.io@4.8.0': { 'CHANGELOG.md': huge, 'packages/socket.io/CHANGELOG.md': inPackage } } } }, { name: 'socket.io', from: '4.7.5', to: '4.8.0' });
    expect(pastHuge.missing).toEqual([]);
    expect(pastHuge.evidence[0]?.sourceUrl).toBe('https://github.com/tj/commander.js/blob/socket.io%404.8.0/packages/socket.io/CHANGELOG.md');
  });

  it('a private repository is never read', async () => {
    const result = await readWith({ 'tj/commander.js': { private: true, commits: { 'v9.0.0': { 'CHANGELOG.md': COMMANDER_CHANGELOG } } } });
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]?.message).toContain('private');
    expect(github!.requests.some((request) => request.path.includes('/contents'))).toBe(false);
  });

  it('a tag that does not exist, no changelog file, no section in range: each a clear note', async () => {
    const noTag = await readWith({ 'tj/commander.js': { commits: { 'v8.3.0': { 'CHANGELOG.md': COMMANDER_CHANGELOG } } } });
    expect(noTag.missing[0]).toEqual({ code: 'REPOSITORY_CHANGELOG_UNAVAILABLE', message: expect.stringContaining('No tag for commander 9.0.0') as string });
    await github!.close();
    const noFile = await readWith({ 'tj/commander.js': { commits: { 'v9.0.0': { 'README.md': '# commander' } } } });
    expect(noFile.missing[0]?.message).toContain('has no changelog file at v9.0.0');
    await github!.close();
    const noSection = await readWith({ 'tj/commander.js': { commits: { 'v9.0.0': { 'CHANGELOG.md': '# Changelog\n\n## 7.0.0\n\n- old\n' } } } });
    expect(noSection.missing[0]?.code).toBe('CHANGELOG_NO_SECTIONS_IN_RANGE');
    await github!.close();
    // A heading with nothing under it (archiver's link-only release lines) says nothing either, and the note says so.
    const emptySection = await readWith({ 'tj/commander.js': { commits: { 'v9.0.0': { 'CHANGELOG.md': '## Changelog\n\n**9.0.0** - <small>_May 8, 2022_</small> — [Diff](https://github.com/tj/commander.js/compare/8.3.0...9.0.0)\n\n**8.3.0** - <small>_March 9, 2022_</small> — [Diff](https://github.com/tj/commander.js/compare/8.2.0...8.3.0)\n\n- old\n' } } } });
    expect(emptySection.evidence).toEqual([]);
    expect(emptySection.missing[0]).toEqual({ code: 'CHANGELOG_NO_SECTIONS_IN_RANGE', message: expect.stringContaining('has only empty sections for the versions in range') as string });
  });

  it('an oversized changelog is refused before it is read', async () => {
    const huge = `## 9.0.0\n\n${'- line\n'.repeat(400_000)}`;
    const result = await readWith({ 'tj/commander.js': { commits: { 'v9.0.0': { 'CHANGELOG.md': huge } } } });
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]?.message).toContain('above the');
    expect(github!.requests.filter((request) => request.path.endsWith('/CHANGELOG.md'))).toEqual([]);
  });

  it('no repository on GitHub: nothing to read, nothing asked', async () => {
    github = await startFakeGitHub({});
    const result = await fetchRepositoryChangelog({ octokit: createGitHubClient({ token: 't', baseUrl: github.url }), repository: null, packageName: 'x', from: '1.0.0', to: '2.0.0', newerVersion: '2.0.0', logger: silentLogger });
    expect(result).toEqual({ evidence: [], missing: [] });
    expect(github.requests).toEqual([]);
  });
});

describe('tokenless reads are budgeted', () => {
  it('stops at the allowance, says so, and tries only the two commonest tag spellings', async () => {
    github = await startFakeGitHub({ repositories: { 'tj/commander.js': { commits: { 'v9.0.0': { 'CHANGELOG.md': COMMANDER_CHANGELOG } } } } });
    const octokit = createGitHubClient({ token: null, baseUrl: github.url });
    const budget = { remaining: 3, total: 3 };
    const read = (to: string) =>
      fetchRepositoryChangelog({ octokit, repository: { owner: 'tj', repo: 'commander.js', directory: null }, packageName: 'commander', from: '8.3.0', to, newerVersion: to, logger: silentLogger, budget });
    const missingTag = await read('9.9.9');
    expect(missingTag.missing[0]?.message).toContain('tried v9.9.9, 9.9.9');
    expect(budget.remaining).toBe(0);
    const refused = await read('9.0.0');
    expect(refused.missing[0]?.message).toContain("GitHub's unauthenticated limit");
    expect(github.requests).toHaveLength(3);
  });
});
