/**
 * The commit log between two tags, read through the compare API of a fake GitHub on 127.0.0.1:
 * the release text of last resort for packages that publish neither a changelog nor release notes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { changeLineOf, COMMITS_PER_PAGE, fetchCommitLog, isDependencyBotCommit, MAX_COMMITS, MAX_COMPARED_COMMITS, olderTagLike, withoutRevertedChanges } from '../../src/evidence/commit-log.js';
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
    expect(sent[0]!.query['per_page']).toBe(String(COMMITS_PER_PAGE));
  });

  it('the same commits give the same evidence ID on every run', async () => {
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': P_LIMIT_5 } } });
    const first = await fetchCommitLog(request(octokit));
    const second = await fetchCommitLog(request(octokit));
    expect(second.evidence[0]!.id).toBe(first.evidence[0]!.id);
  });

  it('a range is read whole over several pages, or not at all: more than 250 commits, or more than 100 change lines, is not a release', async () => {
    const many = Array.from({ length: 130 }, (_, index) => `Change number ${index}`);
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': many } } });
    const result = await fetchCommitLog(request(octokit));
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]).toMatchObject({ code: 'COMMIT_LOG_UNAVAILABLE' });
    expect(result.missing[0]!.message).toContain(`130 commits between v4.0.0 and v5.0.0 besides dependency updates, more than the ${MAX_COMMITS}`);
    expect(github!.requests.filter((sent) => sent.path.includes('/compare/')).map((sent) => sent.query['page'])).toEqual(['1', '2']);
    await github!.close();
    const exactlyEnough = Array.from({ length: MAX_COMMITS }, (_, index) => `Change number ${index}`);
    const full = await fetchCommitLog(request(await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': exactlyEnough } } })));
    expect(full.evidence[0]!.content).toContain(`Change number ${MAX_COMMITS - 1}`);
    await github!.close();
    const merged = Array.from({ length: MAX_COMPARED_COMMITS + 1 }, (_, index) => `Bump eslint from 8.${index}.0 to 8.${index + 1}.0`);
    const history = await fetchCommitLog(request(await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': merged } } })));
    expect(history.evidence).toEqual([]);
    expect(history.missing[0]!.message).toContain(`${MAX_COMPARED_COMMITS + 1} commits between v4.0.0 and v5.0.0, more than the ${MAX_COMPARED_COMMITS}`);
    expect(github!.requests.filter((sent) => sent.path.includes('/compare/'))).toHaveLength(1);
  });

  it('dependency updates by Dependabot and Renovate are counted, not listed (fb55/entities 4.4.0...4.5.0: 215 commits, most of them bot bumps)', async () => {
    const bots = Array.from({ length: 200 }, (_, index) => (index % 2 === 0 ? `chore(deps-dev): Bump @types/node from 20.${index}.0 to 20.${index + 1}.0 (#${1000 + index})` : `chore(deps-dev): Bump @typescript-eslint/parser (#${1000 + index})`));
    const own = ['feat(decode): Add `decodeHTMLAttribute` (#1243)', 'fix(decode): Allow legacy entities in attributes (#1242)', 'v4.5.0'];
    const octokit = await start({ 'fb55/entities': { compares: { 'v4.4.0...v4.5.0': [...bots.slice(0, 120), ...own.slice(0, 1), ...bots.slice(120), ...own.slice(1)] } } });
    const budget = { remaining: 3, total: 3 };
    const result = await fetchCommitLog(request(octokit, { repository: { owner: 'fb55', repo: 'entities', directory: null }, packageName: 'entities', olderVersion: '4.4.0', newerVersion: '4.5.0', newerTag: 'v4.5.0', budget }));
    expect(result.missing).toEqual([]);
    expect(result.evidence[0]!.content).toBe(
      'Commits v4.4.0...v4.5.0\n\n- feat(decode): Add `decodeHTMLAttribute` (#1243)\n- fix(decode): Allow legacy entities in attributes (#1242)\n- (200 dependency updates by Dependabot or Renovate, not listed)',
    );
    // Three pages of 100, each one request of the tokenless allowance.
    expect(budget.remaining).toBe(0);
    await github!.close();
    // Without the allowance for the next page, the log is not read in part.
    const short = await fetchCommitLog(request(await start({ 'fb55/entities': { compares: { 'v4.4.0...v4.5.0': [...bots, ...own] } } }), { repository: { owner: 'fb55', repo: 'entities', directory: null }, packageName: 'entities', olderVersion: '4.4.0', newerVersion: '4.5.0', newerTag: 'v4.5.0', budget: { remaining: 2, total: 2 } }));
    expect(short.evidence).toEqual([]);
    expect(short.missing[0]!.message).toContain('were not read: without a GitHub token');
    // Nothing is spent on a log that cannot be read whole: the first page only, no second.
    expect(github!.requests.filter((sent) => sent.path.includes('/compare/')).map((sent) => sent.query['page'])).toEqual(['1']);
  });

  it('an answer without `total_commits` whose first page is full is not taken for the whole range', async () => {
    const octokit = await start({ 'sindresorhus/p-limit': { compares: { 'v4.0.0...v5.0.0': Array.from({ length: 130 }, (_, index) => `Change number ${index}`) } } });
    const { request: send } = octokit;
    // A proxy or a changed API that drops the count: the same commits, no total.
    const withoutTotal = Object.assign(async (...args: Parameters<typeof send>) => {
      const response = await send(...args);
      const { total_commits: _dropped, ...data } = response.data as Record<string, unknown>;
      return { ...response, data };
    }, send) as typeof send;
    const result = await fetchCommitLog(request({ ...octokit, request: withoutTotal } as typeof octokit));
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]!.message).toContain('did not say how many commits it holds, and its first page is full');
  });

  it('a bot commit that announces a break is listed (@octokit/rest 22.0.0), and a runtime floor is never taken for a bot bump', async () => {
    const octokit = await start({
      'octokit/rest.js': {
        compares: {
          'v21.1.1...v22.0.0': ['chore(deps): update dependency @types/node to v22', 'fix(deps): update octokit monorepo (major)\n\nBREAKING CHANGE: Remove deprecated Projects endpoints', 'fix(deps)!: update dependency @octokit/core to v7', 'chore: bump minimum Node.js to 20'],
        },
      },
    });
    const result = await fetchCommitLog(request(octokit, { repository: { owner: 'octokit', repo: 'rest.js', directory: null }, packageName: '@octokit/rest', olderVersion: '21.1.1', newerVersion: '22.0.0', newerTag: 'v22.0.0' }));
    expect(result.evidence[0]!.content).toBe(
      'Commits v21.1.1...v22.0.0\n\n- fix(deps): update octokit monorepo (major)\n  BREAKING CHANGE: Remove deprecated Projects endpoints\n- fix(deps)!: update dependency @octokit/core to v7\n- chore: bump minimum Node.js to 20\n- (1 dependency update by Dependabot or Renovate, not listed)',
    );
  });

  it('a change and its revert within the range cancel out; so does a revert of a revert (domhandler 4.3.0)', async () => {
    const remove = 'refactor: Remove deprecated `normalizeWhitespace` option (#614)';
    const revert = (subject: string) => `Revert "${subject}"`;
    const subjects = (list: string[]) => withoutRevertedChanges(list.map((subject) => ({ subject }))).map((change) => change.subject);
    // Before the range: remove, revert. In it: revert of the revert, then its revert: the option stays.
    expect(subjects([revert(revert(remove)), 'feat(node): Add missing props from parse5', revert(revert(revert(remove)))])).toEqual(['feat(node): Add missing props from parse5']);
    expect(subjects([remove, 'fix: x', revert(remove)])).toEqual(['fix: x']);
    // Applied, undone, applied again: it shipped.
    expect(subjects([remove, revert(remove), revert(revert(remove))])).toEqual([revert(revert(remove))]);
    // A revert of something an earlier release shipped stays: it is this release's change.
    expect(subjects([revert('feat: add `legacy` export')])).toEqual([revert('feat: add `legacy` export')]);
    const octokit = await start({ 'fb55/domhandler': { compares: { 'v4.2.2...v4.3.0': [revert(revert(remove)), 'feat(node): Add missing props from parse5', revert(revert(revert(remove))), 'v4.3.0'] } } });
    const result = await fetchCommitLog(request(octokit, { repository: { owner: 'fb55', repo: 'domhandler', directory: null }, packageName: 'domhandler', olderVersion: '4.2.2', newerVersion: '4.3.0', newerTag: 'v4.3.0' }));
    expect(result.evidence[0]!.content).toBe('Commits v4.2.2...v4.3.0\n\n- feat(node): Add missing props from parse5');
  });

  it('tells dependency-bot subjects from the package\'s own changes', () => {
    for (const subject of [
      'Bump lodash from 4.17.20 to 4.17.21',
      'chore(deps-dev): Bump @typescript-eslint/eslint-plugin (#1187)',
      'build(deps): bump actions/checkout from 3 to 4 in /.github/workflows',
      'build(deps-dev): bump the development-dependencies group with 5 updates',
      'Bump ws and socket.io-adapter',
      'chore(deps): update dependency typescript to v5.4.5',
      'fix(deps): update dependency semver to v7.6.0',
      'Update actions/setup-node action to v4',
      'chore(deps): update all non-major dependencies',
      'Update dependencies',
      'chore(deps): pin dependencies',
      'chore(deps): lock file maintenance',
      'update vitest monorepo to v2',
    ]) {
      expect(isDependencyBotCommit(subject), subject).toBe(true);
    }
    for (const subject of [
      'chore: bump minimum Node.js to 18',
      'Bump node from 16 to 18',
      'chore(deps): update dependency node to v20',
      'fix(deps)!: update dependency @octokit/core to v7',
      'Require Node.js 20',
      'Update readme',
      'feat: update the parser to support CSS nesting',
      'Bump version to 1.2.4 and drop the `legacy` export',
      // A person's commits that start like a bot's (independent review, session 7).
      'Update dependencies and require Node.js 18',
      'chore: lock file maintenance and drop node 14',
      'Update devDependencies and remove the callback API',
      'fix: update dependency resolution to throw on cycles',
      'update the monorepo structure',
      'Bump engines.node from >=14 to >=18',
      'bump npm and node',
    ]) {
      expect(isDependencyBotCommit(subject), subject).toBe(false);
    }
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
    // connect-redis 9.0.0: the break is told in the body as "BREAKING:", the short form of the footer.
    expect(changeLineOf('Drop ioredis (#420)\n\nBREAKING: Drop support for `ioredis`\n\nMost users are on node-redis.')).toEqual({ subject: 'Drop ioredis (#420)', footers: ['BREAKING: Drop support for `ioredis`'] });
    expect(changeLineOf('Release notes\n\n- Breaking: `legacy()` removed')?.footers).toEqual(['- Breaking: `legacy()` removed']);
    // Prose that only mentions breaking is no footer.
    expect(changeLineOf('Fix parser\n\nThis is not breaking: nothing changes for callers.\nBreaking news: none.')?.footers).toEqual([]);
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
