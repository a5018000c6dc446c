import { describeGitHubError, formatGitHubError } from '../github/client.js';
import { commitLogEvidence, COMMITS_PER_PAGE, olderTagLike, takeRequest, TOKENLESS_LIMIT, unavailable, type CommitLogRequest, type CommitLogResult, type CompareCommit } from './commit-log.js';

/**
 * The commit log of one package of a monorepo: the commits between the two versions' tags that
 * touch the package's folder (`repository.directory`). The compare API cannot filter by path, so
 * its list would cite the other packages' commits as this one's changes; GitHub's commit list
 * can (`GET /repos/{owner}/{repo}/commits?sha={tag}&path={folder}`), though it has no base. So it
 * is asked twice, one page each: the folder's newest {@link COMMITS_PER_PAGE} commits reachable
 * from the newer tag, and those reachable from the older one. The range is the first list less
 * the second, provided the second list's newest commit is in the first: that proves where the
 * range ends lies within the page. Both lists are in the same order, so the older history the
 * first page holds is a prefix of the second list, and the difference is exact. When it is not
 * proved (more than a page of the folder's commits, or an older tag that is not an ancestor of
 * the newer one), nothing is read: a cut log shows part of the work, not what the release does.
 *
 * Costs a tokenless run two requests (three when the older tag is spelled the other way).
 * Read, like the compare log, only when no changelog and no release notes were found.
 */

/**
 * A folder log is the package's own commits, not the whole release: in a monorepo the packages
 * released beside it (the parser a wrapper re-exports, the config package of a CLI) carry changes
 * its users meet too. The analyzer reads it knowing that (a major it does not explain stays high).
 */
export const FOLDER_COMMIT_LOG_SOURCE_ID = 'github-folder-commits';

/** The package's folder as a path for GitHub and for the locator: no leading or trailing slash. */
function folderOf(directory: string): string {
  return directory.replace(/^\/+|\/+$/g, '');
}

/** A commit list page: an array of commits, each with a SHA; null when the answer is not one. */
function commitListOf(data: unknown): Array<CompareCommit & { sha: string }> | null {
  if (!Array.isArray(data)) return null;
  const commits = data.filter((entry): entry is CompareCommit & { sha: string } => typeof entry === 'object' && entry !== null && typeof (entry as CompareCommit).sha === 'string');
  return commits.length === data.length ? commits : null;
}

/** GitHub answers an unknown `sha` of the commit list with 404 (and some versions with 422). */
function isMissingRef(error: unknown): boolean {
  const status = describeGitHubError(error).status;
  return status === 404 || status === 422;
}

export async function fetchPackageCommitLog(request: CommitLogRequest): Promise<CommitLogResult> {
  const { octokit, repository, packageName, olderVersion, newerVersion, newerTag, logger, budget } = request;
  if (repository === null || octokit === null || (repository.directory ?? '') === '') return { evidence: [], missing: [] };
  const fullName = `${repository.owner}/${repository.repo}`;
  const folder = folderOf(repository.directory!);
  const spelledLikeNewer = olderTagLike(newerTag, newerVersion, olderVersion);
  if (spelledLikeNewer === null) return unavailable(`The commits of ${fullName} were not read: the tag ${newerTag} does not name ${newerVersion}, so the tag of ${olderVersion} cannot be spelled.`);
  let olderTag = spelledLikeNewer;
  const list = async (tag: string) =>
    commitListOf((await octokit.request('GET /repos/{owner}/{repo}/commits', { owner: repository.owner, repo: repository.repo, sha: tag, path: folder, per_page: COMMITS_PER_PAGE, page: 1 })).data);
  // Both lists or neither: one alone proves nothing.
  if (budget !== undefined && budget.remaining < 2) return unavailable(`The commits of ${fullName} in ${folder} were not read: ${TOKENLESS_LIMIT}.`);
  takeRequest(budget);
  let triedOtherSpelling = false;
  try {
    const newer = await list(newerTag);
    if (newer === null) return unavailable(`GitHub's commit list of ${fullName} at ${newerTag} for ${folder} did not come back as a list of commits.`);
    takeRequest(budget);
    let older;
    try {
      older = await list(olderTag);
    } catch (error) {
      // As for the compare log: the older tag spelled the other way (`v1.0.0` before `2.0.0`), once.
      if (!isMissingRef(error) || !takeRequest(budget)) throw error;
      triedOtherSpelling = true;
      olderTag = olderTag.startsWith('v') ? olderTag.slice(1) : `v${olderTag}`;
      older = await list(olderTag);
    }
    if (older === null) return unavailable(`GitHub's commit list of ${fullName} at ${olderTag} for ${folder} did not come back as a list of commits.`);
    const range = `between ${olderTag} and ${newerTag} in ${folder}`;
    const olderShas = new Set(older.map((commit) => commit.sha));
    const newestOlder = older[0]?.sha;
    // The older tag's folder history is empty (the package moved in later): the newer list is
    // the whole range only when it is not cut at a page.
    const boundaryProved = newestOlder === undefined ? newer.length < COMMITS_PER_PAGE : newer.some((commit) => commit.sha === newestOlder);
    if (!boundaryProved) {
      return unavailable(`The commits of ${fullName} ${range} were not read: more than ${COMMITS_PER_PAGE} commits touch the folder between the tags, or ${olderTag} is not an ancestor of ${newerTag}; a cut log is not read.`);
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
    if (budget !== undefined && (info.status === 403 || info.status === 429)) budget.remaining = 0;
    const alsoTried = triedOtherSpelling ? ` or ${olderTag}` : '';
    const reason = isMissingRef(error) ? `a tag is missing (${newerTag}, ${spelledLikeNewer}${alsoTried})` : formatGitHubError(info);
    logger.warning(`The commits of ${fullName} in ${folder} for ${packageName} are unavailable: ${reason}`);
    return unavailable(`The commits of ${fullName} between ${spelledLikeNewer} and ${newerTag} in ${folder} could not be read: ${reason}.`);
  }
}
