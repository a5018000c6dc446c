/**
 * Direction and semver class of one from → to change. Versions that are not semver
 * (git URLs, `workspace:`, `file:`, dist-tags) get class `unknown` and cannot be ordered.
 */
import semver from 'semver';
import type { BumpDirection, SemverClass } from './types.js';

export interface VersionChange {
  direction: BumpDirection;
  semverClass: SemverClass;
  /** False when a side is present but is not a semver version. */
  semverComparable: boolean;
}

/** Undefined when nothing changed (same version, possibly spelled differently). */
export function classifyChange(from: string | null, to: string | null): VersionChange | undefined {
  if (from === null && to === null) return undefined;
  if (from === null) return { direction: 'added', semverClass: 'unknown', semverComparable: to === null || semver.valid(to) !== null };
  if (to === null) return { direction: 'removed', semverClass: 'unknown', semverComparable: semver.valid(from) !== null };
  const fromVersion = semver.valid(from);
  const toVersion = semver.valid(to);
  if (fromVersion === null || toVersion === null) {
    if (from === to) return undefined;
    // No order exists between, say, two git commits; 'upgrade' only says "changed".
    return { direction: 'upgrade', semverClass: 'unknown', semverComparable: false };
  }
  const order = semver.compare(fromVersion, toVersion);
  if (order === 0) return undefined;
  return { direction: order < 0 ? 'upgrade' : 'downgrade', semverClass: semverClassOf(fromVersion, toVersion), semverComparable: true };
}

function semverClassOf(from: string, to: string): SemverClass {
  switch (semver.diff(from, to)) {
    case 'major':
    case 'premajor':
      return 'major';
    case 'minor':
    case 'preminor':
      return 'minor';
    case 'patch':
    case 'prepatch':
      return 'patch';
    case 'prerelease':
      return 'prerelease';
    default:
      return 'unknown';
  }
}

/** The lowest version a declared range allows, or the spec itself when it is not a range. */
export function versionFromSpec(spec: string): string {
  try {
    const range = semver.validRange(spec);
    // `*` and `` allow anything: their minimum (0.0.0) would be an invented version.
    if (range === null || range === '*') return spec;
    return semver.minVersion(range)?.version ?? spec;
  } catch {
    return spec;
  }
}
