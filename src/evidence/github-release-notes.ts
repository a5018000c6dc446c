import semver from 'semver';
import { describeGitHubError, formatGitHubError, type GitHubClient } from '../github/client.js';
import type { GitHubRepository } from '../ecosystems/types.js';
import type { Logger } from '../shared/logger.js';
import { releaseNotesEvidence } from './changelog-evidence.js';
import type { EvidenceItem, MissingInformation } from './types.js';

/**
 * GitHub release notes for the versions of a bump. The repository comes from the registry
 * (never from the PR), every release body is untrusted text, and each failure becomes a
 * missing-information note so the other evidence of the bump survives.
 */

/** Releases are listed newest first; 5 pages of 100 reach years back for busy monorepos. */
export const MAX_RELEASE_PAGES = 5;
export const RELEASES_PER_PAGE = 100;
/** A release body longer than this is cut before it becomes evidence. */
export const MAX_RELEASE_BODY_CHARS = 64 * 1024;
/** How many versions a missing-information message names before summarising. */
const MAX_VERSIONS_NAMED = 10;

export interface ReleaseNotesRequest {
  octokit: GitHubClient | null;
  repository: GitHubRepository | null;
  packageName: string;
  from: string;
  to: string;
  /** Published versions in the bump's range, semver-sorted (from the registry). */
  versionsInRange: string[];
  logger: Logger;
  /** Identity in evidence IDs; `npm:<packageName>` unless another ecosystem says otherwise. */
  packageId?: string;
  /** Why `octokit` is null, said in the missing-information line (default: no token). */
  githubOffReason?: string;
}

/** Why a run without a GitHub client did not read GitHub, unless the caller knows better. */
export const NO_GITHUB_TOKEN = 'no GitHub token (set the action input github-token, or GITHUB_TOKEN for the CLI)';

/** The reason in a "… were not read: <reason>." / "… were not checked: <reason>." line written here or by github-advisories.ts. */
const GAP_REASON = /\bwere not (?:read|checked): (.{1,300})\.$/;

/** The reason such a line gives, or null for any other message. */
export function githubGapReason(message: string): string | null {
  return GAP_REASON.exec(message)?.[1] ?? null;
}

export interface EvidenceResult {
  evidence: EvidenceItem[];
  missing: MissingInformation[];
}

interface ReleaseSummary {
  tag_name: string;
  body?: string | null;
  draft: boolean;
  html_url: string;
}

/**
 * The name a monorepo package's own tags may carry: its bare npm name (`pkg` of `@scope/pkg`)
 * and its folder (`packages/node-resolve` for `@rollup/plugin-node-resolve`, tagged
 * `node-resolve-v16.0.0`). The folder comes from the registry's `repository.directory`.
 */
export function tagNamesOf(packageName: string, directory?: string | null): string[] {
  const bareName = packageName.startsWith('@') ? packageName.slice(packageName.indexOf('/') + 1) : packageName;
  const folder = directory?.split('/').filter((part) => part.length > 0).pop();
  return folder !== undefined && folder !== bareName && /^[\w.-]{1,100}$/.test(folder) ? [bareName, folder] : [bareName];
}

/**
 * Tag spellings that name `version` of `packageName`, most specific first: monorepo tags
 * (`@scope/pkg@1.2.3`, `pkg@1.2.3`, release-please `pkg-v1.2.3`, and the same after the
 * package's folder) beat bare `v1.2.3` / `1.2.3`, which in a monorepo may belong to another package.
 */
export function candidateTags(packageName: string, version: string, directory?: string | null): string[] {
  const names = tagNamesOf(packageName, directory);
  const tags = [
    `${packageName}@${version}`,
    `${packageName}@v${version}`,
    ...names.flatMap((name) => [`${name}@${version}`, `${name}@v${version}`, `${name}-v${version}`]),
    `v${version}`,
    version,
  ];
  return [...new Set(tags)];
}

/** The version a tag names for this package, or null when the tag is about something else. */
export function versionOfTag(packageName: string, tag: string, directory?: string | null): string | null {
  const names = tagNamesOf(packageName, directory);
  const prefixes = [`${packageName}@v`, `${packageName}@`, ...names.flatMap((name) => [`${name}@v`, `${name}@`, `${name}-v`]), 'v', ''];
  for (const prefix of prefixes) {
    if (!tag.toLowerCase().startsWith(prefix.toLowerCase())) continue;
    const rest = tag.slice(prefix.length);
    if (semver.valid(rest) !== null) return semver.valid(rest);
  }
  return null;
}

export async function fetchReleaseNotes(request: ReleaseNotesRequest): Promise<EvidenceResult> {
  const { octokit, repository, packageName, from, to, versionsInRange, logger } = request;
  if (repository === null) {
    return missingOnly('REPOSITORY_NOT_ON_GITHUB', `Release notes for ${packageName}: repository not on GitHub (the registry declares no GitHub repository).`);
  }
  const fullName = `${repository.owner}/${repository.repo}`;
  if (octokit === null) {
    return missingOnly(
      'RELEASE_NOTES_NEED_TOKEN',
      `GitHub release notes of ${fullName} were not read: ${request.githubOffReason ?? NO_GITHUB_TOKEN}.`,
    );
  }
  const wanted = versionsInRange.filter((version) => semver.valid(version) !== null);
  if (wanted.length === 0) return { evidence: [], missing: [] };

  const found = new Map<string, { release: ReleaseSummary; rank: number }>();
  let pagesRead = 0;
  let reachedOlderThanFrom = false;
  try {
    // The token may reach private repositories (a PAT, an App token): a package could name one
    // and have its release notes quoted in a public comment or sent to a remote model.
    const { data: repositoryInfo } = await octokit.rest.repos.get({ owner: repository.owner, repo: repository.repo });
    if (repositoryInfo.private) {
      return missingOnly(
        'RELEASE_NOTES_UNAVAILABLE',
        `Release notes of ${fullName} were not read: the repository is private, and its text could end up in a public comment or a remote model.`,
      );
    }
    const iterator = octokit.paginate.iterator(octokit.rest.repos.listReleases, {
      owner: repository.owner,
      repo: repository.repo,
      per_page: RELEASES_PER_PAGE,
    });
    for await (const page of iterator) {
      pagesRead += 1;
      for (const release of page.data as ReleaseSummary[]) {
        if (release.draft) continue;
        const version = versionOfTag(packageName, release.tag_name, repository.directory);
        if (version === null) continue;
        if (isAtOrBelowRangeStart(version, from, to)) reachedOlderThanFrom = true;
        if (!wanted.includes(version)) continue;
        const rank = candidateTags(packageName, version, repository.directory).indexOf(release.tag_name);
        const kept = found.get(version);
        // -1 means a case-insensitive match only; the exact spellings rank first.
        const effectiveRank = rank < 0 ? Number.MAX_SAFE_INTEGER : rank;
        if (!kept || effectiveRank < kept.rank) found.set(version, { release, rank: effectiveRank });
      }
      // Releases come newest first: once a page reaches `from`, later pages are older still.
      if (reachedOlderThanFrom || found.size === wanted.length || pagesRead >= MAX_RELEASE_PAGES) break;
    }
  } catch (error) {
    const info = describeGitHubError(error);
    const reason = info.status === 404 ? `repository ${fullName} was not found or is private` : formatGitHubError(info);
    logger.warning(`Release notes of ${fullName} for ${packageName} unavailable: ${reason}`);
    return missingOnly('RELEASE_NOTES_UNAVAILABLE', `GitHub release notes of ${fullName} could not be read: ${reason}.`);
  }

  const evidence: EvidenceItem[] = [];
  const withoutNotes: string[] = [];
  for (const version of wanted) {
    const match = found.get(version);
    const body = match?.release.body?.trim() ?? '';
    if (!match || body === '') {
      withoutNotes.push(version);
      continue;
    }
    const bounded = body.length > MAX_RELEASE_BODY_CHARS ? body.slice(0, MAX_RELEASE_BODY_CHARS) : body;
    evidence.push(
      ...releaseNotesEvidence({
        packageId: request.packageId ?? `npm:${packageName}`,
        tag: match.release.tag_name,
        version,
        sourceUrl: releaseUrl(fullName, match.release),
        body: bounded,
      }),
    );
  }

  const missing: MissingInformation[] = [];
  if (withoutNotes.length > 0) {
    const stoppedEarly = !reachedOlderThanFrom && pagesRead >= MAX_RELEASE_PAGES;
    missing.push({
      code: 'RELEASE_NOTES_UNAVAILABLE',
      message:
        `No GitHub release notes in ${fullName} for ${packageName} ${nameVersions(withoutNotes)}` +
        (stoppedEarly ? ` (only the newest ${MAX_RELEASE_PAGES * RELEASES_PER_PAGE} releases were searched).` : '.'),
    });
  }
  return { evidence, missing };
}

/** True when `version` is at or past the old end of the range, i.e. older releases follow. */
function isAtOrBelowRangeStart(version: string, from: string, to: string): boolean {
  const oldest = semver.valid(from) !== null && semver.valid(to) !== null && semver.lt(to, from) ? to : from;
  return semver.valid(oldest) !== null && semver.lte(version, oldest);
}

/**
 * The release page URL. GitHub's html_url is used only when it is the expected github.com
 * page of this repository; otherwise the URL is rebuilt from the tag, so untrusted data can
 * never point a reader elsewhere.
 */
function releaseUrl(fullName: string, release: ReleaseSummary): string {
  const expectedPrefix = `https://github.com/${fullName}/releases/`.toLowerCase();
  if (typeof release.html_url === 'string' && release.html_url.toLowerCase().startsWith(expectedPrefix) && !/\s/.test(release.html_url)) {
    return release.html_url;
  }
  return `https://github.com/${fullName}/releases/tag/${encodeURIComponent(release.tag_name)}`;
}

function nameVersions(versions: string[]): string {
  if (versions.length <= MAX_VERSIONS_NAMED) return versions.join(', ');
  return `${versions.slice(0, MAX_VERSIONS_NAMED).join(', ')} and ${versions.length - MAX_VERSIONS_NAMED} more`;
}

function missingOnly(code: MissingInformation['code'], message: string): EvidenceResult {
  return { evidence: [], missing: [{ code, message }] };
}
