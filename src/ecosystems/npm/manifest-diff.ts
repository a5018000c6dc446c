import semver from 'semver';
import { plainOrQuoted } from '../../shared/data-quoting.js';
import type { ManifestShape } from './manifest-shape.js';

/**
 * Differences between the manifests of `from` and `to` that matter to a consumer, as plain
 * facts. Each change carries the effect it has on existing callers:
 * - `breaking`: code or scripts that worked stop working (the root can no longer be
 *   `require()`d, an exported subpath or an installed command is gone);
 * - `compatibility`: installs or builds may need action (a new required peer, a narrower
 *   peer range, a platform restriction, bundled types dropped, an `exports` map that now
 *   closes deep imports);
 * - `info`: context a reviewer may want (a runtime dependency that moved a major version).
 * Names and ranges in `detail` are registry data; the evidence layer quotes them.
 */

export type ManifestChangeEffect = 'breaking' | 'compatibility' | 'info';

export type ManifestChange =
  | { fact: 'module-format'; effect: 'breaking'; fromType: ManifestShape['type']; toType: ManifestShape['type'] }
  | { fact: 'exports-removed'; effect: 'breaking'; subpaths: string[] }
  | { fact: 'exports-added'; effect: 'compatibility'; subpaths: string[] }
  | { fact: 'bin-removed'; effect: 'breaking'; commands: string[] }
  | { fact: 'types-dropped'; effect: 'compatibility'; types: string }
  | {
      fact: 'peer-dependencies';
      effect: 'compatibility';
      /** `replaces`: the range `from` declared the same package with as a regular dependency. */
      added: Array<{ name: string; range: string; replaces: string | null }>;
      narrowed: Array<{ name: string; from: string; to: string }>;
      /**
       * No install that worked with `from` keeps working without changing a peer: a narrowed range
       * that accepts no version the old one did (ajv-keywords 5: `ajv ^7.0.0 → ^8.0.0`), or a new
       * peer whose range accepts no version of the dependency `from` brought itself (autoprefixer
       * 10: `postcss` ^7 as a dependency, ^8 as a peer). A range that still overlaps the old one
       * (`vite ^4 || … || ^8 → ^8`) leaves the newest setups as they are, like a dropped old
       * runtime. In a major this is the break the major announces (the extractive analyzer's
       * withPeerUpgradeInMajor).
       */
      peerUpgradeRequired: boolean;
    }
  | { fact: 'platform'; effect: 'compatibility'; field: 'os' | 'cpu'; from: string[]; to: string[] }
  | { fact: 'dependency-majors'; effect: 'info'; moved: Array<{ name: string; from: string; to: string }> };

/** Does a subpath pattern (`./*`, `./lib/*.js`) of `to` still export `subpath`? */
function coveredByPattern(subpath: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    const star = pattern.indexOf('*');
    if (star < 0) return false;
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    return subpath.length >= prefix.length + suffix.length && subpath.startsWith(prefix) && subpath.endsWith(suffix);
  });
}

function removedSubpaths(from: string[], to: string[]): string[] {
  const kept = new Set(to);
  const patterns = to.filter((key) => key.includes('*'));
  return from.filter((subpath) => !kept.has(subpath) && !coveredByPattern(subpath, patterns));
}

/** Versions `from` allowed that `to` no longer does; ranges that do not parse are left alone. */
function isNarrowed(fromRange: string, toRange: string): boolean {
  try {
    if (!semver.validRange(fromRange) || !semver.validRange(toRange)) return false;
    return !semver.subset(fromRange, toRange);
  } catch {
    return false;
  }
}

/**
 * Ranges longer than this are not compared for overlap: they are registry data, and may be
 * hostile. A real range that long (rare) then counts as overlapping: the narrowing is still said
 * (fact/peer-dependencies), only not as an upgrade every install needs.
 */
const MAX_COMPARED_RANGE_LENGTH = 256;

/** The lowest version `after` allows is on a later line than `before`'s: a higher major, or below 1.0.0 a higher minor. */
function leavesTheLine(before: string, after: string): boolean {
  try {
    const [low, high] = [semver.validRange(before) ? semver.minVersion(before) : null, semver.validRange(after) ? semver.minVersion(after) : null];
    if (low === null || high === null) return false;
    return high.major > low.major || (high.major === 0 && low.major === 0 && high.minor > low.minor);
  } catch {
    return false;
  }
}

/** No version satisfies both ranges; false when either does not parse (or is too long to compare). */
export function disjointRanges(left: string, right: string): boolean {
  if (left.length > MAX_COMPARED_RANGE_LENGTH || right.length > MAX_COMPARED_RANGE_LENGTH) return false;
  try {
    if (!semver.validRange(left) || !semver.validRange(right)) return false;
    // Without includePrerelease a prerelease belongs only to ranges that name its own version
    // line, as npm installs it: `<8.0.0` and the exact pin `8.0.0-beta.1` share no version, so a
    // peer moving to the next major's prerelease is told as an upgrade every install needs (with
    // the option, 8.0.0-beta.1 < 8.0.0 would count as overlapping).
    return !semver.intersects(left, right);
  } catch {
    return false;
  }
}

/** A platform list became stricter: a restriction where there was none, or fewer allowed values. */
function platformNarrowed(from: string[], to: string[]): boolean {
  if (to.length === 0) return false;
  if (from.length === 0) return true;
  // Negations (`!win32`) make set comparison unreliable; only compare plain allow-lists.
  if ([...from, ...to].some((value) => value.startsWith('!'))) return false;
  return from.some((value) => !to.includes(value));
}

function majorOf(range: string): number | null {
  try {
    const minimum = semver.validRange(range) ? semver.minVersion(range) : null;
    return minimum ? minimum.major : null;
  } catch {
    return null;
  }
}

/** Runtime dependencies declared by both versions whose lowest allowed major went up. */
export function dependencyMajorMoves(from: Record<string, string>, to: Record<string, string>): Array<{ name: string; from: string; to: string }> {
  const moved: Array<{ name: string; from: string; to: string }> = [];
  for (const name of Object.keys(to).sort()) {
    if (!Object.hasOwn(from, name)) continue;
    const before = majorOf(from[name]!);
    const after = majorOf(to[name]!);
    if (before !== null && after !== null && after > before) moved.push({ name, from: from[name]!, to: to[name]! });
  }
  return moved;
}

/**
 * A peer released in lockstep with the package: a sibling in the same npm scope, or the scope's
 * namesake (`vitest` for `@vitest/coverage-v8`), whose range now starts at the package's own new
 * version (`@typescript-eslint/eslint-plugin` 8.62.1 asks for `@typescript-eslint/parser ^8.62.1`,
 * `@vitest/coverage-v8` 4.1.11 for `vitest 4.1.11`). The monorepo publishes both together, so the
 * narrowed range asks for nothing a reader has to act on.
 */
function isLockstepSibling(peerName: string, range: string, target: { name: string; version: string } | undefined): boolean {
  if (target === undefined || !target.name.startsWith('@')) return false;
  const scopeOf = (name: string) => name.slice(0, name.indexOf('/'));
  const scope = scopeOf(target.name);
  if (peerName.startsWith('@') ? scopeOf(peerName) !== scope : peerName !== scope.slice(1)) return false;
  try {
    return semver.validRange(range) !== null && semver.minVersion(range)?.version === target.version;
  } catch {
    return false;
  }
}

export function diffManifestShapes(
  from: ManifestShape,
  to: ManifestShape,
  dependencies: { from: Record<string, string>; to: Record<string, string> },
  /** The package and its target version, to tell a lockstep sibling peer from a real narrowing. */
  target?: { name: string; version: string },
): ManifestChange[] {
  const changes: ManifestChange[] = [];
  if (from.rootRequirable === true && to.rootRequirable === false) {
    changes.push({ fact: 'module-format', effect: 'breaking', fromType: from.type, toType: to.type });
  }
  // A cut list on either side could make a kept entry look removed: compare only whole lists.
  const comparable = !from.truncated && !to.truncated;
  if (comparable && from.exportsSubpaths !== null && to.exportsSubpaths !== null) {
    const removed = removedSubpaths(from.exportsSubpaths, to.exportsSubpaths);
    if (removed.length > 0) changes.push({ fact: 'exports-removed', effect: 'breaking', subpaths: removed });
  }
  // An added map that keeps every file at its own path (mustache 4.2's `"./*": "./*"`) closes nothing.
  if (from.exportsSubpaths === null && to.exportsSubpaths !== null && !to.exportsOpen) {
    changes.push({ fact: 'exports-added', effect: 'compatibility', subpaths: to.exportsSubpaths });
  }
  if (comparable) {
    const removedCommands = from.bin.filter((command) => !to.bin.includes(command));
    if (removedCommands.length > 0) changes.push({ fact: 'bin-removed', effect: 'breaking', commands: removedCommands });
  }
  if (from.types !== null && to.types === null) changes.push({ fact: 'types-dropped', effect: 'compatibility', types: from.types });

  const added = Object.keys(to.peerDependencies)
    .filter((name) => !Object.hasOwn(from.peerDependencies, name))
    .map((name) => ({ name, range: to.peerDependencies[name]!, replaces: Object.hasOwn(dependencies.from, name) ? dependencies.from[name]! : null }));
  const narrowed = Object.keys(to.peerDependencies)
    // A lockstep sibling moving within its line asks for nothing (Angular pins `@angular/core
    // "17.0.2"` in @angular/common 17.0.2); one whose lowest major moves (`@typescript-eslint/parser
    // ^7.0.0 → ^8.0.0`) must be upgraded with it.
    .filter((name) => {
      if (!Object.hasOwn(from.peerDependencies, name)) return false;
      const [before, after] = [from.peerDependencies[name]!, to.peerDependencies[name]!];
      return isNarrowed(before, after) && (!isLockstepSibling(name, after, target) || leavesTheLine(before, after));
    })
    .map((name) => ({ name, from: from.peerDependencies[name]!, to: to.peerDependencies[name]! }));
  if (added.length > 0 || narrowed.length > 0) {
    const peerUpgradeRequired = narrowed.some((peer) => disjointRanges(peer.from, peer.to)) || added.some((peer) => peer.replaces !== null && disjointRanges(peer.replaces, peer.range));
    changes.push({ fact: 'peer-dependencies', effect: 'compatibility', added, narrowed, peerUpgradeRequired });
  }

  for (const field of ['os', 'cpu'] as const) {
    if (platformNarrowed(from[field], to[field])) changes.push({ fact: 'platform', effect: 'compatibility', field, from: from[field], to: to[field] });
  }
  const moved = dependencyMajorMoves(dependencies.from, dependencies.to);
  if (moved.length > 0) changes.push({ fact: 'dependency-majors', effect: 'info', moved });
  return changes;
}

const LISTED = 20;

function listed(values: string[]): string {
  const shown = values.slice(0, LISTED).map(plainOrQuoted).join(', ');
  return values.length > LISTED ? `${shown} … (${values.length - LISTED} more)` : shown;
}

/**
 * The names a change is about (subpaths, commands, peers, platforms, dependencies), at most
 * LISTED of them, and how many there are in all, so the comment's registry-facts line can say
 * which without the evidence text, and how many it leaves out.
 */
export function manifestChangeSubjects(change: ManifestChange): { subjects: string[]; subjectCount: number } {
  const all = [...new Set(subjectNames(change))];
  return { subjects: all.slice(0, LISTED), subjectCount: all.length };
}

function subjectNames(change: ManifestChange): string[] {
  switch (change.fact) {
    case 'module-format':
    case 'exports-added':
      return [];
    case 'exports-removed':
      return change.subpaths;
    case 'bin-removed':
      return change.commands;
    case 'types-dropped':
      return [change.types];
    case 'peer-dependencies':
      return [...change.added.map((peer) => peer.name), ...change.narrowed.map((peer) => peer.name)];
    case 'platform':
      return change.to;
    case 'dependency-majors':
      return change.moved.map((moved) => moved.name);
  }
}

/** Title suffix of the evidence item for a change. */
export const MANIFEST_CHANGE_TITLE: Readonly<Record<ManifestChange['fact'], string>> = {
  'module-format': 'module format (ESM-only)',
  'exports-removed': 'exports removed',
  'exports-added': 'exports map added',
  'bin-removed': 'commands removed',
  'types-dropped': 'bundled types dropped',
  'peer-dependencies': 'peer dependencies',
  platform: 'platform restriction',
  'dependency-majors': 'dependency majors',
};

/** What an ESM-only switch is, without its consequence (which depends on the Node.js versions `engines` allows). */
export function describeEsmOnly(change: Extract<ManifestChange, { fact: 'module-format' }>, from: string, to: string): string {
  return `${to} is ESM-only: its package root no longer resolves to CommonJS (package type ${change.toType}; no \`require\` condition reaches a CommonJS file), while ${from} could be loaded with require().`;
}

/** One plain sentence per change; registry names are quoted as data when they are not plain. */
export function describeManifestChange(change: ManifestChange, from: string, to: string): string {
  switch (change.fact) {
    case 'module-format':
      return `${describeEsmOnly(change, from, to)} Code that calls require() on this package breaks.`;
    case 'exports-removed':
      return `${to} no longer exports these subpaths that ${from} exported: ${listed(change.subpaths)}. Imports of them stop resolving.`;
    case 'exports-added':
      return `${to} adds an \`exports\` map (${from} had none): only its listed subpaths (${listed(change.subpaths)}) can be imported; deep imports of other files stop resolving.`;
    case 'bin-removed':
      return `${to} no longer installs these commands that ${from} installed: ${listed(change.commands)}. Scripts that run them break.`;
    case 'types-dropped':
      return `${from} declared bundled TypeScript types (${plainOrQuoted(change.types)}); ${to} declares none. TypeScript users may need separate type declarations.`;
    case 'peer-dependencies': {
      const parts: string[] = [];
      if (change.added.length > 0) parts.push(`${to} adds required peer dependencies: ${listed(change.added.map((peer) => `${peer.name}@${peer.range}`))}.`);
      const replaced = change.added.filter((peer) => peer.replaces !== null && disjointRanges(peer.replaces, peer.range));
      if (replaced.length > 0) parts.push(`${from} brought ${listed(replaced.map((peer) => `${peer.name}@${peer.replaces}`))} as its own dependencies; installs must now provide a version the new range accepts.`);
      if (change.narrowed.length > 0) {
        parts.push(`${to} narrows peer dependency ranges: ${listed(change.narrowed.map((peer) => `${peer.name} ${peer.from} → ${peer.to}`))}.`);
        const disjoint = change.narrowed.filter((peer) => disjointRanges(peer.from, peer.to));
        if (disjoint.length > 0) parts.push(`The new range accepts no version that ${from} accepted for ${listed(disjoint.map((peer) => peer.name))}: installs must upgrade it.`);
      }
      return parts.join(' ');
    }
    case 'platform':
      return `${to} restricts \`${change.field}\` to ${listed(change.to)}${change.from.length > 0 ? ` (was ${listed(change.from)})` : ' (no restriction before)'}; installs on other platforms fail.`;
    case 'dependency-majors':
      return `Runtime dependencies of ${to} that moved a major version: ${listed(change.moved.map((moved) => `${moved.name} ${moved.from} → ${moved.to}`))}.`;
  }
}
