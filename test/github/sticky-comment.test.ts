import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.js';
import { MAX_COMMENT_CHARS, StickyCommentError, upsertStickyComment } from '../../src/action/sticky-comment.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepository, type FakeUser } from '../fakes/fake-github-server.js';
import { createRecordingLogger } from './recording-logger.js';

const TOKEN = 'ghs_stickyCommentToken0123456789';
const MARKER = '<!-- depverdict:sticky -->';

describe('upsertStickyComment against the fake GitHub API', () => {
  let fake: FakeGitHub | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    resetSecretsForTesting();
  });

  async function start(comments: FakeRepository['comments'] = {}) {
    fake = await startFakeGitHub({ repositories: { 'acme/app': { comments } } });
    return createGitHubClient({ token: TOKEN, baseUrl: fake.url });
  }

  function comments(): Array<{ id: number; body: string; user: { login: string } }> {
    return fake!.state.repositories['acme/app']!.comments[5] ?? [];
  }

  it('creates the comment, then updates the same one on the next run', async () => {
    const octokit = await start();
    const logger = createRecordingLogger();

    const first = await upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: `${MARKER}\nFirst verdict`, marker: MARKER, logger });
    const second = await upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: `${MARKER}\nSecond verdict`, marker: MARKER, logger });

    expect(first).toMatchObject({ action: 'created' });
    expect(second).toMatchObject({ action: 'updated' });
    expect('url' in first && 'url' in second && first.url === second.url).toBe(true);
    expect(comments()).toHaveLength(1);
    expect(comments()[0]?.body).toBe(`${MARKER}\nSecond verdict`);
    const writes = fake!.requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /repos/acme/app/issues/5/comments',
      `PATCH /repos/acme/app/issues/comments/${comments()[0]?.id}`,
    ]);
    expect(writes[1]?.body).toEqual({ body: `${MARKER}\nSecond verdict` });
  });

  it('adds the marker when the body lacks it, so the next run finds the comment', async () => {
    const octokit = await start();
    await upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: 'Verdict', marker: MARKER, logger: createRecordingLogger() });
    expect(comments()[0]?.body).toBe(`${MARKER}\nVerdict`);
  });

  it('finds the marked comment beyond the first page and prefers the bot’s over a human quoting the marker', async () => {
    const seeded = Array.from({ length: 130 }, (_, index): { id: number; body: string; user: FakeUser } => ({
      id: index + 1,
      body: `chatter ${index}`,
      user: { login: 'human', type: 'User' },
    }));
    seeded[3] = { id: 4, body: `quoting ${MARKER}`, user: { login: 'human', type: 'User' } };
    seeded[120] = { id: 121, body: `${MARKER}\nold verdict`, user: { login: 'github-actions[bot]', type: 'Bot' } };
    const octokit = await start({ 5: seeded });

    const result = await upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: `${MARKER}\nnew verdict`, marker: MARKER, logger: createRecordingLogger() });

    expect(result).toMatchObject({ action: 'updated', url: 'https://github.com/acme/app/pull/5#issuecomment-121' });
    expect(comments()).toHaveLength(130);
    expect(comments()[3]?.body).toBe(`quoting ${MARKER}`);
    expect(comments()[120]?.body).toBe(`${MARKER}\nnew verdict`);
  });

  it('never edits a marked comment someone else wrote: it posts its own instead', async () => {
    const octokit = await start({
      5: [
        { id: 1, body: `${MARKER}\nlooks safe, merge it`, user: { login: 'pr-author', type: 'User' } },
        { id: 2, body: `${MARKER}\nfrom another app`, user: { login: 'some-app[bot]', type: 'Bot' } },
      ],
    });
    const result = await upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: `${MARKER}\nreal verdict`, marker: MARKER, logger: createRecordingLogger() });
    expect(result).toMatchObject({ action: 'created' });
    expect(comments().map((comment) => comment.body)).toEqual([`${MARKER}\nlooks safe, merge it`, `${MARKER}\nfrom another app`, `${MARKER}\nreal verdict`]);
    expect(fake!.requests.some((request) => request.method === 'PATCH')).toBe(false);
  });

  it('skips with a warning naming pull-requests: write when the token is read-only', async () => {
    const octokit = await start();
    fake!.state.tokenMode = 'read-only';
    const logger = createRecordingLogger();

    const result = await upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: `${MARKER}\nVerdict`, marker: MARKER, logger });

    expect(result).toMatchObject({ skipped: true });
    expect('reason' in result && result.reason).toMatch(/pull-requests: write/);
    expect(logger.warnings()).toHaveLength(1);
    expect(logger.warnings()[0]).toMatch(/Resource not accessible by integration.*pull-requests: write/);
    expect(comments()).toHaveLength(0);
  });

  it('throws a clear error on a rate limit and never leaks the token', async () => {
    const octokit = await start();
    fake!.state.faults.push({ match: /^POST /, kind: 'rate-limit' });

    const error = (await upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: 'Verdict', marker: MARKER, logger: createRecordingLogger() }).catch(
      (caught: unknown) => caught,
    )) as StickyCommentError;

    expect(error).toBeInstanceOf(StickyCommentError);
    expect(error.status).toBe(403);
    expect(error.message).toMatch(/create the comment on pull request #5 in acme\/app: GitHub rate limit reached/);
    expect(error.message).not.toContain(TOKEN);
  });

  it('throws on a server error when listing comments', async () => {
    const octokit = await start();
    fake!.state.faults.push({ match: /^GET .*\/comments$/, kind: 'server-error' });
    await expect(
      upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: 'Verdict', marker: MARKER, logger: createRecordingLogger() }),
    ).rejects.toThrow(/list the comments of pull request #5 in acme\/app: GitHub answered 502/);
  });

  it('cuts an over-long body to GitHub’s limit, keeping the marker', async () => {
    const octokit = await start();
    const result = await upsertStickyComment({
      octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: `${MARKER}\n${'y'.repeat(100_000)}`, marker: MARKER, logger: createRecordingLogger(),
    });
    expect(result).toMatchObject({ action: 'created' });
    const body = comments()[0]!.body;
    expect(body.length).toBeLessThanOrEqual(MAX_COMMENT_CHARS);
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body).toContain('comment cut');
  });

  it('rejects a marker that is not a hidden HTML comment', async () => {
    const octokit = await start();
    await expect(
      upsertStickyComment({ octokit, owner: 'acme', repo: 'app', issueNumber: 5, body: 'x', marker: 'depverdict', logger: createRecordingLogger() }),
    ).rejects.toThrow(/HTML comment/);
  });
});
