/**
 * GitHub's rate limits, against the fake GitHub server: a secondary limit (429 or 403 with
 * retry-after) is waited out, with jitter, up to the documented cap and never past the run's
 * deadline; a primary limit that resets later than that, or a 403 that is a permission problem,
 * is reported at once (the evidence it would have read becomes missing information).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient, describeGitHubError, MAX_GITHUB_RATE_LIMIT_WAIT_MS, rateLimitWaitMs } from '../../src/github/client.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/fake-github-server.js';

const TOKEN = 'ghs_rateLimitTestToken0123456789';
const PULL = { baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), title: 'Bump lodash' };

let fake: FakeGitHub;
let waits: number[];
let started: FakeGitHub | undefined;

afterEach(async () => {
  await started?.close();
  started = undefined;
  resetSecretsForTesting();
});

async function client(options: { remainingMs?: number; signal?: AbortSignal; random?: number } = {}) {
  fake = await startFakeGitHub({ requiredToken: TOKEN, repositories: { 'acme/app': { pulls: { 3: PULL } } } });
  started = fake;
  waits = [];
  return createGitHubClient({
    token: TOKEN,
    baseUrl: fake.url,
    sleep: async (milliseconds) => void waits.push(milliseconds),
    random: () => options.random ?? 1,
    run: { signal: options.signal ?? new AbortController().signal, remainingMs: () => options.remainingMs ?? 600_000 },
  });
}

const getPull = (octokit: Awaited<ReturnType<typeof client>>) => octokit.rest.pulls.get({ owner: 'acme', repo: 'app', pull_number: 3 });
const pullRequests = () => fake.requests.filter((request) => request.path.endsWith('/pulls/3'));

describe('GitHub rate limits', () => {
  it('waits out a secondary rate limit (retry-after 30 s) plus at most 10 % jitter, then succeeds', async () => {
    const octokit = await client();
    fake.state.faults.push({ match: /pulls\/3$/, kind: 'secondary-rate-limit' });
    const pull = await getPull(octokit);
    expect(pull.data.head.sha).toBe(PULL.headSha);
    expect(pullRequests()).toHaveLength(2);
    expect(waits).toEqual([33_000]);
  });

  it('never waits less than GitHub asked', async () => {
    const octokit = await client({ random: 0 });
    fake.state.faults.push({ match: /pulls\/3$/, kind: 'secondary-rate-limit' });
    await getPull(octokit);
    expect(waits).toEqual([30_000]);
  });

  it('reports a limit that persists after two retries, with GitHub’s wait', async () => {
    const octokit = await client();
    fake.state.faults.push({ match: /pulls\/3$/, kind: 'secondary-rate-limit', times: 5 });
    const info = describeGitHubError(await getPull(octokit).catch((error: unknown) => error));
    expect(info).toMatchObject({ status: 429, rateLimited: true, retryAfterSeconds: 30 });
    expect(pullRequests()).toHaveLength(3);
    expect(waits).toHaveLength(2);
  });

  it(`does not wait for a primary limit that resets later than ${MAX_GITHUB_RATE_LIMIT_WAIT_MS / 1000} s`, async () => {
    const octokit = await client();
    fake.state.faults.push({ match: /pulls\/3$/, kind: 'rate-limit' });
    const info = describeGitHubError(await getPull(octokit).catch((error: unknown) => error));
    expect(info).toMatchObject({ status: 403, rateLimited: true });
    expect(pullRequests()).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('does not start a wait that would pass the run deadline', async () => {
    const octokit = await client({ remainingMs: 10_000 });
    fake.state.faults.push({ match: /pulls\/3$/, kind: 'secondary-rate-limit' });
    const info = describeGitHubError(await getPull(octokit).catch((error: unknown) => error));
    expect(info.rateLimited).toBe(true);
    expect(pullRequests()).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('sends nothing once the run has stopped', async () => {
    const controller = new AbortController();
    const octokit = await client({ signal: controller.signal });
    controller.abort(new Error('stopped'));
    await expect(getPull(octokit)).rejects.toThrow();
    expect(pullRequests()).toHaveLength(0);
  });
});

describe('rateLimitWaitMs', () => {
  const now = 1_700_000_000_000;
  const headers = (values: Record<string, string>) => new Headers(values);

  it('reads retry-after on 429 and 403, and the reset time of an exhausted primary limit', () => {
    expect(rateLimitWaitMs(429, headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(rateLimitWaitMs(403, headers({ 'retry-after': '7' }), now)).toBe(7000);
    expect(rateLimitWaitMs(403, headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '1700000042' }), now)).toBe(42_000);
  });

  it('gives a 429 without a time GitHub’s advised minute', () => {
    expect(rateLimitWaitMs(429, headers({}), now)).toBe(60_000);
  });

  it('never treats a permission 403, or any other status, as a rate limit', () => {
    expect(rateLimitWaitMs(403, headers({ 'x-ratelimit-remaining': '4999' }), now)).toBeNull();
    expect(rateLimitWaitMs(404, headers({ 'retry-after': '7' }), now)).toBeNull();
    expect(rateLimitWaitMs(503, headers({ 'retry-after': '7' }), now)).toBeNull();
  });
});
