/**
 * The commit log of one package of a monorepo: the commits that touch its folder between the two
 * tags, read from GitHub's commit list (`?sha=<tag>&path=<folder>`) of a fake GitHub on 127.0.0.1.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { COMMITS_PER_PAGE } from '../../src/evidence/commit-log.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { fetchPackageCommitLog, FOLDER_COMMIT_LOG_SOURCE_ID } from '../../src/evidence/package-commit-log.js';
import { createGitHubClient } from '../../src/github/client.js';
import { silentLogger } from '../../src/shared/logger.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepository } from '../fakes/fake-github-server.js';
import { bumpOfPkg, inMemoryRegistry, REGISTRY } from './in-memory-registry.js';

/**
 * yeojz/otplib's packages/otplib: the real subjects of the commits that touch the folder, oldest
 * first; v13.1.1 reaches the first two, v13.2.0 all of them. Two of v13.2.0's carry a
 * `BREAKING CHANGE:` footer (abridged to one line each here).
 */
const OTPLIB_FOLDER = [
  'fix: ensure guardrails parameter propagates through HOTP and TOTP call chains (#748)',
  'ci: update package versions (#751)',
  'docs: add legacy Google Authenticator troubleshooting guide (#754)',
  'feat: add tuple semantics for counterTolerance with look-ahead default (#753)\n\nBREAKING CHANGE: Counter tolerance behavior has changed for improved security:',
  'docs: clarify Base32 as default encoding for string secrets (#755)',
  'feat(plugin-base32-bypass): add base32 bypass plugin (#756)',
  'feat(adapters): initialize guardrails once in v11/v12 adapter constructors (#763)',
  'chore(deps-dev): bump the dev-dependencies-patch group across 1 directory with 10 updates (#761)',
  'feat(plugin-base32-alt): add hex and base64 bypass plugins (#765)\n\nBREAKING CHANGE: HexBypassPlugin and hexBypass export removed. Use BypassBase32Plugin with @scure/base hex codec instead.',
  'ci: update package versions (#766)',
];

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function start(repository: FakeRepository) {
  github = await startFakeGitHub({ repositories: { 'yeojz/otplib': repository } });
  return createGitHubClient({ token: null, baseUrl: github.url });
}

function request(octokit: Awaited<ReturnType<typeof start>>, overrides: Partial<Parameters<typeof fetchPackageCommitLog>[0]> = {}) {
  return {
    octokit,
    repository: { owner: 'yeojz', repo: 'otplib', directory: 'packages/otplib' },
    packageName: 'otplib',
    olderVersion: '13.1.1',
    newerVersion: '13.2.0',
    newerTag: 'v13.2.0',
    logger: silentLogger,
    ...overrides,
  };
}

const listRequests = () => github!.requests.filter((sent) => sent.path === '/repos/yeojz/otplib/commits');

describe('monorepo package commit log', () => {
  it('lists the commits that touch the folder between the tags, oldest first, with their BREAKING CHANGE footers, citing the folder history', async () => {
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { 'v13.1.1': 2, 'v13.2.0': 10 } } } });
    const result = await fetchPackageCommitLog(request(octokit));
    expect(result.missing).toEqual([]);
    const item = result.evidence[0]!;
    expect(item).toMatchObject({
      kind: 'commitLog',
      sourceId: FOLDER_COMMIT_LOG_SOURCE_ID,
      locator: 'commits/v13.1.1...v13.2.0/packages/otplib',
      sourceUrl: 'https://github.com/yeojz/otplib/commits/v13.2.0/packages/otplib',
      releaseVersions: [],
    });
    expect(item.content.split('\n')).toEqual([
      'Commits v13.1.1...v13.2.0 that touch packages/otplib/',
      '',
      '- docs: add legacy Google Authenticator troubleshooting guide (#754)',
      '- feat: add tuple semantics for counterTolerance with look-ahead default (#753)',
      '  BREAKING CHANGE: Counter tolerance behavior has changed for improved security:',
      '- docs: clarify Base32 as default encoding for string secrets (#755)',
      '- feat(plugin-base32-bypass): add base32 bypass plugin (#756)',
      '- feat(adapters): initialize guardrails once in v11/v12 adapter constructors (#763)',
      '- feat(plugin-base32-alt): add hex and base64 bypass plugins (#765)',
      '  BREAKING CHANGE: HexBypassPlugin and hexBypass export removed. Use BypassBase32Plugin with @scure/base hex codec instead.',
      '- ci: update package versions (#766)',
      '- (1 dependency update by Dependabot or Renovate, not listed)',
    ]);
    // Two requests, one page of the folder's history from each tag, the older first.
    expect(listRequests().map((sent) => [sent.query['sha'], sent.query['path'], sent.query['per_page'], sent.query['page']])).toEqual([
      ['v13.1.1', 'packages/otplib', String(COMMITS_PER_PAGE), '1'],
      ['v13.2.0', 'packages/otplib', String(COMMITS_PER_PAGE), '1'],
    ]);
  });

  it('the same folder history gives the same evidence ID on every run', async () => {
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { 'v13.1.1': 2, 'v13.2.0': 10 } } } });
    const first = await fetchPackageCommitLog(request(octokit));
    const second = await fetchPackageCommitLog(request(octokit));
    expect(second.evidence[0]!.id).toBe(first.evidence[0]!.id);
  });

  it('reads a range the first page does not prove whole as nothing: more than a page of the folder between the tags', async () => {
    const many = Array.from({ length: COMMITS_PER_PAGE + 5 }, (_, index) => `feat: change ${index}`);
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: many, tags: { 'v13.1.1': 3, 'v13.2.0': many.length } } } });
    const result = await fetchPackageCommitLog(request(octokit));
    expect(result.evidence).toEqual([]);
    expect(result.missing).toEqual([{ code: 'COMMIT_LOG_UNAVAILABLE', message: expect.stringContaining(`more than ${COMMITS_PER_PAGE} commits touch the folder between the tags`) }]);
  });

  it('two whole histories (neither page full) give exactly what the newer tag reaches and the older does not, even across branches', async () => {
    // v13.1.1 reaches commit 3, which v13.2.0 does not (the tags are on different branches): the
    // range is what compare's base...head would list, commits 2, 4 and 5.
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { 'v13.1.1': [0, 1, 3], 'v13.2.0': [0, 1, 2, 4, 5] } } } });
    const result = await fetchPackageCommitLog(request(octokit));
    expect(result.evidence[0]!.content.split('\n').slice(2)).toEqual([
      '- docs: add legacy Google Authenticator troubleshooting guide (#754)',
      '- docs: clarify Base32 as default encoding for string secrets (#755)',
      '- feat(plugin-base32-bypass): add base32 bypass plugin (#756)',
    ]);
  });

  it('a full page is read only when the range is its head: not for a branch merged between the tags that sorts among the older commits, nor an older tag off the page', async () => {
    const history = Array.from({ length: COMMITS_PER_PAGE + 20 }, (_, index) => `fix: change ${index}`);
    history[30] = 'feat!: a branch change dated before the older tag';
    const newest = history.length;
    // The range at the head of the page: the newest 8 commits, the older tag reaching the rest.
    let octokit = await start({ folderHistories: { 'packages/otplib': { commits: history, tags: { 'v13.1.1': newest - 8, 'v13.2.0': newest } } } });
    const head = await fetchPackageCommitLog(request(octokit));
    expect(head.evidence[0]!.content.split('\n').slice(2)).toEqual(Array.from({ length: 8 }, (_, index) => `- fix: change ${newest - 8 + index}`));
    await github!.close();
    // Commit 30 reached only by the newer tag (a merged branch), listed among the older commits.
    const olderReach = Array.from({ length: newest - 8 }, (_, index) => index).filter((index) => index !== 30);
    octokit = await start({ folderHistories: { 'packages/otplib': { commits: history, tags: { 'v13.1.1': olderReach, 'v13.2.0': newest } } } });
    const interleaved = await fetchPackageCommitLog(request(octokit));
    expect(interleaved.evidence).toEqual([]);
    expect(interleaved.missing[0]!.message).toContain('a branch merged between the tags interleaves with the older commits');
    await github!.close();
    // A full page with an empty older history proves nothing about what lies beyond it.
    octokit = await start({ folderHistories: { 'packages/otplib': { commits: history, tags: { 'v13.1.1': 0, 'v13.2.0': newest } } } });
    expect((await fetchPackageCommitLog(request(octokit))).evidence).toEqual([]);
  });

  it('a folder the older tag does not reach yet (the package moved in) is read whole when the list is not cut', async () => {
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER.slice(2, 5), tags: { 'v13.1.1': 0, 'v13.2.0': 3 } } } });
    const result = await fetchPackageCommitLog(request(octokit));
    expect(result.evidence[0]!.content).toContain('- docs: clarify Base32 as default encoding for string secrets (#755)');
  });

  it('a release that touches nothing in the folder says so, and lists nothing', async () => {
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { 'v13.1.1': 10, 'v13.2.0': 10 } } } });
    const result = await fetchPackageCommitLog(request(octokit));
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]!.message).toBe('No commit between v13.1.1 and v13.2.0 in yeojz/otplib touches packages/otplib: the release changes only other packages of the repository (or nothing), which this log does not show.');
  });

  it('tries the older tag spelled the other way once, as the compare log does', async () => {
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { '13.1.1': 2, 'v13.2.0': 10 } } } });
    const result = await fetchPackageCommitLog(request(octokit));
    expect(result.evidence[0]!.locator).toBe('commits/13.1.1...v13.2.0/packages/otplib');
    expect(listRequests().map((sent) => sent.query['sha'])).toEqual(['v13.1.1', '13.1.1', 'v13.2.0']);
  });

  it('a missing tag and a rate limit each leave a note, never an error', async () => {
    let octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { 'v13.2.0': 10 } } } });
    const missingTag = await fetchPackageCommitLog(request(octokit));
    expect(missingTag.evidence).toEqual([]);
    expect(missingTag.missing[0]!.message).toContain('a tag is missing (v13.2.0, v13.1.1 or 13.1.1)');
    await github!.close();

    octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { 'v13.1.1': 2, 'v13.2.0': 10 } } } });
    github!.state.faults.push({ match: /GET \/repos\/yeojz\/otplib\/commits$/, kind: 'rate-limit' });
    const budget = { remaining: 5, total: 5 };
    const limited = await fetchPackageCommitLog(request(octokit, { budget }));
    expect(limited.evidence).toEqual([]);
    expect(limited.missing[0]!.code).toBe('COMMIT_LOG_UNAVAILABLE');
    // A rate limit spends the tokenless allowance: the run asks no more.
    expect(budget.remaining).toBe(0);
  });

  it('without a token, tries the other spelling only when the allowance still covers both lists: a missing older tag costs one request', async () => {
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { '13.1.1': 2, 'v13.2.0': 10 } } } });
    const budget = { remaining: 2, total: 2 };
    const result = await fetchPackageCommitLog(request(octokit, { budget }));
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]!.message).toContain('a tag is missing');
    expect(listRequests().map((sent) => sent.query['sha'])).toEqual(['v13.1.1']);
    expect(budget.remaining).toBe(1);
    const three = { remaining: 3, total: 3 };
    expect((await fetchPackageCommitLog(request(octokit, { budget: three }))).evidence).toHaveLength(1);
    expect(three.remaining).toBe(0);
  });

  it('a scoped package tag and a folder with special characters are sent as query values and cited encoded', async () => {
    const octokit = await start({ folderHistories: { 'packages/a b#c': { commits: OTPLIB_FOLDER, tags: { '@scope/otplib@13.1.1': 2, '@scope/otplib@13.2.0': 10 } } } });
    const result = await fetchPackageCommitLog(request(octokit, { repository: { owner: 'yeojz', repo: 'otplib', directory: 'packages/a b#c' }, packageName: '@scope/otplib', newerTag: '@scope/otplib@13.2.0' }));
    expect(result.evidence[0]!.sourceUrl).toBe('https://github.com/yeojz/otplib/commits/%40scope%2Fotplib%4013.2.0/packages/a%20b%23c');
    expect(listRequests().map((sent) => [sent.query['sha'], sent.query['path']])).toEqual([
      ['@scope/otplib@13.1.1', 'packages/a b#c'],
      ['@scope/otplib@13.2.0', 'packages/a b#c'],
    ]);
  });

  it('without a token, asks only when the allowance covers both lists', async () => {
    const octokit = await start({ folderHistories: { 'packages/otplib': { commits: OTPLIB_FOLDER, tags: { 'v13.1.1': 2, 'v13.2.0': 10 } } } });
    const budget = { remaining: 1, total: 1 };
    const result = await fetchPackageCommitLog(request(octokit, { budget }));
    expect(result.missing[0]!.message).toContain('without a GitHub token');
    expect(listRequests()).toEqual([]);
    expect(budget.remaining).toBe(1);
    const enough = { remaining: 2, total: 2 };
    expect((await fetchPackageCommitLog(request(octokit, { budget: enough }))).evidence).toHaveLength(1);
    expect(enough.remaining).toBe(0);
  });

  it('reads nothing for a package outside a monorepo (no folder) or without a client', async () => {
    const octokit = await start({});
    expect(await fetchPackageCommitLog(request(octokit, { repository: { owner: 'yeojz', repo: 'otplib', directory: null } }))).toEqual({ evidence: [], missing: [] });
    expect(await fetchPackageCommitLog(request(null as never, { octokit: null }))).toEqual({ evidence: [], missing: [] });
    expect(listRequests()).toEqual([]);
  });
});

describe('gathering evidence for a monorepo package', () => {
  it('with no changelog anywhere, reads the folder log (not the compare log) and cites it', async () => {
    const repository = { repository: { type: 'git', url: 'git+https://github.com/acme/mono.git', directory: 'packages/pkg' } };
    const registry = inMemoryRegistry({
      '1.0.0': { tarball: npmTarballOf({ 'package.json': '{"name":"pkg","version":"1.0.0"}', 'index.js': 'module.exports = 1;\n' }), fields: repository },
      '1.1.0': { tarball: npmTarballOf({ 'package.json': '{"name":"pkg","version":"1.1.0"}', 'index.js': 'module.exports = 2;\n' }), fields: repository },
    });
    github = await startFakeGitHub({
      repositories: {
        'acme/mono': {
          commits: { 'v1.1.0': { 'packages/pkg/index.js': 'module.exports = 2;\n', 'README.md': '# mono\n' } },
          // A compare of the whole repository would cite the sibling's commit: it must not be asked.
          compares: { 'v1.0.0...v1.1.0': ['feat(other-pkg): remove everything', 'feat(pkg): add `two`'] },
          folderHistories: { 'packages/pkg': { commits: ['feat(pkg): first', 'feat(pkg): add `two`'], tags: { 'v1.0.0': 1, 'v1.1.0': 2 } } },
        },
      },
    });
    const octokit = createGitHubClient({ token: 'test-token', baseUrl: github.url });
    const gathered = await gatherEvidence(bumpOfPkg('1.0.0', '1.1.0', 'minor'), { registry, registryUrl: REGISTRY, github: octokit, logger: silentLogger });
    const logs = gathered.evidence.filter((item) => item.kind === 'commitLog');
    expect(logs.map((item) => [item.sourceId, item.content])).toEqual([[FOLDER_COMMIT_LOG_SOURCE_ID, 'Commits v1.0.0...v1.1.0 that touch packages/pkg/\n\n- feat(pkg): add `two`']]);
    expect(github.requests.some((sent) => sent.path.includes('/compare/'))).toBe(false);
  });
});
