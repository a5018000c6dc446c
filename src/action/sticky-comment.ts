import type { Logger } from '../shared/logger.js';
import { describeGitHubError, formatGitHubError, type GitHubClient } from './github-client.js';

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
    const comments = (await octokit.paginate(octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: issueNumber,
      per_page: 100,
    })) as ExistingComment[];
    existing = pickComment(comments.filter((comment) => comment.body?.includes(marker)), request.authorLogin ?? DEFAULT_BOT_LOGIN);
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
 * Prefers the configured bot's comment, then any bot's, then the oldest: several marked
 * comments can exist (a human quoting the marker, an older bot identity) and only one is
 * updated, never a new one added.
 */
function pickComment(marked: ExistingComment[], authorLogin: string): ExistingComment | undefined {
  return (
    marked.find((comment) => comment.user?.login === authorLogin) ??
    marked.find((comment) => comment.user?.type === 'Bot') ??
    marked[0]
  );
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
