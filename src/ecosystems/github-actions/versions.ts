import semver from 'semver';
import type { BumpDirection, SemverClass } from '../../bumps/types.js';
import { isVersionTag } from './action-reference.js';

/**
 * Version semantics of GitHub Actions refs. Actions publish releases as git tags: full ones
 * (`v4.1.1`) and moving major or minor tags (`v4`, `v4.1`) that the maintainers re-point at
 * each release. A ref's version is therefore partial or exact; to know which releases a
 * bump spans, a moving tag is resolved through the repository's tags to the exact release
 * that shares its commit.
 */

/** Tag name → commit SHA, as the repository's tag list says. */
export type TagCommits = ReadonlyMap<string, string>;

interface PartialVersion {
  major: number;
  minor: number | null;
  patch: number | null;
  prerelease: string | null;
}

export function parsePartialVersion(label: string): PartialVersion | null {
  if (!isVersionTag(label)) return null;
  const [core = '', ...prerelease] = label.replace(/^v/, '').split('-');
  const [major, minor, patch] = core.split('.').map(Number);
  if (major === undefined || !Number.isSafeInteger(major)) return null;
  return { major, minor: minor ?? null, patch: patch ?? null, prerelease: prerelease.length > 0 ? prerelease.join('-') : null };
}

/** The exact semver version a label names (`v4.1.1` → `4.1.1`), or null for a moving tag. */
export function exactVersionOf(label: string): string | null {
  const parsed = parsePartialVersion(label);
  if (parsed === null || parsed.minor === null || parsed.patch === null) return null;
  return semver.valid(`${parsed.major}.${parsed.minor}.${parsed.patch}${parsed.prerelease ? `-${parsed.prerelease}` : ''}`);
}

/** Missing parts read as 0 for ordering only: `v4` sorts as 4.0.0. */
function orderingVersion(label: string): string | null {
  const parsed = parsePartialVersion(label);
  if (parsed === null) return null;
  return semver.valid(`${parsed.major}.${parsed.minor ?? 0}.${parsed.patch ?? 0}${parsed.prerelease ? `-${parsed.prerelease}` : ''}`);
}

/** Direction and class of a change between two version labels; undefined when either is no version. */
export function classifyActionChange(from: string, to: string): { direction: BumpDirection; semverClass: SemverClass } | undefined {
  const low = orderingVersion(from);
  const high = orderingVersion(to);
  if (low === null || high === null) return undefined;
  const order = semver.compare(low, high);
  if (order === 0) return undefined;
  const difference = semver.diff(low, high);
  const semverClass: SemverClass =
    difference === 'major' || difference === 'premajor'
      ? 'major'
      : difference === 'minor' || difference === 'preminor'
        ? 'minor'
        : difference === 'patch' || difference === 'prepatch'
          ? 'patch'
          : difference === 'prerelease'
            ? 'prerelease'
            : 'unknown';
  return { direction: order < 0 ? 'upgrade' : 'downgrade', semverClass };
}

/** Exact release versions the repository's tags name (`v4.1.1` and `4.1.1` alike), semver-sorted. */
export function releaseVersionsOf(tags: TagCommits): string[] {
  const versions = new Set<string>();
  for (const tag of tags.keys()) {
    const version = exactVersionOf(tag);
    if (version !== null) versions.add(version);
  }
  return [...versions].sort(semver.compare);
}

/** True when `version` lies under the partial label: 4.2.1 is under `v4` and `v4.2`. */
function isUnder(version: string, label: string): boolean {
  const parsed = parsePartialVersion(label);
  if (parsed === null) return false;
  return (
    semver.major(version) === parsed.major &&
    (parsed.minor === null || semver.minor(version) === parsed.minor) &&
    (parsed.patch === null || semver.patch(version) === parsed.patch)
  );
}

export interface ResolvedVersion {
  /** The exact release the ref runs, or null when it could not be told. */
  version: string | null;
  /**
   * `exact`: the label is a full version with a tag; `commit`: the release tag on the same
   * commit as the ref; `newest-under-label`: the newest release under a moving tag whose
   * commit no release shares (an approximation, said in the evidence); `none`: unresolved.
   */
  basis: 'exact' | 'commit' | 'newest-under-label' | 'none';
  /** The commit the ref runs: the pinned SHA, or the commit its tag points at. */
  commit: string | null;
}

/** Exact release tags on one commit, newest first. */
function releasesAt(commit: string, tags: TagCommits): string[] {
  const versions = [...tags].filter(([, sha]) => sha === commit).map(([tag]) => exactVersionOf(tag)).filter((version): version is string => version !== null);
  return [...new Set(versions)].sort(semver.rcompare);
}

function tagOf(label: string, tags: TagCommits): string | undefined {
  if (tags.has(label)) return label;
  const alternative = label.startsWith('v') ? label.slice(1) : `v${label}`;
  return tags.has(alternative) ? alternative : undefined;
}

/**
 * Which release a side runs. A SHA pin runs that commit, whatever its comment says; a tag
 * runs the commit the tag points at now.
 */
export function resolveVersion(label: string, pinnedSha: string | null, tags: TagCommits): ResolvedVersion {
  const tag = tagOf(label, tags);
  const commit = pinnedSha ?? (tag === undefined ? null : (tags.get(tag) ?? null));
  if (commit !== null) {
    const onCommit = releasesAt(commit, tags);
    const underLabel = onCommit.find((version) => isUnder(version, label));
    if (underLabel !== undefined) return { version: underLabel, basis: pinnedSha === null && exactVersionOf(label) === underLabel ? 'exact' : 'commit', commit };
  }
  const exact = exactVersionOf(label);
  if (pinnedSha === null && exact !== null && tag !== undefined) return { version: exact, basis: 'exact', commit };
  if (pinnedSha === null && tag !== undefined) {
    const newest = releaseVersionsOf(tags).filter((version) => isUnder(version, label) && semver.prerelease(version) === null).pop();
    if (newest !== undefined) return { version: newest, basis: 'newest-under-label', commit };
  }
  return { version: null, basis: 'none', commit };
}

/** Release versions v with low < v <= high, semver-sorted. */
export function versionsBetween(versions: readonly string[], low: string, high: string): string[] {
  return versions.filter((version) => semver.gt(version, low) && semver.lte(version, high));
}
