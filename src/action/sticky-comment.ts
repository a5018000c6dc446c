import type { Logger } from '../shared/logger.js';
import { collectPages, describeGitHubError, formatGitHubError, MAX_GITHUB_PAGES, type GitHubClient } from '../github/client.js';

/**
 * One PR comment per marker, updated in place on every run. The marker is a hidden HTML
 * comment; comments are found by it, so re-runs, rebases and concurrent jobs converge on a
 * single comment instead of piling up new ones.
 */

/** GitHub rejects comment bodies longer than this (characters). */
export const MAX_COMMENT_CHARS = 65_536;
/** The login GITHUB_TOKEN writes as; its comments are preferred when several carry the marker. */
export const DEFAULT_BOT_LOGIN = 'github-actions[bot]';

const TRUNCATION_NOTICE = '\n\n…(comment cut to fit GitHub’s 65,536-character limit; the full report is in the version-analysis artifact)';

export interface StickyCommentRequest {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  issueNumber: number;
  body: string;
  /** Hidden marker, e.g. `<!-- depverdict:sticky -->`. Added to the body when missing. */
  marker: string;
  logger: Logger;
  /** Author whose marked comment wins over others (default: github-actions[bot]). */
  authorLogin?: string;
}

export type StickyCommentResult = { url: string; action: 'created' | 'updated' } | { skipped: true; reason: string };

/** The comment could not be written for a reason other than a read-only token. */
export class StickyCommentError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StickyCommentError';
    this.status = status;
  }
}

interface ExistingComment {
  id: number;
  body?: string | null;
  html_url: string;
  user?: { login?: string; type?: string } | null;
}

export async function upsertStickyComment(request: StickyCommentRequest): Promise<StickyCommentResult> {
  const { octokit, owner, repo, issueNumber, marker, logger } = request;
  if (!/^<!--[\s\S]*-->$/.test(marker) || marker.length > 200) {
    throw new StickyCommentError(`The sticky comment marker must be a short HTML comment like "<!-- depverdict -->".`, null);
  }
  const body = fitBody(request.body.includes(marker) ? request.body : `${marker}\n${request.body}`, marker);
  const target = `pull request #${issueNumber} in ${owner}/${repo}`;

  let existing: ExistingComment | undefined;
  try {
    const listed = await collectPages(octokit.paginate.iterator(octokit.rest.issues.listComments, { owner, repo, issue_number: issueNumber, per_page: 100 }));
    // Past the bound the marker may sit unread; a second comment is better than a run that never ends.
    if (listed.truncated) logger.warning(`${target} has more than ${MAX_GITHUB_PAGES * 100} comments; only the first ${MAX_GITHUB_PAGES * 100} were searched for the DepVerdict comment.`);
    const comments = listed.items as ExistingComment[];
    const author = request.authorLogin ?? (await tokenLogin(octokit, DEFAULT_BOT_LOGIN));
    existing = pickComment(comments.filter((comment) => comment.body?.includes(marker)), author);
  } catch (error) {
    return handleFailure(error, `list the comments of ${target}`, logger);
  }

  try {
    if (existing) {
      const response = await octokit.rest.issues.updateComment({ owner, repo, comment_id: existing.id, body });
      logger.info(`Updated the DepVerdict comment on ${target}.`);
      return { url: response.data.html_url, action: 'updated' };
    }
    const response = await octokit.rest.issues.createComment({ owner, repo, issue_number: issueNumber, body });
    logger.info(`Posted the DepVerdict comment on ${target}.`);
    return { url: response.data.html_url, action: 'created' };
  } catch (error) {
    return handleFailure(error, `${existing ? 'update' : 'create'} the comment on ${target}`, logger);
  }
}

/**
 * Only a comment written by the identity this token acts as is ever updated: the marker is
 * public text, so anyone can post a comment containing it, and editing (or being unable to
 * edit) someone else's comment would let them control or suppress the verdict. Several of our
 * own marked comments can exist (older runs before a fix); the oldest is kept up to date.
 */
function pickComment(marked: ExistingComment[], authorLogin: string): ExistingComment | undefined {
  return marked.find((comment) => comment.user?.login === authorLogin);
}

/**
 * Who the token acts as. Installation tokens (the workflow's GITHUB_TOKEN) cannot call
 * GET /user and act as the configured bot; a personal token names its user.
 */
async function tokenLogin(octokit: StickyCommentRequest['octokit'], fallback: string): Promise<string> {
  try {
    const { data } = await octokit.rest.users.getAuthenticated();
    return typeof data.login === 'string' && data.login !== '' ? data.login : fallback;
  } catch {
    return fallback;
  }
}

/** A read-only token is expected (forks, Dependabot): skip with a warning. Anything else throws. */
function handleFailure(error: unknown, attempted: string, logger: Logger): { skipped: true; reason: string } {
  const info = describeGitHubError(error);
  if (info.notAccessible) {
    const reason =
      `Could not ${attempted}: the token is read-only (${info.message}). ` +
      'Grant `pull-requests: write` to the workflow token; pull requests from forks and Dependabot get a read-only token, ' +
      'so the verdict is in the job summary and artifacts instead.';
    logger.warning(reason);
    return { skipped: true, reason };
  }
  const hint = info.status === 401 ? ' Check the github-token input.' : info.status === 403 && !info.rateLimited ? ' Grant `pull-requests: write` to the workflow token.' : '';
  throw new StickyCommentError(`Could not ${attempted}: ${formatGitHubError(info)}.${hint}`, info.status, { cause: error });
}

/** Cuts an over-long body so GitHub accepts it, keeping the marker so the next run finds it. */
function fitBody(body: string, marker: string): string {
  if (body.length <= MAX_COMMENT_CHARS) return body;
  let cut = body.slice(0, MAX_COMMENT_CHARS - TRUNCATION_NOTICE.length);
  // Never leave half a surrogate pair at the cut.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  const fitted = `${cut}${TRUNCATION_NOTICE}`;
  return fitted.includes(marker) ? fitted : `${marker}\n${fitted.slice(0, MAX_COMMENT_CHARS - marker.length - 1)}`;
}
