import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.js';
import { candidateTags, fetchReleaseNotes, versionOfTag } from '../../src/evidence/github-release-notes.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { startFakeGitHub, type FakeGitHub, type FakeRelease } from '../fakes/fake-github-server.js';
import { createRecordingLogger } from './recording-logger.js';

const TOKEN = 'ghs_releaseNotesToken0123456789';

describe('release tag matching', () => {
  it('lists monorepo spellings before bare version tags', () => {
    expect(candidateTags('@scope/pkg', '1.2.3')).toEqual([
      '@scope/pkg@1.2.3',
      '@scope/pkg@v1.2.3',
      'pkg@1.2.3',
      'pkg@v1.2.3',
      'pkg-v1.2.3',
      'v1.2.3',
      '1.2.3',
    ]);
  });

  it('reads the version of this package from a tag and ignores other packages’ tags', () => {
    expect(versionOfTag('left-pad', 'v1.3.0')).toBe('1.3.0');
    expect(versionOfTag('left-pad', '1.3.0')).toBe('1.3.0');
    expect(versionOfTag('@scope/pkg', '@scope/pkg@2.0.0-beta.1')).toBe('2.0.0-beta.1');
    expect(versionOfTag('@scope/pkg', 'pkg@2.0.0')).toBe('2.0.0');
    expect(versionOfTag('@scope/pkg', 'other@2.0.0')).toBeNull();
    expect(versionOfTag('left-pad', 'release-candidate')).toBeNull();
    // Tagged after the package's folder in its monorepo, not after its npm name.
    expect(versionOfTag('@rollup/plugin-node-resolve', 'node-resolve-v16.0.0', 'packages/node-resolve')).toBe('16.0.0');
    expect(versionOfTag('@rollup/plugin-node-resolve', 'node-resolve-v16.0.0')).toBeNull();
    expect(candidateTags('@rollup/plugin-node-resolve', '16.0.0', 'packages/node-resolve')).toContain('node-resolve-v16.0.0');
  });
});

describe('fetchReleaseNotes against the fake GitHub API', () => {
  let fake: FakeGitHub | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    resetSecretsForTesting();
  });

  async function start(releases: FakeRelease[]) {
    fake = await startFakeGitHub({ repositories: { 'owner/project': { releases } } });
    // Rate-limit waits are observed, not sat out.
    return createGitHubClient({ token: TOKEN, baseUrl: fake.url, sleep: async () => {} });
  }

  const repository = { owner: 'owner', repo: 'project', directory: null };

  it('says the repository is not on GitHub without making a request', async () => {
    const result = await fetchReleaseNotes({
      octokit: null, repository: null, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger: createRecordingLogger(),
    });
    expect(result.evidence).toEqual([]);
    expect(result.missing).toEqual([{ code: 'REPOSITORY_NOT_ON_GITHUB', message: expect.stringContaining('repository not on GitHub') }]);
  });

  it('does not read the release notes of a private repository, whatever the token can reach', async () => {
    fake = await startFakeGitHub({ repositories: { 'owner/project': { private: true, releases: [{ tag_name: 'v1.1.0', body: 'SECRET-ROADMAP' }] } } });
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url });
    const result = await fetchReleaseNotes({
      octokit, repository, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger: createRecordingLogger(),
    });
    expect(result.evidence).toEqual([]);
    expect(result.missing).toEqual([{ code: 'RELEASE_NOTES_UNAVAILABLE', message: expect.stringContaining('the repository is private') }]);
    expect(fake.requests.some((request) => request.path.endsWith('/releases'))).toBe(false);
  });

  it('asks for a token when there is no client', async () => {
    const result = await fetchReleaseNotes({
      octokit: null, repository, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger: createRecordingLogger(),
    });
    expect(result.missing.map((entry) => entry.code)).toEqual(['RELEASE_NOTES_NEED_TOKEN']);
    expect(result.missing[0]?.message).toContain('owner/project');
  });

  it('matches v-prefixed and bare tags, skips drafts, and lists versions without notes once', async () => {
    const octokit = await start([
      { tag_name: 'v1.3.0', body: '## Breaking Changes\n\n- Dropped Node 16.', draft: true },
      { tag_name: '1.2.0', body: '## Features\n\n- Added `pad.end`.' },
      { tag_name: 'v1.1.0', body: '## Bug Fixes\n\n- Fixed unicode padding.' },
      { tag_name: 'v1.0.0', body: 'Initial release.' },
    ]);
    const result = await fetchReleaseNotes({
      octokit, repository, packageName: 'left-pad', from: '1.0.0', to: '1.3.0', versionsInRange: ['1.1.0', '1.2.0', '1.3.0'], logger: createRecordingLogger(),
    });

    const versions = result.evidence.flatMap((item) => item.releaseVersions);
    expect([...new Set(versions)].sort()).toEqual(['1.1.0', '1.2.0']);
    expect(result.evidence.every((item) => item.sourceId === 'github-release')).toBe(true);
    expect(result.evidence.map((item) => item.sourceUrl)).toContain('https://github.com/owner/project/releases/tag/v1.1.0');
    expect(result.evidence.map((item) => item.content).join('\n')).toContain('Fixed unicode padding');
    expect(result.evidence.map((item) => item.content).join('\n')).not.toContain('Initial release');
    expect(result.missing).toEqual([{ code: 'RELEASE_NOTES_UNAVAILABLE', message: expect.stringContaining('left-pad 1.3.0') }]);
  });

  it('prefers the package-qualified monorepo tag and ignores other packages of the monorepo', async () => {
    const octokit = await start([
      { tag_name: '@scope/other@2.0.0', body: 'Other package notes.' },
      { tag_name: 'v2.0.0', body: 'Monorepo-wide notes.' },
      { tag_name: '@scope/pkg@2.0.0', body: 'Scoped package notes for 2.0.0.' },
      { tag_name: 'pkg@1.5.0', body: 'Bare-name monorepo notes for 1.5.0.' },
    ]);
    const result = await fetchReleaseNotes({
      octokit, repository, packageName: '@scope/pkg', from: '1.0.0', to: '2.0.0', versionsInRange: ['1.5.0', '2.0.0'], logger: createRecordingLogger(),
    });

    const text = result.evidence.map((item) => item.content).join('\n');
    expect(text).toContain('Scoped package notes for 2.0.0.');
    expect(text).toContain('Bare-name monorepo notes for 1.5.0.');
    expect(text).not.toContain('Monorepo-wide notes');
    expect(text).not.toContain('Other package notes');
    expect(result.evidence.every((item) => item.packageId === 'npm:@scope/pkg')).toBe(true);
    expect(result.missing).toEqual([]);
  });

  it('never uses a release html_url outside the repository’s github.com pages', async () => {
    const octokit = await start([{ tag_name: 'v1.1.0', body: 'Notes.', html_url: 'https://evil.example/steal' }]);
    const result = await fetchReleaseNotes({
      octokit, repository, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger: createRecordingLogger(),
    });
    expect(result.evidence.map((item) => item.sourceUrl)).toEqual(['https://github.com/owner/project/releases/tag/v1.1.0']);
  });

  it('pages through releases until it passes `from`, and stops there', async () => {
    // 250 newer releases of 3.x, then the ones in range, then older ones.
    const releases: FakeRelease[] = [];
    for (let patch = 249; patch >= 0; patch -= 1) releases.push({ tag_name: `v3.0.${patch}`, body: `3.0.${patch}` });
    releases.push({ tag_name: 'v2.1.0', body: 'Two one.' }, { tag_name: 'v2.0.0', body: 'Two.' });
    for (let minor = 9; minor >= 0; minor -= 1) releases.push({ tag_name: `v1.${minor}.0`, body: `One ${minor}.` });
    for (let index = 0; index < 300; index += 1) releases.push({ tag_name: `v0.0.${index}`, body: 'old' });
    const octokit = await start(releases);

    const result = await fetchReleaseNotes({
      octokit, repository, packageName: 'left-pad', from: '2.0.0', to: '2.1.0', versionsInRange: ['2.0.5', '2.1.0'], logger: createRecordingLogger(),
    });

    expect(result.evidence.map((item) => item.content).join('\n')).toContain('Two one.');
    // 2.0.5 has no release; the search ends at v2.0.0 (= from), not at the page bound.
    expect(result.missing).toEqual([{ code: 'RELEASE_NOTES_UNAVAILABLE', message: 'No GitHub release notes in owner/project for left-pad 2.0.5.' }]);
    const pages = fake!.requests.filter((request) => request.path === '/repos/owner/project/releases');
    expect(pages.map((request) => request.query['per_page'])).toEqual(['100', '100', '100']);
  });

  it('reads at most five pages and says so when versions were not found', async () => {
    const releases: FakeRelease[] = [];
    for (let patch = 700; patch >= 0; patch -= 1) releases.push({ tag_name: `v9.0.${patch}`, body: 'newer' });
    const octokit = await start(releases);

    const result = await fetchReleaseNotes({
      octokit, repository, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger: createRecordingLogger(),
    });

    expect(fake!.requests.filter((request) => request.path === '/repos/owner/project/releases')).toHaveLength(5);
    expect(result.missing[0]?.message).toMatch(/1\.1\.0 \(only the newest 500 releases were searched\)/);
  });

  it('bounds a huge release body before it becomes evidence', async () => {
    const octokit = await start([{ tag_name: 'v1.1.0', body: `## Notes\n\n${'x'.repeat(200_000)}` }]);
    const result = await fetchReleaseNotes({
      octokit, repository, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger: createRecordingLogger(),
    });
    const totalChars = result.evidence.reduce((sum, item) => sum + item.content.length, 0);
    expect(result.evidence.length).toBeGreaterThan(0);
    expect(totalChars).toBeLessThan(70_000);
  });

  it.each([
    ['rate-limit', /rate limit/],
    ['secondary-rate-limit', /rate limit.*retry in about 30 s/],
    ['server-error', /GitHub answered 502/],
  ] as const)('turns a %s into RELEASE_NOTES_UNAVAILABLE naming the repository, without throwing', async (kind, pattern) => {
    const octokit = await start([{ tag_name: 'v1.1.0', body: 'Notes.' }]);
    // Persistent: a limit the client may wait out is retried (twice) before it is reported.
    fake!.state.faults.push({ match: /releases/, kind, times: 3 });
    const logger = createRecordingLogger();

    const result = await fetchReleaseNotes({
      octokit, repository, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger,
    });

    expect(result.evidence).toEqual([]);
    expect(result.missing).toHaveLength(1);
    expect(result.missing[0]?.code).toBe('RELEASE_NOTES_UNAVAILABLE');
    expect(result.missing[0]?.message).toContain('owner/project');
    expect(result.missing[0]?.message).toMatch(pattern);
    expect(logger.warnings()).toHaveLength(1);
  });

  it('reports an unknown repository as not found', async () => {
    const octokit = await start([]);
    const result = await fetchReleaseNotes({
      octokit, repository: { owner: 'nobody', repo: 'nothing', directory: null }, packageName: 'left-pad', from: '1.0.0', to: '1.1.0', versionsInRange: ['1.1.0'], logger: createRecordingLogger(),
    });
    expect(result.missing[0]?.message).toContain('nobody/nothing was not found or is private');
  });
});
