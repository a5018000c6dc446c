import semver from 'semver';

/**
 * Whether the target's `engines` can turn away a runtime the current version accepted: a new
 * engine requirement, or a range that no longer covers the old one (Node.js `>=14` → `>=18`).
 * A widened range (`>=20` → `>=18`) or a dropped requirement narrows nothing, so it is not a
 * compatibility change. A target range semver cannot read counts as narrowed: when in doubt, say
 * it. A current range semver cannot read (`>=.0.12`, memoizee 0.4.16) accepted no runtime by
 * npm's own engine check, so a readable target range, the typo corrected, turns nobody away.
 */
export function enginesNarrowed(from: Readonly<Record<string, string>>, to: Readonly<Record<string, string>>): boolean {
  for (const [engine, targetRange] of Object.entries(to)) {
    const currentRange = from[engine];
    if (currentRange === undefined) return true;
    if (currentRange === targetRange) continue;
    try {
      if (semver.validRange(targetRange) === null) return true;
      if (semver.validRange(currentRange) === null) continue;
      // Without includePrerelease: Node.js runs release versions, and with it `>=16` reads as
      // `>=16.0.0-0`, so rewriting `>=16` as `>=16.0.0` (proc-log 2.0.1) would look narrowed.
      if (!semver.subset(currentRange, targetRange) && !semver.subset(currentRange, targetRange, { includePrerelease: true }) && !coveredByUnion(currentRange, targetRange)) return true;
    } catch {
      return true;
    }
  }
  return false;
}

interface Bound {
  version: semver.SemVer;
  inclusive: boolean;
}
/** One comparator set of a range as an interval of release versions; `null` bounds are open. */
interface Interval {
  lower: Bound | null;
  upper: Bound | null;
}

/** `<24.0.0-0` admits no 24.x release: for release versions it is `<24.0.0`, and `>=23.0.0-0` is `>=23.0.0`. */
function releaseBound(version: semver.SemVer, inclusive: boolean): Bound {
  if (version.prerelease.length === 1 && version.prerelease[0] === 0) return { version: new semver.SemVer(`${version.major}.${version.minor}.${version.patch}`), inclusive };
  return { version, inclusive };
}

function intervalOf(comparators: readonly semver.Comparator[]): Interval {
  let lower: Bound | null = null;
  let upper: Bound | null = null;
  for (const comparator of comparators) {
    // `*` and the empty range: an unbounded set (`value` is empty only for the ANY comparator).
    if (comparator.value === '') continue;
    const version = comparator.semver as semver.SemVer;
    if (comparator.operator === '>=' || comparator.operator === '>' || comparator.operator === '') {
      const bound = releaseBound(version, comparator.operator !== '>');
      // The tighter start wins: a comparator set is the intersection of its comparators.
      if (lower === null || !lowerReaches(bound, lower)) lower = bound;
    }
    if (comparator.operator === '<=' || comparator.operator === '<' || comparator.operator === '') {
      const bound = releaseBound(version, comparator.operator !== '<');
      if (upper === null || !upperReaches(bound, upper)) upper = bound;
    }
  }
  return { lower, upper };
}

const lowerOf = (interval: Interval): semver.SemVer => interval.lower?.version ?? new semver.SemVer('0.0.0');

/** Whether `upper` reaches at least as far as `other` (open beats any bound). */
function upperReaches(upper: Bound | null, other: Bound | null): boolean {
  if (upper === null) return true;
  if (other === null) return false;
  return semver.gt(upper.version, other.version) || (semver.eq(upper.version, other.version) && (upper.inclusive || !other.inclusive));
}

/** Whether `lower` starts no later than `other` (open beats any bound). */
function lowerReaches(lower: Bound | null, other: Bound | null): boolean {
  if (lower === null) return true;
  if (other === null) return false;
  return semver.lt(lower.version, other.version) || (semver.eq(lower.version, other.version) && (lower.inclusive || !other.inclusive));
}

/** The range's comparator sets as intervals, sorted, with overlapping or touching ones joined. */
function mergedIntervals(range: string): Interval[] {
  const intervals = new semver.Range(range).set.map(intervalOf).sort((left, right) => semver.compare(lowerOf(left), lowerOf(right)));
  const merged: Interval[] = [];
  for (const interval of intervals) {
    const last = merged.at(-1);
    // `<24.0.0` followed by `>=24.0.0` touch: no release version lies between them.
    const touches = last !== undefined && (last.upper === null || interval.lower === null || semver.gt(last.upper.version, interval.lower.version) || (semver.eq(last.upper.version, interval.lower.version) && (last.upper.inclusive || interval.lower.inclusive)));
    if (last !== undefined && touches) {
      // Sorted by version only, so an exclusive start may come before an inclusive one at the
      // same version (`>1.0.0 <2.0.0 || 1.0.0`): keep whichever reaches lower (review 12).
      last.lower = lowerReaches(last.lower, interval.lower) ? last.lower : interval.lower;
      last.upper = upperReaches(last.upper, interval.upper) ? last.upper : interval.upper;
    }
    else merged.push({ ...interval });
  }
  return merged;
}

/**
 * semver.subset needs each part of the current range inside ONE part of the target, so an
 * enumerated rewrite of the same versions (ava 6.4.0: `^22 || >=23` → `^22 || ^23 || >=24`)
 * reads as narrowed. Joined into intervals, the two ranges admit the same release versions.
 */
function coveredByUnion(currentRange: string, targetRange: string): boolean {
  const target = mergedIntervals(targetRange);
  return mergedIntervals(currentRange).every((current) => target.some((covering) => lowerReaches(covering.lower, current.lower) && upperReaches(covering.upper, current.upper)));
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
