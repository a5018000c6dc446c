import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient, describeGitHubError, formatGitHubError } from '../../src/github/client.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/fake-github-server.js';

const TOKEN = 'ghs_clientTestToken0123456789';

describe('createGitHubClient', () => {
  let fake: FakeGitHub | undefined;
  let hanging: Server | undefined;
  const previousApiUrl = process.env['GITHUB_API_URL'];

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    if (hanging) {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging!.close(resolve));
      hanging = undefined;
    }
    if (previousApiUrl === undefined) delete process.env['GITHUB_API_URL'];
    else process.env['GITHUB_API_URL'] = previousApiUrl;
    resetSecretsForTesting();
  });

  it('takes the API base URL from GITHUB_API_URL, as the runner sets it', async () => {
    fake = await startFakeGitHub({
      requiredToken: TOKEN,
      repositories: { 'acme/app': { pulls: { 3: { baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), title: 'Bump lodash' } } } },
    });
    process.env['GITHUB_API_URL'] = `${fake.url}/`;

    const octokit = createGitHubClient({ token: TOKEN });
    const pull = await octokit.rest.pulls.get({ owner: 'acme', repo: 'app', pull_number: 3 });

    expect(pull.data.head.sha).toBe('b'.repeat(40));
    expect(fake.requests[0]?.headers['authorization']).toBe(`token ${TOKEN}`);
  });

  it('gives up on a server that never answers, with no HTTP status', async () => {
    hanging = createServer(() => {
      // Deliberately never responds.
    });
    await new Promise<void>((resolve) => hanging!.listen(0, '127.0.0.1', () => resolve()));
    const port = (hanging.address() as AddressInfo).port;
    const octokit = createGitHubClient({ token: TOKEN, baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 200 });

    const error = await octokit.rest.pulls.get({ owner: 'acme', repo: 'app', pull_number: 1 }).catch((caught: unknown) => caught);

    const info = describeGitHubError(error);
    expect(info.status).toBeNull();
    expect(formatGitHubError(info)).toMatch(/^GitHub could not be reached/);
  });
});

describe('describeGitHubError', () => {
  const now = () => 1_700_000_000_000;

  it('recognises a primary rate limit and when it resets', () => {
    const info = describeGitHubError(
      {
        status: 403,
        message: 'API rate limit exceeded',
        response: { data: { message: 'API rate limit exceeded for installation ID 1.' }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000060' } },
      },
      now,
    );
    expect(info).toMatchObject({ status: 403, rateLimited: true, retryAfterSeconds: 60, notAccessible: false, tooLarge: false });
    expect(formatGitHubError(info)).toBe('GitHub rate limit reached (retry in about 60 s): API rate limit exceeded for installation ID 1.');
  });

  it('recognises a secondary rate limit by retry-after', () => {
    const info = describeGitHubError({ status: 429, response: { data: { message: 'secondary' }, headers: { 'retry-after': '30' } } }, now);
    expect(info).toMatchObject({ rateLimited: true, retryAfterSeconds: 30 });
  });

  it('recognises a read-only token and a too-large file', () => {
    expect(describeGitHubError({ status: 403, response: { data: { message: 'Resource not accessible by integration' }, headers: {} } }).notAccessible).toBe(true);
    expect(
      describeGitHubError({ status: 403, response: { data: { message: 'blob', errors: [{ code: 'too_large' }] }, headers: {} } }).tooLarge,
    ).toBe(true);
  });

  it('redacts a token that appears in an error message', () => {
    const info = describeGitHubError(new Error('failed with Authorization: token ghs_abcdefghijklmnopqrstuvwxyz'));
    expect(info.status).toBeNull();
    expect(info.message).not.toContain('ghs_abcdefghijklmnopqrstuvwxyz');
    expect(formatGitHubError(info)).toMatch(/^GitHub could not be reached/);
  });
});
