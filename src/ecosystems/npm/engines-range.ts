import semver from 'semver';

/**
 * Whether the target's `engines` can turn away a runtime the current version accepted: a new
 * engine requirement, or a range that no longer covers the old one (Node.js `>=14` → `>=18`).
 * A widened range (`>=20` → `>=18`) or a dropped requirement narrows nothing, so it is not a
 * compatibility change. A range semver cannot read counts as narrowed: when in doubt, say it.
 */
export function enginesNarrowed(from: Readonly<Record<string, string>>, to: Readonly<Record<string, string>>): boolean {
  for (const [engine, targetRange] of Object.entries(to)) {
    const currentRange = from[engine];
    if (currentRange === undefined) return true;
    if (currentRange === targetRange) continue;
    try {
      if (semver.validRange(currentRange) === null || semver.validRange(targetRange) === null) return true;
      if (!semver.subset(currentRange, targetRange, { includePrerelease: true })) return true;
    } catch {
      return true;
    }
  }
  return false;
}
