import { readFile } from 'node:fs/promises';
import { collectPages, type GitHubClient } from '../github/client.js';

export interface PullRequestTarget {
  owner: string;
  repo: string;
  number: number;
  baseSha: string;
  headSha: string;
  title: string;
  body: string;
}

export class EventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventError';
  }
}

interface PullRequestPayload {
  number?: unknown;
  title?: unknown;
  body?: unknown;
  base?: { sha?: unknown; repo?: { name?: unknown; url?: unknown } };
  head?: { sha?: unknown };
}

function isBaseRepository(candidate: PullRequestPayload, owner: string, repo: string): boolean {
  const url = candidate.base?.repo?.url;
  return typeof url === 'string' && url.toLowerCase().endsWith(`/repos/${owner}/${repo}`.toLowerCase());
}

function asPullRequest(value: PullRequestPayload | undefined, owner: string, repo: string): PullRequestTarget | null {
  if (!value || typeof value.number !== 'number') return null;
  const baseSha = value.base?.sha;
  const headSha = value.head?.sha;
  if (typeof baseSha !== 'string' || typeof headSha !== 'string') return null;
  return {
    owner,
    repo,
    number: value.number,
    baseSha,
    headSha,
    title: typeof value.title === 'string' ? value.title : '',
    body: typeof value.body === 'string' ? value.body : '',
  };
}

/**
 * Finds the pull request to analyse: from the event payload (pull_request,
 * pull_request_target, or a workflow_run triggered by one), or from the `pull-request`
 * input, in which case its SHAs are read from the API. Only the narrow slice the
 * pipeline needs leaves this module.
 */
export async function resolvePullRequest(input: {
  env: NodeJS.ProcessEnv;
  pullRequestInput: number | undefined;
  octokit: GitHubClient | null;
}): Promise<PullRequestTarget> {
  const repository = input.env.GITHUB_REPOSITORY ?? '';
  const [owner, repo] = repository.split('/');
  if (!owner || !repo) throw new EventError('GITHUB_REPOSITORY is not set to "owner/repo"; run DepVerdict inside a GitHub Actions job.');

  if (input.pullRequestInput !== undefined) {
    if (!input.octokit) throw new EventError('The "pull-request" input needs a "github-token" to read the pull request.');
    const { data } = await input.octokit.rest.pulls.get({ owner, repo, pull_number: input.pullRequestInput });
    const target = asPullRequest(data as PullRequestPayload, owner, repo);
    if (!target) throw new EventError(`Pull request #${input.pullRequestInput} has no base or head SHA.`);
    return target;
  }

  const eventPath = input.env.GITHUB_EVENT_PATH;
  if (!eventPath) throw new EventError('GITHUB_EVENT_PATH is not set; run on a pull_request event or set the "pull-request" input.');
  let payload: { pull_request?: PullRequestPayload; workflow_run?: { pull_requests?: PullRequestPayload[] } };
  try {
    payload = JSON.parse(await readFile(eventPath, 'utf8'));
  } catch (error) {
    throw new EventError(`Could not read the event payload at ${eventPath}: ${(error as Error).message}`);
  }
  // A workflow_run lists pull requests by head branch, which can include PRs of other
  // repositories (forks); only one whose base is this repository may be analysed and commented on.
  const fromWorkflowRun = payload.workflow_run?.pull_requests?.find((candidate) => isBaseRepository(candidate, owner, repo));
  const target = asPullRequest(payload.pull_request, owner, repo) ?? asPullRequest(fromWorkflowRun, owner, repo);
  if (!target) {
    throw new EventError(
      `The ${input.env.GITHUB_EVENT_NAME ?? 'current'} event has no pull request. Run DepVerdict on pull_request events, or set the "pull-request" input to a PR number.`,
    );
  }
  return target;
}

/** GitHub lists at most 250 commits of a pull request; more than enough for a cross-check. */
const MAX_COMMIT_MESSAGES = 250;

/**
 * The PR's commit messages, used only to cross-check the bumps found in the files (Dependabot
 * and Renovate describe their bumps there too). Best effort: without them the check is simply
 * narrower, so a failure is logged, not raised.
 */
export async function readCommitMessages(octokit: GitHubClient, target: PullRequestTarget, onError: (message: string) => void): Promise<string[]> {
  try {
    const pages = octokit.paginate.iterator(octokit.rest.pulls.listCommits, { owner: target.owner, repo: target.repo, pull_number: target.number, per_page: 100 });
    const commits = (await collectPages(pages, Math.ceil(MAX_COMMIT_MESSAGES / 100))).items;
    return commits.slice(0, MAX_COMMIT_MESSAGES).map((commit) => commit.commit.message);
  } catch (error) {
    onError(`Could not read the commit messages of pull request #${target.number}: ${(error as Error).message}`);
    return [];
  }
}
