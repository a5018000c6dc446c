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

/**
 * Node.js versions that load an ES module with require() without a flag: 20.19 and 22.12 on
 * (require(esm), except modules with top-level await).
 */
const REQUIRE_ESM_NODE_RANGE = '^20.19.0 || >=22.12.0';

/**
 * Whether every Node.js version the target's `engines` allows can require() an ES module, so
 * going ESM-only breaks no require() caller on a runtime the package still supports.
 */
export function nodeFloorRequiresEsm(engines: Readonly<Record<string, string>>): boolean {
  const node = engines['node'];
  if (node === undefined) return false;
  try {
    return semver.validRange(node) !== null && semver.subset(node, REQUIRE_ESM_NODE_RANGE);
  } catch {
    return false;
  }
}
