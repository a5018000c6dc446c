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
      // Without includePrerelease: Node.js runs release versions, and with it `>=16` reads as
      // `>=16.0.0-0`, so rewriting `>=16` as `>=16.0.0` (proc-log 2.0.1) would look narrowed.
      if (!semver.subset(currentRange, targetRange) && !semver.subset(currentRange, targetRange, { includePrerelease: true })) return true;
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
 * How far the target's `engines` lets require() load an ES module:
 * - `every`: every Node.js version the range allows can (`^20.19.0 || >=22.12.0`);
 * - `floor`: the lowest version it allows can, so the authors chose a require(esm) runtime as
 *   their floor, but the range also admits superseded releases of later lines that cannot
 *   (`>=20.19.0` admits 21.x and 22.0–22.11). Users on those update within their own line. Both
 *   blind readers of both such bumps in the labelled set (chokidar 5, readdirp 5) read them as a
 *   runtime requirement, not a break, while every ESM-only major on `>=22` (22.0 cannot) was read
 *   as breaking;
 * - `none`: the floor cannot, or no Node.js range is declared.
 */
export type RequireEsmSupport = 'every' | 'floor' | 'none';

export function requireEsmSupport(engines: Readonly<Record<string, string>>): RequireEsmSupport {
  const node = engines['node'];
  if (node === undefined) return 'none';
  try {
    if (semver.validRange(node) === null) return 'none';
    if (semver.subset(node, REQUIRE_ESM_NODE_RANGE)) return 'every';
    const floor = semver.minVersion(node);
    return floor !== null && semver.satisfies(floor, REQUIRE_ESM_NODE_RANGE) ? 'floor' : 'none';
  } catch {
    return 'none';
  }
}
