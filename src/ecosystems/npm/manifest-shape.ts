import type { PackumentVersion } from './packument.js';

/**
 * The consumer-facing shape of one published version, read from its manifest in the packument:
 * what `require()` and `import` can reach, which commands it installs, which peers and platforms
 * it demands. Pure and bounded: `exports` is publisher-controlled JSON of any depth and size, so
 * every walk stops at {@link SHAPE_LIMITS}, and a shape cut by a bound says so (`truncated`), so a
 * comparison never reports a "removal" that is only the edge of the bound.
 */

export const SHAPE_LIMITS = {
  /** Nesting of condition objects followed inside `exports`. */
  exportsDepth: 8,
  /** Objects and arrays visited while walking one `exports` value. */
  exportsNodes: 2000,
  /** Subpath keys kept (sorted). */
  subpaths: 500,
  /** Subpaths whose type declarations are compared (each is a walk over the declaration files read). */
  declaredSubpaths: 20,
  /** Characters of a subpath, file path, bin or platform name. */
  pathChars: 300,
  bins: 200,
  peers: 200,
  platforms: 50,
} as const;

export interface ManifestShape {
  /** The package `type`: ES modules for `.js` files when `module`, CommonJS otherwise. */
  type: 'module' | 'commonjs';
  /** `main` as declared; null when absent (Node then tries `index.js`). */
  main: string | null;
  /** Declared type entry: `types`/`typings`, or a `types` condition in the root export. */
  types: string | null;
  /** Command names the version installs (`bin`), sorted. */
  bin: string[];
  /** Subpath keys of `exports` (`.` for the sugar forms); null when there is no `exports` field. */
  exportsSubpaths: string[] | null;
  /**
   * The `exports` map keeps every file reachable at its own path (`"./*": "./*"`, or the legacy
   * folder form `"./": "./"`), so it restricts no deep import.
   */
  exportsOpen: boolean;
  /**
   * Can `require('<package>')` load the package root? false when the root resolves only to ES
   * modules (or has no `require`-reachable condition); null when it cannot be told (no root
   * export at all, or a bound was hit).
   */
  rootRequirable: boolean | null;
  /**
   * The file `require('<package>')` resolves to (`main`, `index.js`, or the root export's
   * require target), whether or not it loads as CommonJS; null when it cannot be told.
   */
  rootRequireFile: string | null;
  /**
   * The file `import '<package>'` loads when it is an ES module (`.mjs`, or `.js` under
   * `"type": "module"`); null when the root imports as CommonJS or cannot be told. A package.json
   * nested above the file may still say otherwise; callers that read the file accept that.
   */
  rootImportModule: string | null;
  /**
   * The file `import '<package>'` resolves to, whatever its format (`main`, `index.js`, or the
   * root export's import target); null when it cannot be told. rootImportModule is this file
   * when the manifest alone shows it is an ES module.
   */
  rootImportFile: string | null;
  /**
   * For each plain subpath of the `exports` map (`./node`, not `.`, a pattern or
   * `./package.json`), the declaration files TypeScript may read for it, in order: its `types`
   * condition, then the `.d.ts`/`.d.mts`/`.d.cts` beside its import and require targets. At most
   * SHAPE_LIMITS.declaredSubpaths subpaths, in the map's order; empty without an `exports` map.
   */
  subpathDeclarations: Record<string, string[]>;
  /** Non-optional peer dependencies (name → range), sorted by name. */
  peerDependencies: Record<string, string>;
  os: string[];
  cpu: string[];
  /** True when a bound cut `exports` or a list: removals must not be inferred from a cut side. */
  truncated: boolean;
}

/** Conditions Node's CommonJS loader matches, in the order it accepts them. */
const REQUIRE_CONDITIONS: ReadonlySet<string> = new Set(['require', 'node', 'node-addons', 'default']);
/** Conditions Node's ES module loader matches. */
const IMPORT_CONDITIONS: ReadonlySet<string> = new Set(['import', 'module-sync', 'node', 'node-addons', 'default']);

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function boundedString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= SHAPE_LIMITS.pathChars ? value : null;
}

interface Walk {
  nodes: number;
  exhausted: boolean;
}

function visit(walk: Walk): boolean {
  walk.nodes += 1;
  if (walk.nodes > SHAPE_LIMITS.exportsNodes) walk.exhausted = true;
  return !walk.exhausted;
}

/** An `exports` object whose keys are subpaths (`.`, `./x`) rather than conditions. */
function isSubpathMap(value: JsonObject): boolean {
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('.'));
}

/** The export of the package root: `exports['.']`, or the whole value in its sugar forms. */
function rootExport(exportsField: unknown): unknown {
  if (isObject(exportsField)) return isSubpathMap(exportsField) ? exportsField['.'] : exportsField;
  return exportsField;
}

/**
 * The file a target resolves to, following Node's conditional-exports rules: the first key, in
 * object order, that the loader matches (`conditions`: the CommonJS loader's by default); arrays give the first usable
 * entry. undefined when nothing matches (require throws), null when a bound was hit.
 */
function requireTarget(target: unknown, depth: number, walk: Walk, conditions: ReadonlySet<string> = REQUIRE_CONDITIONS): string | undefined | null {
  if (depth > SHAPE_LIMITS.exportsDepth || !visit(walk)) return null;
  if (typeof target === 'string') return boundedString(target) ?? null;
  if (Array.isArray(target)) {
    for (const entry of target.slice(0, 20)) {
      const resolved = requireTarget(entry, depth + 1, walk, conditions);
      if (resolved !== undefined) return resolved;
    }
    return undefined;
  }
  if (isObject(target)) {
    for (const [condition, value] of Object.entries(target)) {
      if (!conditions.has(condition)) continue;
      const resolved = requireTarget(value, depth + 1, walk, conditions);
      if (resolved !== undefined) return resolved;
    }
  }
  return undefined;
}

/** The ES module `import '<package>'` loads (see ManifestShape.rootImportModule). */
function rootImportModuleOf(target: string | null, type: ManifestShape['type']): string | null {
  if (target === null) return null;
  const lower = target.toLowerCase();
  return lower.endsWith('.mjs') || (lower.endsWith('.js') && type === 'module') ? target : null;
}

/** Does a file load under `require()`? `.mjs` never; `.js` only outside `"type": "module"`. */
function isCommonJsFile(path: string, type: ManifestShape['type']): boolean {
  const lower = path.toLowerCase();
  if (lower.endsWith('.mjs')) return false;
  if (lower.endsWith('.cjs') || lower.endsWith('.json') || lower.endsWith('.node')) return true;
  return type !== 'module';
}

/**
 * The file `require('<package>')` loads: `main` (or `index.js`) without `exports`, else the root
 * export's require target. undefined when nothing matches; null when it cannot be told (no root
 * export, or a bound was hit).
 */
function rootRequireTarget(manifest: PackumentVersion, walk: Walk): string | undefined | null {
  return rootTarget(manifest, walk, REQUIRE_CONDITIONS);
}

/** The file the package root resolves to under `conditions`: `main` (or `index.js`) without `exports`. */
function rootTarget(manifest: PackumentVersion, walk: Walk, conditions: ReadonlySet<string>): string | undefined | null {
  if (manifest.exports === undefined || manifest.exports === null) return boundedString(manifest.main) ?? 'index.js';
  const root = rootExport(manifest.exports);
  return root === undefined ? null : requireTarget(root, 0, walk, conditions);
}

function rootRequirableOf(target: string | undefined | null, type: ManifestShape['type']): boolean | null {
  if (target === null) return null;
  return target !== undefined && isCommonJsFile(target, type);
}

/**
 * The `.js` file `require()` resolves the package root to when the root's `"type": "module"` is
 * the only reason it would not load as CommonJS; null otherwise. A package.json nested above
 * that file may still make it CommonJS, which only the tarball tells (nested-module-type.ts).
 */
export function rootRequireFileUnderModuleType(manifest: PackumentVersion): string | null {
  if (manifest.type !== 'module') return null;
  const target = rootRequireTarget(manifest, { nodes: 0, exhausted: false });
  return typeof target === 'string' && target.toLowerCase().endsWith('.js') ? target : null;
}

/** A `types` condition anywhere in the root export's condition tree. */
function typesCondition(value: unknown, depth: number, walk: Walk): string | null {
  if (depth > SHAPE_LIMITS.exportsDepth || !visit(walk)) return null;
  if (Array.isArray(value)) {
    for (const entry of value.slice(0, 20)) {
      const found = typesCondition(entry, depth + 1, walk);
      if (found) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  for (const [condition, target] of Object.entries(value)) {
    if (condition === 'types' && boundedString(target)) return target as string;
    const found = typesCondition(target, depth + 1, walk);
    if (found) return found;
  }
  return null;
}

function subpathsOf(exportsField: unknown, shape: { truncated: boolean }): string[] | null {
  if (exportsField === undefined || exportsField === null) return null;
  if (!isObject(exportsField) || !isSubpathMap(exportsField)) return ['.'];
  const keys = Object.keys(exportsField).filter((key) => key.length <= SHAPE_LIMITS.pathChars);
  if (keys.length > SHAPE_LIMITS.subpaths || keys.length < Object.keys(exportsField).length) shape.truncated = true;
  // A subpath mapped to null is explicitly not exported.
  return keys
    .filter((key) => exportsField[key] !== null)
    .sort()
    .slice(0, SHAPE_LIMITS.subpaths);
}

/** A target that maps a subpath pattern onto itself: `"./*"`, or conditions that all do. */
function isIdentityTarget(target: unknown, pattern: string): boolean {
  if (target === pattern) return true;
  if (!isObject(target)) return false;
  const values = Object.values(target);
  return values.length > 0 && values.length <= 16 && values.every((value) => value === pattern);
}

function exportsOpenOf(exportsField: unknown): boolean {
  if (!isObject(exportsField) || !isSubpathMap(exportsField)) return false;
  return (['./*', './'] as const).some((pattern) => Object.hasOwn(exportsField, pattern) && isIdentityTarget(exportsField[pattern], pattern));
}

function binNamesOf(manifest: PackumentVersion, shape: { truncated: boolean }): string[] {
  const { bin, name } = manifest;
  if (typeof bin === 'string') {
    // `"bin": "cli.js"` installs a command named after the package (without its scope).
    const command = name ? name.replace(/^@[^/]+\//, '') : null;
    return command ? [command] : [];
  }
  if (!bin) return [];
  const names = Object.keys(bin).filter((key) => key.length > 0 && key.length <= SHAPE_LIMITS.pathChars);
  if (names.length > SHAPE_LIMITS.bins) shape.truncated = true;
  return names.sort().slice(0, SHAPE_LIMITS.bins);
}

function requiredPeersOf(manifest: PackumentVersion, shape: { truncated: boolean }): Record<string, string> {
  const peers = manifest.peerDependencies ?? {};
  const meta = manifest.peerDependenciesMeta ?? {};
  const names = Object.keys(peers).sort();
  if (names.length > SHAPE_LIMITS.peers) shape.truncated = true;
  const out: Record<string, string> = {};
  for (const name of names.slice(0, SHAPE_LIMITS.peers)) {
    const entry = Object.hasOwn(meta, name) ? meta[name] : undefined;
    if (isObject(entry) && entry.optional === true) continue;
    const range = boundedString(peers[name]);
    if (range !== null && name.length <= SHAPE_LIMITS.pathChars) out[name] = range;
  }
  return out;
}

function platformList(values: string[] | undefined, shape: { truncated: boolean }): string[] {
  const list = (values ?? []).filter((value) => boundedString(value) !== null);
  if (list.length > SHAPE_LIMITS.platforms) shape.truncated = true;
  return [...new Set(list)].sort().slice(0, SHAPE_LIMITS.platforms);
}

/** `x.js` → `x.d.ts`, `x.mjs` → `x.d.mts`, `x.cjs` → `x.d.cts`; a declaration file stays itself. */
function declarationBeside(target: string): string | null {
  if (/\.d\.[cm]?ts$/.test(target)) return target;
  const match = /^(.*)\.([cm]?)js$/.exec(target);
  return match === null ? null : `${match[1]}.d.${match[2]}ts`;
}

/** A subpath whose declarations are compared: a plain path, not a pattern, a folder or the manifest. */
function isComparedSubpath(key: string): boolean {
  return key.startsWith('./') && !key.includes('*') && !key.endsWith('/') && key !== './package.json';
}

function subpathDeclarationsOf(exportsField: unknown, walk: Walk): Record<string, string[]> {
  const declarations: Record<string, string[]> = {};
  if (!isObject(exportsField) || !isSubpathMap(exportsField)) return declarations;
  let count = 0;
  for (const [key, target] of Object.entries(exportsField)) {
    if (count >= SHAPE_LIMITS.declaredSubpaths || walk.exhausted) break;
    if (!isComparedSubpath(key) || key.length > SHAPE_LIMITS.pathChars || target === null) continue;
    const candidates = [typesCondition(target, 0, walk), ...[IMPORT_CONDITIONS, REQUIRE_CONDITIONS].map((conditions) => {
      const resolved = requireTarget(target, 0, walk, conditions);
      return typeof resolved === 'string' ? declarationBeside(resolved) : null;
    })].filter((path): path is string => path !== null);
    if (candidates.length === 0) continue;
    declarations[key] = [...new Set(candidates)];
    count += 1;
  }
  return declarations;
}

export function manifestShapeOf(manifest: PackumentVersion): ManifestShape {
  const type: ManifestShape['type'] = manifest.type === 'module' ? 'module' : 'commonjs';
  const flags = { truncated: false };
  const walk: Walk = { nodes: 0, exhausted: false };
  const requireTarget = rootRequireTarget(manifest, walk);
  const importTarget = rootTarget(manifest, walk, IMPORT_CONDITIONS);
  const rootImportFile = typeof importTarget === 'string' ? boundedString(importTarget) : null;
  const rootRequirable = rootRequirableOf(requireTarget, type);
  const declaredTypes = boundedString(manifest.types) ?? boundedString(manifest.typings);
  const conditionTypes = manifest.exports === undefined ? null : typesCondition(rootExport(manifest.exports), 0, walk);
  const exportsSubpaths = subpathsOf(manifest.exports, flags);
  const shape: ManifestShape = {
    type,
    main: boundedString(manifest.main),
    types: declaredTypes ?? conditionTypes,
    bin: binNamesOf(manifest, flags),
    exportsSubpaths,
    exportsOpen: exportsOpenOf(manifest.exports),
    rootRequirable,
    rootRequireFile: typeof requireTarget === 'string' ? boundedString(requireTarget) : null,
    rootImportModule: rootImportModuleOf(rootImportFile, type),
    rootImportFile,
    // Its own walk: a bound hit here must not mark the rest of the shape as cut.
    subpathDeclarations: subpathDeclarationsOf(manifest.exports, { nodes: 0, exhausted: false }),
    peerDependencies: requiredPeersOf(manifest, flags),
    os: platformList(manifest.os, flags),
    cpu: platformList(manifest.cpu, flags),
    truncated: flags.truncated || walk.exhausted,
  };
  return shape;
}
