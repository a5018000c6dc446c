import { describeGitHubError, formatGitHubError } from '../github/client.js';
import { spendOnRateLimit } from './repository-changelog.js';
import { commitLogEvidence, COMMITS_PER_PAGE, olderTagLike, otherTagSpelling, takeRequest, TOKENLESS_LIMIT, unavailable, type CommitLogRequest, type CommitLogResult, type CompareCommit } from './commit-log.js';

/**
 * The commit log of one package of a monorepo: the commits between the two versions' tags that
 * touch the package's folder (`repository.directory`). The compare API cannot filter by path, so
 * its list would cite the other packages' commits as this one's changes; GitHub's commit list
 * can (`GET /repos/{owner}/{repo}/commits?sha={tag}&path={folder}`), though it has no base. So it
 * is asked twice, one page each: the folder's newest {@link COMMITS_PER_PAGE} commits reachable
 * from the older tag, and those reachable from the newer one. The range is the second list less
 * the first:
 * - exact when neither list is a full page: each is the folder's whole history from its tag, so
 *   nothing of the range lies beyond the newer page;
 * - on a full page, read only when the older list's newest commit is on it and every commit after
 *   it is the older tag's too: the range is then the head of the page. That rests on the list's
 *   order (by date, as `git log`; GitHub does not document it): a commit of a branch merged after
 *   the older tag but dated before it would sort among the older commits, possibly off the page.
 *   Where such a commit shows on the page, the log is not read; one off the page cannot be seen.
 * Otherwise (more than a page of the folder's commits, an older tag that is not an ancestor of
 * the newer one, a merged branch interleaved by date) nothing is read: a cut log shows part of
 * the work, not what the release does.
 *
 * Costs a tokenless run two requests (three when the older tag is spelled the other way, which is
 * tried only when the allowance still covers both lists). Read, like the compare log, only when
 * no changelog and no release notes were found.
 */

/**
 * A folder log is the package's own commits, not the whole release: in a monorepo the packages
 * released beside it (the parser a wrapper re-exports, the config package of a CLI) carry changes
 * its users meet too. The analyzer reads it knowing that (a major it does not explain stays high).
 */
export const FOLDER_COMMIT_LOG_SOURCE_ID = 'github-folder-commits';

/** A commit list page: an array of commits, each with a SHA; null when the answer is not one. */
function commitListOf(data: unknown): Array<CompareCommit & { sha: string }> | null {
  if (!Array.isArray(data)) return null;
  const commits = data.filter((entry): entry is CompareCommit & { sha: string } => typeof entry === 'object' && entry !== null && typeof (entry as CompareCommit).sha === 'string');
  return commits.length === data.length ? commits : null;
}

/**
 * An unknown `sha`. GitHub documents 404 for the commit list; 422 ("No commit found for SHA") is
 * what it answers for the same ref asked of a single commit, and is read the same way here.
 */
function isMissingRef(error: unknown): boolean {
  const status = describeGitHubError(error).status;
  return status === 404 || status === 422;
}

/** Whether the newer page holds the whole range (see the module comment): exact, or its head. */
function rangeIsWhole(newer: ReadonlyArray<{ sha: string }>, older: ReadonlyArray<{ sha: string }>, olderShas: ReadonlySet<string>): boolean {
  // Both whole histories (neither list fills its page): the difference is exact.
  if (newer.length < COMMITS_PER_PAGE && older.length < COMMITS_PER_PAGE) return true;
  const boundary = older[0] === undefined ? -1 : newer.findIndex((commit) => commit.sha === older[0]!.sha);
  return boundary >= 0 && newer.slice(boundary).every((commit) => olderShas.has(commit.sha));
}

export async function fetchPackageCommitLog(request: CommitLogRequest): Promise<CommitLogResult> {
  const { octokit, repository, packageName, olderVersion, newerVersion, newerTag, logger, budget } = request;
  if (repository === null || octokit === null || (repository.directory ?? '') === '') return { evidence: [], missing: [] };
  const fullName = `${repository.owner}/${repository.repo}`;
  // Normalised where it is read (registry-facts.ts: no leading, trailing or `.` segments, no `..`).
  const folder = repository.directory!;
  const spelledLikeNewer = olderTagLike(newerTag, newerVersion, olderVersion);
  if (spelledLikeNewer === null) return unavailable(`The commits of ${fullName} were not read: the tag ${newerTag} does not name ${newerVersion}, so the tag of ${olderVersion} cannot be spelled.`);
  let olderTag = spelledLikeNewer;
  const list = async (tag: string) =>
    commitListOf((await octokit.request('GET /repos/{owner}/{repo}/commits', { owner: repository.owner, repo: repository.repo, sha: tag, path: folder, per_page: COMMITS_PER_PAGE, page: 1 })).data);
  // Both lists or neither: one alone proves nothing.
  if (budget !== undefined && budget.remaining < 2) return unavailable(`The commits of ${fullName} in ${folder} were not read: ${TOKENLESS_LIMIT}.`);
  let triedOtherSpelling = false;
  try {
    // The older list first: a tag missing there costs one request, not two.
    takeRequest(budget);
    let older;
    try {
      older = await list(olderTag);
    } catch (error) {
      // As for the compare log: the older tag spelled the other way (`v1.0.0` before `2.0.0`),
      // once, and only when the allowance covers that list and the newer one.
      if (!isMissingRef(error) || (budget !== undefined && budget.remaining < 2)) throw error;
      takeRequest(budget);
      triedOtherSpelling = true;
      olderTag = otherTagSpelling(olderTag);
      older = await list(olderTag);
    }
    if (older === null) return unavailable(`GitHub's commit list of ${fullName} at ${olderTag} for ${folder} did not come back as a list of commits.`);
    takeRequest(budget);
    const newer = await list(newerTag);
    if (newer === null) return unavailable(`GitHub's commit list of ${fullName} at ${newerTag} for ${folder} did not come back as a list of commits.`);
    const range = `between ${olderTag} and ${newerTag} in ${folder}`;
    const olderShas = new Set(older.map((commit) => commit.sha));
    if (!rangeIsWhole(newer, older, olderShas)) {
      return unavailable(`The commits of ${fullName} ${range} were not read: more than ${COMMITS_PER_PAGE} commits touch the folder between the tags, ${olderTag} is not an ancestor of ${newerTag}, or a branch merged between the tags interleaves with the older commits; a cut log is not read.`);
    }
    // GitHub lists newest first; a change list reads oldest first (reverts after what they undo).
    const commits = newer.filter((commit) => !olderShas.has(commit.sha)).reverse();
    if (commits.length === 0) return unavailable(`No commit between ${olderTag} and ${newerTag} in ${fullName} touches ${folder}: the release changes only other packages of the repository (or nothing), which this log does not show.`);
    const tags = `${olderTag}...${newerTag}`;
    return commitLogEvidence(commits, {
      fullName,
      packageId: request.packageId ?? `npm:${packageName}`,
      sourceId: FOLDER_COMMIT_LOG_SOURCE_ID,
      range,
      total: commits.length,
      heading: `Commits ${tags} that touch ${folder}/`,
      // Tags and folder are registry text: one line, bounded.
      locator: `commits/${tags}/${folder}`.replace(/\s+/g, '-').slice(0, 240),
      title: `${fullName} — commits ${tags} in ${folder}`,
      sourceUrl: `https://github.com/${fullName}/commits/${encodeURIComponent(newerTag)}/${folder.split('/').map(encodeURIComponent).join('/')}`,
    });
  } catch (error) {
    const info = describeGitHubError(error);
    spendOnRateLimit(budget, info.status);
    const alsoTried = triedOtherSpelling ? ` or ${olderTag}` : '';
    const reason = isMissingRef(error) ? `a tag is missing (${newerTag}, ${spelledLikeNewer}${alsoTried})` : formatGitHubError(info);
    logger.warning(`The commits of ${fullName} in ${folder} for ${packageName} are unavailable: ${reason}`);
    return unavailable(`The commits of ${fullName} between ${spelledLikeNewer} and ${newerTag} in ${folder} could not be read: ${reason}.`);
  }
}
