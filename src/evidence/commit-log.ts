import { describeGitHubError, formatGitHubError, type GitHubClient } from '../github/client.js';
import type { GitHubRepository } from '../ecosystems/types.js';
import type { Logger } from '../shared/logger.js';
import { makeEvidenceItem } from './evidence-item.js';
import { spendOnRateLimit, type RequestBudget } from './repository-changelog.js';
import type { EvidenceItem, MissingInformation } from './types.js';

/**
 * The commit log between the two versions' tags, for packages that publish no changelog and no
 * release notes (sindresorhus's and many small packages: their release pages are generated
 * from these very commit subjects). It is the release text of last resort: read only when
 * nothing better was found, with one request to GitHub's compare API
 * (`GET /repos/{owner}/{repo}/compare/{base}...{head}`), at the tag spelling the repository
 * changelog lookup already found, so it costs a tokenless run one request per bump (two when the
 * older tag turns out to be spelled the other way, `v1.0.0` before `2.0.0`), and one per further
 * page of a range longer than {@link COMMITS_PER_PAGE} commits.
 *
 * Dependency-update commits by Dependabot and Renovate ("chore(deps-dev): Bump @types/node from …")
 * are counted but not listed: in a repository that merges them, they are most of a release's
 * commits (fb55/entities 4.5.0: 215 commits, about 200 of them bumps of dev tools) and say nothing
 * of the package's own changes, which the registry's dependency facts already cover.
 *
 * Not for a package in a monorepo (`directory` set): the compare API cannot filter by path, so
 * other packages' commits would be cited as this package's changes. Its log is read from the
 * commits that touch its folder instead (package-commit-log.ts).
 */

export const COMMIT_LOG_SOURCE_ID = 'github-commits';
/** Most change lines a release's change list is read from (dependency-bot commits aside); a longer list is not read. */
export const MAX_COMMITS = 100;
/** Commits asked for per page of the compare API (GitHub's largest page). */
export const COMMITS_PER_PAGE = 100;
/**
 * Most commits a range may hold to be read at all (three pages): a longer range is a merged or
 * rewritten history, not a release; 250 is also what the compare API returned before it paged.
 */
export const MAX_COMPARED_COMMITS = 250;
/** A commit log lists many short lines; a little more room than one release's notes. */
const MAX_COMMIT_LOG_CHARS = 6_000;
/** Longest commit subject kept; real subjects are far shorter. */
const MAX_SUBJECT_CHARS = 200;
/**
 * Footer lines kept from a commit body ("BREAKING CHANGE: …", or its short form "BREAKING: …" as
 * connect-redis 9.0.0 writes it), each bounded like a subject. The rest of a body is not read: it
 * explains, quotes and discusses far more than it announces.
 */
const MAX_FOOTERS_PER_COMMIT = 2;

export interface CommitLogRequest {
  octokit: GitHubClient | null;
  repository: GitHubRepository | null;
  packageName: string;
  /** The older and newer versions of the bump (in either direction, the range between them). */
  olderVersion: string;
  newerVersion: string;
  /** The newer version's tag as found in the repository (e.g. `v5.0.0`, `5.0.0`). */
  newerTag: string;
  logger: Logger;
  budget?: RequestBudget;
  packageId?: string;
}

export interface CommitLogResult {
  evidence: EvidenceItem[];
  missing: MissingInformation[];
}

export interface CompareCommit {
  sha?: unknown;
  commit?: { message?: unknown };
}

/** Why a tokenless run left a commit log unread: its share of GitHub's allowance ran out. */
export const TOKENLESS_LIMIT = 'without a GitHub token a run reads GitHub for only some packages (GitHub allows 60 unauthenticated requests an hour); set GITHUB_TOKEN to read all of them';

export function unavailable(message: string): CommitLogResult {
  return { evidence: [], missing: [{ code: 'COMMIT_LOG_UNAVAILABLE', message }] };
}

/**
 * The older version's tag, spelled like the newer one (`v5.0.0` → `v4.0.0`, `pkg@2.0.0` →
 * `pkg@1.0.0`). Null when the tag does not contain the version exactly once.
 */
export function olderTagLike(newerTag: string, newerVersion: string, olderVersion: string): string | null {
  const at = newerTag.lastIndexOf(newerVersion);
  if (at < 0 || newerTag.indexOf(newerVersion) !== at || at + newerVersion.length !== newerTag.length) return null;
  return `${newerTag.slice(0, at)}${olderVersion}`;
}

/** The same tag spelled the other way: `v1.0.0` ↔ `1.0.0` (repositories change their spelling over time). */
export function otherTagSpelling(tag: string): string {
  return tag.startsWith('v') ? tag.slice(1) : `v${tag}`;
}

/** One line, no control characters, bounded. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters from untrusted text is the point
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return flat.length <= MAX_SUBJECT_CHARS ? flat : `${flat.slice(0, MAX_SUBJECT_CHARS - 1)}…`;
}

/**
 * What a commit says as a change line, or null for commits that say nothing about the package:
 * release commits (`5.0.0`, `chore: release 1.2.4`), and merge commits whose pull-request title
 * is their second paragraph (the title is kept, the "Merge pull request #12 from …" line is not).
 */
export function changeLineOf(message: string): { subject: string; footers: string[] } | null {
  const paragraphs = message.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
  let subject = oneLine(paragraphs[0] ?? '');
  let rest = paragraphs.slice(1);
  if (/^Merge pull request #\d+ from \S+$/i.test(subject)) {
    subject = oneLine(rest[0] ?? '');
    rest = rest.slice(1);
  } else if (/^Merge (?:branch|remote-tracking branch|tag) /i.test(subject)) {
    return null;
  }
  if (subject === '' || isReleaseCommit(subject)) return null;
  const footers = rest
    .flatMap((paragraph) => paragraph.split('\n'))
    .filter((line) => /^(?:[-*+][ \t]+)?BREAKING(?:[ -]CHANGES?)?[ \t]*:/i.test(line.trim()))
    .slice(0, MAX_FOOTERS_PER_COMMIT)
    .map(oneLine);
  return { subject, footers };
}

/**
 * The change lines that shipped: a commit and its revert (`Revert "<subject>"`, git's own
 * wording) within the range cancel out, and so do a revert and the revert of that revert
 * (domhandler 4.3.0 lists `Revert "Revert "refactor: Remove deprecated … option""` and the
 * revert of that: the option stayed). A revert of a commit outside the range is kept: it undoes
 * something an earlier release shipped.
 */
export function withoutRevertedChanges<T extends { subject: string }>(changes: readonly T[]): T[] {
  const cancelled = new Set<number>();
  changes.forEach((change, index) => {
    const reverted = /^Revert "(.+)"$/.exec(change.subject)?.[1];
    if (reverted === undefined) return;
    for (let earlier = index - 1; earlier >= 0; earlier -= 1) {
      if (!cancelled.has(earlier) && changes[earlier]!.subject === reverted) {
        cancelled.add(earlier);
        cancelled.add(index);
        return;
      }
    }
  });
  return changes.filter((_, index) => !cancelled.has(index));
}

/** A version or version range as bots write one: `4.17.21`, `v5`, `^2.0.0`, `2.x`, a digest. */
const BOT_VERSION = String.raw`[v^~]?[\w.+-]*\d[\w.+-]*`;
/** The trailer GitHub adds to a squashed pull request: ` (#123)`. */
const PULL_SUFFIX = String.raw`(?:\s+\(#\d+\))?`;
/** A package a bot bumps, not Node.js, npm or the `engines` field, whose change is the package's own. */
const BOT_PACKAGE = String.raw`(?!(?:node(?:\.?js)?|npm|engines(?:\.\S*)?)\s)[@\w./-]+`;
/**
 * Dependabot's and Renovate's subjects, whole: anchored at both ends, so a person's "Update
 * dependencies and require Node.js 18" or "Bump engines.node from >=14 to >=18" is not one.
 */
const DEPENDENCY_BOT_SUBJECTS: RegExp[] = [
  // Dependabot: "Bump lodash from 4.17.20 to 4.17.21", "… in /docs", "Bump ws and socket.io-adapter".
  new RegExp(String.raw`^bump\s+${BOT_PACKAGE}(?:\s+and\s+${BOT_PACKAGE})?(?:\s+from\s+${BOT_VERSION}\s+to\s+${BOT_VERSION})?(?:\s+in\s+\S+)?${PULL_SUFFIX}$`, 'i'),
  // Grouped updates: "bump the development-dependencies group with 5 updates", "… across 1 directory …".
  new RegExp(String.raw`^bump\s+the\s+[\w.-]+\s+group(?:\s+across\s+\d+\s+director(?:y|ies))?(?:\s+in\s+\S+)?\s+with\s+\d+\s+updates?${PULL_SUFFIX}$`, 'i'),
  // Renovate: "update dependency typescript to v5.4.5", "… [security]", "update actions/checkout action to v4".
  new RegExp(String.raw`^update\s+(?:dependency\s+${BOT_PACKAGE}|${BOT_PACKAGE}\s+(?:action|digest|monorepo))(?:\s+to\s+${BOT_VERSION})?(?:\s+\((?:major|minor|patch)\))?(?:\s+\[security\])?${PULL_SUFFIX}$`, 'i'),
  new RegExp(String.raw`^update\s+(?:all\s+)?(?:non-major\s+)?(?:dev)?dependencies(?:\s+\((?:major|minor|patch)\))?${PULL_SUFFIX}$`, 'i'),
  new RegExp(String.raw`^(?:pin\s+(?:dependencies|${BOT_PACKAGE}\s+action(?:\s+to\s+[0-9a-f]{7,40})?)|lock\s*file\s+maintenance)${PULL_SUFFIX}$`, 'i'),
];

/**
 * A dependency update written by Dependabot or Renovate, by its whole subject: "Bump x from 1
 * to 2", "chore(deps-dev): Bump @typescript-eslint/parser (#12)", "build(deps): bump the npm
 * group with 5 updates", "chore(deps): update dependency typescript to v5", "Update
 * actions/checkout action to v4", "chore(deps): lock file maintenance". Not "bump minimum
 * Node.js to 18", "Bump node from 16 to 18" nor "Update dependencies and require Node.js 18": a
 * runtime floor, or anything more than the update itself, is a change of the package's own. A
 * bot commit whose message carries a `BREAKING CHANGE:` footer is listed all the same
 * (@octokit/rest 22.0.0: "fix(deps): update octokit monorepo (major)" over "BREAKING CHANGE:
 * Remove deprecated Projects endpoints").
 */
export function isDependencyBotCommit(subject: string): boolean {
  // "fix(deps)!: update dependency x to v5" announces a break of its own: never dropped.
  const rest = subject.replace(/^(?:build|chore|ci|deps|fix)(?:\([\w./-]{0,40}\))?:\s*/i, '');
  return DEPENDENCY_BOT_SUBJECTS.some((pattern) => pattern.test(rest));
}

/** `5.0.0`, `v5.0.0`, `Release 5.0.0`, `chore(release): 5.0.0`, `chore: bump version to 1.2.4`, `Bump to v4.17.21`. */
function isReleaseCommit(subject: string): boolean {
  return (
    /^v?\d+\.\d+\.\d+(?:[-+][\w.-]*)?$/i.test(subject) ||
    /^(?:chore(?:\([^)]*\))?:\s*)?(?:release|bump(?:ed)?(?: version)?(?: to)?|version)\s+v?\d+\.\d+\.\d+\S*$/i.test(subject) ||
    /^chore\(release\):/i.test(subject)
  );
}

/** The commits of one page, and the range's `total_commits` (null when the answer does not say). */
function commitsOf(data: unknown): { commits: CompareCommit[]; total: number | null } | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as { commits?: unknown; total_commits?: unknown };
  if (!Array.isArray(record.commits)) return null;
  const total = typeof record.total_commits === 'number' && Number.isFinite(record.total_commits) && record.total_commits >= 0 ? record.total_commits : null;
  return { commits: record.commits as CompareCommit[], total };
}

/**
 * The change lines of a range's commits, oldest first: reverted changes dropped, dependency-bot
 * updates counted (and named once at the end) rather than listed.
 */
function changeListOf(commits: readonly CompareCommit[]): { lines: string[]; changes: number; dependencyUpdates: number } {
  const changeLines = commits.flatMap((commit) => {
    const message = commit.commit?.message;
    const change = typeof message === 'string' ? changeLineOf(message) : null;
    return change === null ? [] : [change];
  });
  const lines: string[] = [];
  let changes = 0;
  let dependencyUpdates = 0;
  for (const change of withoutRevertedChanges(changeLines)) {
    if (change.footers.length === 0 && isDependencyBotCommit(change.subject)) {
      dependencyUpdates += 1;
      continue;
    }
    changes += 1;
    lines.push(`- ${change.subject}`, ...change.footers.map((footer) => `  ${footer}`));
  }
  if (dependencyUpdates > 0) lines.push(`- (${dependencyUpdates} dependency ${dependencyUpdates === 1 ? 'update' : 'updates'} by Dependabot or Renovate, not listed)`);
  return { lines, changes, dependencyUpdates };
}

/** Where a change list came from, for its evidence item and for the notes when it is not read. */
export interface CommitRange {
  fullName: string;
  packageId: string;
  /** {@link COMMIT_LOG_SOURCE_ID}, or the monorepo folder log's own. */
  sourceId: string;
  /** "between v1.0.0 and v2.0.0" (and, for a monorepo package, the folder its commits touch). */
  range: string;
  /** How many commits the range holds, dependency updates and release commits included. */
  total: number;
  /** The first line of the evidence text. */
  heading: string;
  locator: string;
  title: string;
  sourceUrl: string;
}

/**
 * The commit log as one evidence item, or a note saying why it is not read: more change lines
 * than a release's change list holds, nothing but release commits, or too long to read whole.
 */
export function commitLogEvidence(commits: readonly CompareCommit[], where: CommitRange): CommitLogResult {
  const { fullName, range, total } = where;
  const { lines, changes, dependencyUpdates } = changeListOf(commits);
  if (changes > MAX_COMMITS) {
    return unavailable(`${fullName} has ${changes} commits ${range} besides dependency updates, more than the ${MAX_COMMITS} a release's change list is read from; they were not read.`);
  }
  if (changes === 0 && dependencyUpdates === 0) return unavailable(`The commits ${range} in ${fullName} are release commits only (or changes reverted within the range); they say nothing about the changes.`);
  // Whole or not at all, as for the commit count: a cut list would lose the newest commits.
  const listed = lines.join('\n');
  if (listed.length > MAX_COMMIT_LOG_CHARS - 200) {
    return unavailable(`The ${total} commits ${range} in ${fullName} are too long to read as one change list (${listed.length} characters); they were not read.`);
  }
  const item = makeEvidenceItem({
    packageId: where.packageId,
    sourceId: where.sourceId,
    kind: 'commitLog',
    locator: where.locator,
    title: where.title,
    sourceUrl: where.sourceUrl,
    releaseVersions: [],
    content: `${where.heading}\n\n${listed}`,
    maxChars: MAX_COMMIT_LOG_CHARS,
  });
  return { evidence: [item], missing: [] };
}

/** Takes one request from a tokenless run's allowance; false when it is spent (no budget: always true). */
export function takeRequest(budget: RequestBudget | undefined): boolean {
  if (budget === undefined) return true;
  if (budget.remaining <= 0) return false;
  budget.remaining -= 1;
  return true;
}

export async function fetchCommitLog(request: CommitLogRequest): Promise<CommitLogResult> {
  const { octokit, repository, packageName, olderVersion, newerVersion, newerTag, logger, budget } = request;
  if (repository === null || octokit === null) return { evidence: [], missing: [] };
  const fullName = `${repository.owner}/${repository.repo}`;
  if ((repository.directory ?? '') !== '') {
    return unavailable(`The commits of ${fullName} were not read for ${packageName}: it is one package of a monorepo, and its commits cannot be told from the other packages'.`);
  }
  // A tag that names the package (`pkg@1.2.3`, `pkg-v1.2.3`) is a monorepo's, even when the
  // registry declares no `directory`: its commits mix packages too.
  if (newerTag !== `v${newerVersion}` && newerTag !== newerVersion) {
    return unavailable(`The commits of ${fullName} were not read for ${packageName}: its tag ${newerTag} names the package, as a monorepo's tags do, and the commits of its other packages would be mixed in.`);
  }
  const spelledLikeNewer = olderTagLike(newerTag, newerVersion, olderVersion);
  if (spelledLikeNewer === null) return unavailable(`The commits of ${fullName} were not read: the tag ${newerTag} does not name ${newerVersion}, so the tag of ${olderVersion} cannot be spelled.`);
  let olderTag = spelledLikeNewer;
  let basehead = `${olderTag}...${newerTag}`;
  if (!takeRequest(budget)) {
    return unavailable(`The commits of ${fullName} were not read: ${TOKENLESS_LIMIT}.`);
  }
  const compare = (base: string, page = 1) => octokit.request('GET /repos/{owner}/{repo}/compare/{basehead}', { owner: repository.owner, repo: repository.repo, basehead: `${base}...${newerTag}`, per_page: COMMITS_PER_PAGE, page });
  let triedOtherSpelling = false;
  try {
    let response;
    try {
      response = await compare(olderTag);
    } catch (error) {
      // Repositories change their tag spelling over time (universalify: `v1.0.0`, then `2.0.0`):
      // when the older tag spelled like the newer one does not exist, the other spelling is
      // tried once (one more request), before the comparison is given up as missing.
      const otherSpelling = otherTagSpelling(olderTag);
      if (describeGitHubError(error).status !== 404 || !takeRequest(budget)) throw error;
      triedOtherSpelling = true;
      olderTag = otherSpelling;
      basehead = `${olderTag}...${newerTag}`;
      response = await compare(olderTag);
    }
    const page = commitsOf(response.data);
    if (page === null) return unavailable(`The comparison ${basehead} of ${fullName} did not come back as a commit list.`);
    // Without a count, a full first page may be the start of a longer range: not read in part.
    if (page.total === null && page.commits.length >= COMMITS_PER_PAGE) {
      return unavailable(`The comparison ${basehead} of ${fullName} did not say how many commits it holds, and its first page is full; a cut log is not read.`);
    }
    const total = page.total ?? page.commits.length;
    // A range of thousands (a merged or rewritten history) is not a release's change list at all.
    if (total > MAX_COMPARED_COMMITS || page.commits.length > MAX_COMPARED_COMMITS) {
      return unavailable(`${fullName} has ${total} commits between ${olderTag} and ${newerTag}, more than the ${MAX_COMPARED_COMMITS} a release's change list is read from; they were not read.`);
    }
    // Whole or not at all: oldest first, a cut log shows the start of the work, not what the
    // release does. Further pages (one request each) are asked for only when the allowance
    // covers them all, so no request is spent on part of a log.
    const furtherPages = Math.max(0, Math.ceil(total / COMMITS_PER_PAGE) - 1);
    if (budget !== undefined && budget.remaining < furtherPages) {
      return unavailable(`The ${total} commits of ${fullName} between ${olderTag} and ${newerTag} were not read: ${TOKENLESS_LIMIT}.`);
    }
    const commits = [...page.commits];
    for (let pageNumber = 2; commits.length < total && pageNumber <= furtherPages + 1; pageNumber += 1) {
      takeRequest(budget);
      const next = commitsOf((await compare(olderTag, pageNumber)).data);
      if (next === null || next.commits.length === 0) break;
      commits.push(...next.commits);
    }
    if (commits.length < total) {
      return unavailable(`Only ${commits.length} of the ${total} commits between ${olderTag} and ${newerTag} in ${fullName} came back; a cut log is not read.`);
    }
    return commitLogEvidence(commits, {
      fullName,
      packageId: request.packageId ?? `npm:${packageName}`,
      sourceId: COMMIT_LOG_SOURCE_ID,
      range: `between ${olderTag} and ${newerTag}`,
      total,
      heading: `Commits ${olderTag}...${newerTag}`,
      // Tags are untrusted text; keep the locator on one line and bounded.
      locator: `commits/${basehead.replace(/\s+/g, '-').slice(0, 200)}`,
      title: `${fullName} — commits ${basehead}`,
      sourceUrl: `https://github.com/${fullName}/compare/${encodeURIComponent(olderTag)}...${encodeURIComponent(newerTag)}`,
    });
  } catch (error) {
    const info = describeGitHubError(error);
    spendOnRateLimit(budget, info.status);
    const alsoTried = triedOtherSpelling ? `, nor ${olderTag}...${newerTag}` : '';
    const reason = info.status === 404 ? `no comparison ${spelledLikeNewer}...${newerTag} exists${alsoTried} (a tag is missing)` : formatGitHubError(info);
    logger.warning(`The commits of ${fullName} for ${packageName} are unavailable: ${reason}`);
    return unavailable(`The commits of ${fullName} between ${spelledLikeNewer} and ${newerTag} could not be read: ${reason}.`);
  }
}
