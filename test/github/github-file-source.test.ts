import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.js';
import { createGitHubFileSource, GitHubFileSourceError } from '../../src/action/github-file-source.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { gitBlobSha, startFakeGitHub, type FakeGitHub } from '../fakes/fake-github-server.js';
import { createRecordingLogger } from './recording-logger.js';

const BASE = 'a'.repeat(40);
const HEAD = 'b'.repeat(40);
const TOKEN = 'ghs_fakeInstallationToken1234567890';

function bigLockfile(marker: string): string {
  const packages: Record<string, { version: string; resolved: string; integrity: string }> = {};
  for (let index = 0; index < 9000; index += 1) {
    packages[`node_modules/package-${index}`] = {
      version: `1.0.${index}`,
      resolved: `https://registry.npmjs.org/package-${index}/-/package-${index}-1.0.${index}.tgz`,
      integrity: `sha512-${marker}${'x'.repeat(60)}`,
    };
  }
  return JSON.stringify({ name: 'app', lockfileVersion: 3, packages }, null, 2);
}

function seedRepository(): Record<string, Record<string, string>> {
  const base: Record<string, string> = {
    'package.json': JSON.stringify({ dependencies: { lodash: '^4.17.20' } }),
    'package-lock.json': bigLockfile('base'),
    'web/package.json': JSON.stringify({ name: 'web' }),
    'old-tool/package.json': '{"name":"old-tool"}',
    'README.md': 'readme',
  };
  const head: Record<string, string> = {
    'package.json': JSON.stringify({ dependencies: { lodash: '^4.17.21' } }),
    'package-lock.json': bigLockfile('head'),
    'apps/web/package.json': JSON.stringify({ name: 'web', version: '2.0.0' }),
    'README.md': 'readme',
  };
  // 150 workspaces changed: the file list needs two pages of 100.
  for (let index = 0; index < 150; index += 1) {
    base[`packages/p${index}/package.json`] = `{"name":"p${index}","version":"1.0.0"}`;
    head[`packages/p${index}/package.json`] = `{"name":"p${index}","version":"1.0.1"}`;
  }
  return { [BASE]: base, [HEAD]: head };
}

describe('createGitHubFileSource against the fake GitHub API', () => {
  let fake: FakeGitHub;
  let commits: Record<string, Record<string, string>>;

  beforeEach(async () => {
    commits = seedRepository();
    fake = await startFakeGitHub({
      requiredToken: TOKEN,
      repositories: {
        'acme/app': {
          commits,
          pulls: { 7: { baseSha: BASE, headSha: HEAD, renames: { 'apps/web/package.json': 'web/package.json' } } },
        },
      },
    });
  });

  afterEach(async () => {
    await fake.close();
    resetSecretsForTesting();
  });

  function source(logger = createRecordingLogger()) {
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url });
    return createGitHubFileSource({ octokit, owner: 'acme', repo: 'app', pullNumber: 7, baseSha: BASE, headSha: HEAD, logger });
  }

  it('lists every changed path across pages, including the old name of a renamed file', async () => {
    const paths = await source().changedPaths();

    expect(paths).toContain('package.json');
    expect(paths).toContain('package-lock.json');
    expect(paths).toContain('packages/p0/package.json');
    expect(paths).toContain('packages/p149/package.json');
    expect(paths).toContain('apps/web/package.json');
    expect(paths).toContain('web/package.json');
    expect(paths).toContain('old-tool/package.json');
    expect(paths).not.toContain('README.md');
    // 150 workspaces + root manifest + lockfile + rename (new and old) + removed file.
    expect(paths).toHaveLength(155);
    expect(paths).toEqual([...paths].sort());

    const listRequests = fake.requests.filter((request) => request.path === '/repos/acme/app/pulls/7/files');
    expect(listRequests.map((request) => request.query['page'] ?? '1')).toEqual(['1', '2']);
    expect(listRequests[0]?.query['per_page']).toBe('100');
    expect(listRequests[0]?.headers['authorization']).toBe(`token ${TOKEN}`);
  });

  it('reads small files with the raw media type at the right SHA', async () => {
    const files = source();

    expect(await files.read('base', 'package.json')).toBe(commits[BASE]!['package.json']);
    expect(await files.read('head', 'package.json')).toBe(commits[HEAD]!['package.json']);
    const contentRequests = fake.requests.filter((request) => request.path.startsWith('/repos/acme/app/contents/'));
    expect(contentRequests.map((request) => request.query['ref'])).toEqual([BASE, HEAD]);
    expect(contentRequests[0]?.headers['accept']).toBe('application/vnd.github.raw+json');
    expect(files.describe('head')).toBe('head (bbbbbbb)');
  });

  it('falls back to the Git blobs API for a lockfile over 1 MB, on both sides', async () => {
    const files = source();
    await files.changedPaths();
    const headLockfile = commits[HEAD]!['package-lock.json']!;
    expect(headLockfile.length).toBeGreaterThan(1024 * 1024);

    expect(await files.read('head', 'package-lock.json')).toBe(headLockfile);
    expect(await files.read('base', 'package-lock.json')).toBe(commits[BASE]!['package-lock.json']);

    const paths = fake.requests.map((request) => `${request.method} ${request.path}?ref=${request.query['ref'] ?? ''}`);
    // Head: the blob SHA comes from the PR file list, so no directory listing is needed.
    expect(paths).toContain(`GET /repos/acme/app/git/blobs/${gitBlobSha(headLockfile)}?ref=`);
    expect(paths).toContain(`GET /repos/acme/app/git/blobs/${gitBlobSha(commits[BASE]!['package-lock.json']!)}?ref=`);
    // Base: one listing of the root directory at the base SHA finds the blob.
    expect(paths.filter((path) => path === `GET /repos/acme/app/contents?ref=${BASE}`)).toHaveLength(1);
    expect(paths.filter((path) => path === `GET /repos/acme/app/contents?ref=${HEAD}`)).toHaveLength(0);
  });

  it('returns undefined for a file absent at one side (added, removed, renamed)', async () => {
    const files = source();

    expect(await files.read('base', 'apps/web/package.json')).toBeUndefined();
    expect(await files.read('head', 'web/package.json')).toBeUndefined();
    expect(await files.read('head', 'old-tool/package.json')).toBeUndefined();
    expect(await files.read('head', 'apps/web/package.json')).toContain('"version":"2.0.0"');
  });

  it('refuses a directory with an error naming the path and side', async () => {
    const error = await source()
      .read('head', 'packages')
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(GitHubFileSourceError);
    expect((error as GitHubFileSourceError).message).toContain('packages at head (bbbbbbb)');
    expect((error as GitHubFileSourceError).message).toContain('directory');
  });

  it('names the file, the side and the limit when a file is larger than the configured cap', async () => {
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url });
    const files = createGitHubFileSource({
      octokit, owner: 'acme', repo: 'app', pullNumber: 7, baseSha: BASE, headSha: HEAD, logger: createRecordingLogger(), maxFileBytes: 10,
    });

    await expect(files.read('base', 'package.json')).rejects.toThrow(/package\.json at base \(aaaaaaa\) is larger than 10 bytes/);
  });

  it('turns a rate limit into an error naming the path and never the token', async () => {
    fake.state.faults.push({ match: /^GET \/repos\/acme\/app\/contents\//, kind: 'rate-limit' });
    const error = (await source()
      .read('head', 'package.json')
      .catch((caught: unknown) => caught)) as GitHubFileSourceError;

    expect(error).toBeInstanceOf(GitHubFileSourceError);
    expect(error.status).toBe(403);
    expect(error.path).toBe('package.json');
    expect(error.side).toBe('head');
    expect(error.message).toMatch(/package\.json at head .*rate limit/);
    expect(error.message).not.toContain(TOKEN);
  });

  it('explains the missing permission when the file list is forbidden', async () => {
    const octokit = createGitHubClient({ token: 'ghs_someOtherTokenValue000', baseUrl: fake.url });
    const files = createGitHubFileSource({ octokit, owner: 'acme', repo: 'app', pullNumber: 7, baseSha: BASE, headSha: HEAD, logger: createRecordingLogger() });

    await expect(files.changedPaths()).rejects.toThrow(/pull request #7 in acme\/app: GitHub answered 401/);
  });

  it('warns when the pull request reaches GitHub’s 3000-file listing cap', async () => {
    const many = Array.from({ length: 3005 }, (_, index) => ({ filename: `f/${index}.txt`, status: 'modified' }));
    fake.state.repositories['acme/app']!.pulls[8] = { baseSha: BASE, headSha: HEAD, files: many };
    const logger = createRecordingLogger();
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url });
    const files = createGitHubFileSource({ octokit, owner: 'acme', repo: 'app', pullNumber: 8, baseSha: BASE, headSha: HEAD, logger });

    const paths = await files.changedPaths();

    expect(paths).toHaveLength(3000);
    expect(logger.warnings().join('\n')).toMatch(/lists only the first 3000/);
  });
});

describe('createGitHubFileSource when the commit is not visible', () => {
  it('fails loudly instead of reporting every file as absent', async () => {
    const fake = await startFakeGitHub({ repositories: { 'acme/app': { commits: { [HEAD]: { 'package.json': '{}' } } } } });
    try {
      const octokit = createGitHubClient({ token: TOKEN, baseUrl: fake.url });
      const files = createGitHubFileSource({ octokit, owner: 'acme', repo: 'app', pullNumber: 1, baseSha: BASE, headSha: HEAD, logger: createRecordingLogger() });

      expect(await files.read('head', 'missing.json')).toBeUndefined();
      await expect(files.read('base', 'package.json')).rejects.toThrow(
        /Could not read package\.json at base \(aaaaaaa\) of acme\/app: the repository or commit is not visible to the token\. Give the workflow token the `contents: read` permission\./,
      );
    } finally {
      await fake.close();
      resetSecretsForTesting();
    }
  });
});
