import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolvePullRequest } from '../../src/action/pull-request-event.js';

function eventFile(payload: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'depverdict-event-')), 'event.json');
  writeFileSync(path, JSON.stringify(payload));
  return path;
}

const env = (payload: unknown, eventName = 'pull_request') => ({ GITHUB_REPOSITORY: 'acme/app', GITHUB_EVENT_NAME: eventName, GITHUB_EVENT_PATH: eventFile(payload) });
const pr = (number: number, baseRepoUrl = 'https://api.github.com/repos/acme/app') => ({
  number,
  title: 'Bump x',
  body: null,
  base: { sha: 'a'.repeat(40), repo: { url: baseRepoUrl } },
  head: { sha: 'b'.repeat(40) },
});

describe('resolving the pull request', () => {
  it('reads a pull_request event', async () => {
    const target = await resolvePullRequest({ env: env({ pull_request: pr(7) }), pullRequestInput: undefined, octokit: null });
    expect(target).toMatchObject({ owner: 'acme', repo: 'app', number: 7, title: 'Bump x', body: '' });
  });

  it('takes from a workflow_run only a pull request whose base is this repository', async () => {
    const payload = { workflow_run: { pull_requests: [pr(3, 'https://api.github.com/repos/someone/fork'), pr(9)] } };
    const target = await resolvePullRequest({ env: env(payload, 'workflow_run'), pullRequestInput: undefined, octokit: null });
    expect(target.number).toBe(9);
    const foreignOnly = { workflow_run: { pull_requests: [pr(3, 'https://api.github.com/repos/someone/fork')] } };
    await expect(resolvePullRequest({ env: env(foreignOnly, 'workflow_run'), pullRequestInput: undefined, octokit: null })).rejects.toThrow(/has no pull request/);
  });

  it('says what to do on an event without a pull request, and without a repository', async () => {
    await expect(resolvePullRequest({ env: env({ ref: 'refs/heads/main' }, 'push'), pullRequestInput: undefined, octokit: null })).rejects.toThrow(
      /push event has no pull request\. Run DepVerdict on pull_request events, or set the "pull-request" input/,
    );
    await expect(resolvePullRequest({ env: {}, pullRequestInput: undefined, octokit: null })).rejects.toThrow(/GITHUB_REPOSITORY is not set/);
    await expect(resolvePullRequest({ env: { GITHUB_REPOSITORY: 'acme/app' }, pullRequestInput: 5, octokit: null })).rejects.toThrow(/needs a "github-token"/);
  });
});
