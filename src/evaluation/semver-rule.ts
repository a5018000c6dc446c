import semver from 'semver';
import type { ExpectedRisk } from './dataset.js';

/**
 * The baseline every analyzer must beat: risk from the version numbers alone, the way a
 * reviewer skimming a Dependabot title would judge it. major → high, minor → medium,
 * patch → low. It is deliberately plain semver (a 0.x minor counts as minor): the baseline
 * is what the numbers say, not what a careful reader would infer.
 */
export function semverRule(bump: { from: string; to: string }): ExpectedRisk {
  const from = semver.valid(bump.from);
  const to = semver.valid(bump.to);
  if (from === null || to === null) {
    throw new TypeError(`semverRule needs exact semver versions; got "${bump.from.slice(0, 64)}" → "${bump.to.slice(0, 64)}".`);
  }
  switch (semver.diff(from, to)) {
    case 'major':
    case 'premajor':
      return 'high';
    case 'minor':
    case 'preminor':
      return 'medium';
    default:
      // patch, prepatch, prerelease, or no change at all.
      return 'low';
  }
}
