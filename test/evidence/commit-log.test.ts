/**
 * The commit log between two tags, read through the compare API of a fake GitHub on 127.0.0.1:
 * the release text of last resort for packages that publish neither a changelog nor release notes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { changeLineOf, fetchCommitLog, MAX_COMMITS, olderTagLike } from '../../src/evidence/commit-log.js';
import { fetchRepositoryChangelog } from '../../src/evidence/repository-changelog.js';
import { createGitHubClient } from '../../src/github/client.js';
import { silentLogger } from '../../src/shared/logger.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepository } from '../fakes/fake-github-server.js';

// Real commit subjects of sindresorhus/p-limit v4.0.0...v5.0.0 (oldest first).
const P_LIMIT_5 = ['Fix AsyncResource propagation issue (#71)', 'Require Node.js 18', '5.0.0'];

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function start(repositories: Record<string, FakeRepository>) {
  github = await startFakeGitHub({ repositories });
  return createGitHubClient({ token: null, baseUrl: github.url });
}

function request(octokit: Awaited<ReturnType<typeof start>>, overrides: Partial<Parameters<typeof fetchCommitLog>[0]> = {}) {
  return {
    octokit,
    repository: { owner: 'sindresorhus', repo: 'p-limit', directory: null },
    packageName: 'p-limit',
    olderVersion: '4.0.0',
    newerVersion: '5.0.0',
    newerTag: 'v5.0.0',
    logger: silentLogger,
    ...overrides,
  };
}

describe('commit log', () => {
  it('reads the commits between the tags, oldest first, without release commits, citing the compare page', async () => {
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': P_LIMIT_5 } } });
    const result = await fetchCommitLog(request(octokit));
    expect(result.missing).toEqual([]);
    expect(result.evidence).toHaveLength(1);
    const item = result.evidence[0]!;
    expect(item).toMatchObject({ kind: 'commitLog', sourceId: 'github-commits', locator: 'commits/v4.0.0...v5.0.0', releaseVersions: [], sourceUrl: 'https://github.com/sindresorhus/p-limit/compare/v4.0.0...v5.0.0' });
    expect(item.content).toBe('Commits v4.0.0...v5.0.0\n\n- Fix AsyncResource propagation issue (#71)\n- Require Node.js 18');
    const sent = github!.requests.filter((sentRequest) => sentRequest.path.includes('/compare/'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query['per_page']).toBe(String(MAX_COMMITS));
  });

  it('the same commits give the same evidence ID on every run', async () => {
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': P_LIMIT_5 } } });
    const first = await fetchCommitLog(request(octokit));
    const second = await fetchCommitLog(request(octokit));
    expect(second.evidence[0]!.id).toBe(first.evidence[0]!.id);
  });

  it('a range longer than one page is not read (a cut log shows the start of the work, not the release), and says so', async () => {
    const many = Array.from({ length: 130 }, (_, index) => `Change number ${index}`);
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': many } } });
    const result = await fetchCommitLog(request(octokit));
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]).toMatchObject({ code: 'COMMIT_LOG_UNAVAILABLE' });
    expect(result.missing[0]!.message).toContain(`130 commits between v4.0.0 and v5.0.0, more than the ${MAX_COMMITS}`);
    const exactlyOnePage = Array.from({ length: MAX_COMMITS }, (_, index) => `Change number ${index}`);
    await github!.close();
    const full = await fetchCommitLog(request(await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': exactlyOnePage } } })));
    expect(full.evidence[0]!.content).toContain(`Change number ${MAX_COMMITS - 1}`);
  });

  it('a missing tag, a monorepo package, release commits only: each a clear note, never an error', async () => {
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': ['5.0.0', 'chore(release): 5.0.0'] } } });
    const missingTag = await fetchCommitLog(request(octokit, { olderVersion: '3.0.0' }));
    expect(missingTag.evidence).toEqual([]);
    expect(missingTag.missing[0]!.message).toContain('v3.0.0...v5.0.0');
    const monorepo = await fetchCommitLog(request(octokit, { repository: { owner: 'sindresorhus', repo: 'p-limit', directory: 'packages/p-limit' } }));
    expect(monorepo.missing[0]!.message).toContain('monorepo');
    const releaseOnly = await fetchCommitLog(request(octokit));
    expect(releaseOnly.evidence).toEqual([]);
    expect(releaseOnly.missing[0]!.message).toContain('release commits only');
  });

  it('an older tag spelled the other way (`v1.0.0` before `2.0.0`) is tried once when the first spelling is missing', async () => {
    // universalify's tags: v0.1.2 … v1.0.0, then 2.0.0, 2.0.1.
    const octokit = await start({ 'ryanzim/universalify': { compares: { 'v1.0.0...2.0.0': ['Reject on falsy non-null errors', '2.0.0'] } } });
    const universalify = { repository: { owner: 'ryanzim', repo: 'universalify', directory: null }, packageName: 'universalify', olderVersion: '1.0.0', newerVersion: '2.0.0', newerTag: '2.0.0' };
    const budget = { remaining: 2, total: 2 };
    const result = await fetchCommitLog(request(octokit, { ...universalify, budget }));
    expect(result.evidence[0]).toMatchObject({ locator: 'commits/v1.0.0...2.0.0', content: 'Commits v1.0.0...2.0.0\n\n- Reject on falsy non-null errors' });
    expect(budget.remaining).toBe(0);
    expect(github!.requests.filter((sent) => sent.path.includes('/compare/')).map((sent) => decodeURIComponent(sent.path.split('/compare/')[1]!))).toEqual(['1.0.0...2.0.0', 'v1.0.0...2.0.0']);
    // Neither spelling: one note naming both; without allowance left, the second is not tried.
    const neither = await fetchCommitLog(request(octokit, { ...universalify, olderVersion: '0.9.0' }));
    expect(neither.missing[0]!.message).toContain('no comparison 0.9.0...2.0.0 exists, nor v0.9.0...2.0.0');
    const noAllowance = await fetchCommitLog(request(octokit, { ...universalify, olderVersion: '0.9.0', budget: { remaining: 1, total: 1 } }));
    expect(noAllowance.missing[0]!.message).toContain('no comparison 0.9.0...2.0.0 exists (a tag is missing)');
  });

  it('without a token it spends one request of the allowance, and none when the allowance is gone', async () => {
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': P_LIMIT_5 } } });
    const budget = { remaining: 1, total: 1 };
    expect((await fetchCommitLog(request(octokit, { budget }))).evidence).toHaveLength(1);
    expect(budget.remaining).toBe(0);
    const refused = await fetchCommitLog(request(octokit, { budget }));
    expect(refused.missing[0]!.message).toContain('GITHUB_TOKEN');
    expect(github!.requests.filter((sent) => sent.path.includes('/compare/'))).toHaveLength(1);
  });

  it('a log too long to read whole is not read (it would lose the newest commits), and says so', async () => {
    const long = Array.from({ length: 90 }, (_, index) => `Change number ${index}: ${'a detailed description of the change '.repeat(2)}`);
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': long } } });
    const result = await fetchCommitLog(request(octokit));
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]!.message).toContain('too long to read as one change list');
  });

  it('a tag that names the package (a monorepo\'s tags) is not read, even without a registry `directory`', async () => {
    const octokit = await start({ 'socketio/socket.io': { compares: { 'socket.io@4.8.2...socket.io@4.8.3': ['fix(sio): a sibling fix', 'fix(eio): another package'] } } });
    const result = await fetchCommitLog(request(octokit, { repository: { owner: 'socketio', repo: 'socket.io', directory: null }, packageName: 'socket.io', olderVersion: '4.8.2', newerVersion: '4.8.3', newerTag: 'socket.io@4.8.3' }));
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]!.message).toContain('names the package');
    expect(github!.requests.filter((sent) => sent.path.includes('/compare/'))).toEqual([]);
  });

  it('the repository changelog lookup hands over the tag it found when the tag has no changelog', async () => {
    const octokit = await start({ 'sindresorhus/p-limit': { commits: { '5.0.0': { 'readme.md': '# p-limit', 'index.js': '' } } } });
    const result = await fetchRepositoryChangelog({ octokit, repository: { owner: 'sindresorhus', repo: 'p-limit', directory: null }, packageName: 'p-limit', from: '4.0.0', to: '5.0.0', newerVersion: '5.0.0', logger: silentLogger });
    expect(result.evidence).toEqual([]);
    expect(result.publicTag).toBe('5.0.0');
  });
});

describe('commit messages as change lines', () => {
  it('keeps the pull-request title of a merge commit, a BREAKING CHANGE footer, and drops release and branch merges', () => {
    expect(changeLineOf('Merge pull request #24 from mohd-akram/remove-default-indent\n\nRemove default indent')).toEqual({ subject: 'Remove default indent', footers: [] });
    expect(changeLineOf('feat: new parser\n\nBREAKING CHANGE: `parse()` returns a promise')).toEqual({ subject: 'feat: new parser', footers: ['BREAKING CHANGE: `parse()` returns a promise'] });
    expect(changeLineOf("Merge branch 'main' into next")).toBeNull();
    expect(changeLineOf('Bump minimist from 1.2.5 to 1.2.6')).toEqual({ subject: 'Bump minimist from 1.2.5 to 1.2.6', footers: [] });
    for (const release of ['5.0.0', 'v5.0.0', 'Release 5.0.0', 'chore: bump version to 1.2.4', 'Bump to v4.17.21', 'chore(release): 5.0.0 [skip ci]']) expect(changeLineOf(release)).toBeNull();
  });

  it('flattens control characters and bounds a subject', () => {
    const line = changeLineOf(`Fix\u0007 ${'x'.repeat(500)}`)!;
    expect(line.subject).not.toContain('\u0007');
    expect(line.subject.length).toBeLessThanOrEqual(200);
  });

  it('spells the older tag like the newer one', () => {
    expect(olderTagLike('v5.0.0', '5.0.0', '4.0.0')).toBe('v4.0.0');
    expect(olderTagLike('pkg@2.0.0', '2.0.0', '1.9.1')).toBe('pkg@1.9.1');
    expect(olderTagLike('release-5', '5.0.0', '4.0.0')).toBeNull();
  });
});
