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
      added: Array<{ name: string; range: string }>;
      /** `droppedMajors`: majors of the peer the old range accepted and the new one accepts none of. */
      narrowed: Array<{ name: string; from: string; to: string; droppedMajors: number[] }>;
      /**
       * Installs must bring a peer they may not have: a newly required one, or a newer major of
       * one the old range accepted (ajv-keywords 5: `ajv ^7.0.0 → ^8.0.0`). In a major that is the
       * break the major announces (see the extractive analyzer's withPeerUpgradeInMajor).
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

/** Majors to examine at most: ranges are registry data, and a hostile one may name huge majors. */
const MAX_MAJORS_EXAMINED = 100;

/**
 * Majors of a peer that `fromRange` accepted some version of and `toRange` accepts none of:
 * `^4.2.0 || ^5.0.0 || … || ^8.0.0 → ^8.0.0` drops 4 to 7; `>=5 → >=5.61.0` drops none (a newer
 * 5.x still satisfies both). Empty when a range does not parse.
 */
export function droppedMajors(fromRange: string, toRange: string): number[] {
  try {
    if (!semver.validRange(fromRange) || !semver.validRange(toRange)) return [];
    const lowest = semver.minVersion(fromRange)?.major;
    if (lowest === undefined) return [];
    const named = [...`${fromRange} ${toRange}`.matchAll(/\d+/g)].map((match) => Number(match[0])).filter((value) => Number.isSafeInteger(value));
    const highest = Math.max(lowest, ...named) + 1;
    if (highest - lowest > MAX_MAJORS_EXAMINED) return [];
    const dropped: number[] = [];
    for (let major = lowest; major <= highest; major += 1) {
      const line = `>=${major}.0.0-0 <${major + 1}.0.0-0`;
      if (semver.intersects(fromRange, line, { includePrerelease: true }) && !semver.intersects(toRange, line, { includePrerelease: true })) dropped.push(major);
    }
    return dropped;
  } catch {
    return [];
  }
}

/** A peer range anything satisfies (`*`, `x`, `>=0`) asks no install for a particular version. */
function acceptsAnything(range: string): boolean {
  try {
    return semver.validRange(range) !== null && semver.subset('>=0.0.0-0', range, { includePrerelease: true });
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
 * A peer released in lockstep with the package: a sibling in the same npm scope whose range now
 * starts at the package's own new version (`@typescript-eslint/eslint-plugin` 8.62.1 asks for
 * `@typescript-eslint/parser ^8.62.1`). The monorepo publishes both together, so the narrowed
 * range asks for nothing a reader has to act on.
 */
function isLockstepSibling(peerName: string, range: string, target: { name: string; version: string } | undefined): boolean {
  if (target === undefined || !target.name.startsWith('@') || !peerName.startsWith('@')) return false;
  const scopeOf = (name: string) => name.slice(0, name.indexOf('/'));
  if (scopeOf(peerName) !== scopeOf(target.name)) return false;
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
    .map((name) => ({ name, range: to.peerDependencies[name]! }));
  const narrowed = Object.keys(to.peerDependencies)
    .filter((name) => Object.hasOwn(from.peerDependencies, name) && isNarrowed(from.peerDependencies[name]!, to.peerDependencies[name]!) && !isLockstepSibling(name, to.peerDependencies[name]!, target))
    .map((name) => ({ name, from: from.peerDependencies[name]!, to: to.peerDependencies[name]!, droppedMajors: droppedMajors(from.peerDependencies[name]!, to.peerDependencies[name]!) }));
  if (added.length > 0 || narrowed.length > 0) {
    const peerUpgradeRequired = added.some((peer) => !acceptsAnything(peer.range)) || narrowed.some((peer) => peer.droppedMajors.length > 0);
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

/** "vite 4, 5, 6 or 7": the majors of a peer a narrowed range no longer accepts. */
function droppedMajorsOf(peer: { name: string; droppedMajors: number[] }): string {
  const majors = peer.droppedMajors.map(String);
  const named = majors.length === 1 ? majors[0] : `${majors.slice(0, -1).join(', ')} or ${majors.at(-1)}`;
  return `${plainOrQuoted(peer.name)} ${named}`;
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
      if (change.narrowed.length > 0) {
        parts.push(`${to} narrows peer dependency ranges: ${listed(change.narrowed.map((peer) => `${peer.name} ${peer.from} → ${peer.to}`))}.`);
        const dropped = change.narrowed.filter((peer) => peer.droppedMajors.length > 0).slice(0, LISTED);
        if (dropped.length > 0) parts.push(`It no longer accepts ${dropped.map(droppedMajorsOf).join('; ')}.`);
      }
      return parts.join(' ');
    }
    case 'platform':
      return `${to} restricts \`${change.field}\` to ${listed(change.to)}${change.from.length > 0 ? ` (was ${listed(change.from)})` : ' (no restriction before)'}; installs on other platforms fail.`;
    case 'dependency-majors':
      return `Runtime dependencies of ${to} that moved a major version: ${listed(change.moved.map((moved) => `${moved.name} ${moved.from} → ${moved.to}`))}.`;
  }
}
