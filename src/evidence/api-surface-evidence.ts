import { declarationsOf, diffApiSurfaces, readApiSurface, readSubpathSurfaces, type ApiSurface, type TarballDeclarations } from '../ecosystems/npm/api-surface.js';
import { classifyChange } from '../bumps/version-change.js';
import { commonJsCallableRoot, commonJsNamespaceRoot, commonJsRootExportNames, commonJsSingleValueRoot, esModuleCallableDefault, rootFilesOf, type RootFiles } from '../ecosystems/npm/commonjs-root-export.js';
import type { ManifestShape } from '../ecosystems/npm/manifest-shape.js';
import { nestedModuleType } from '../ecosystems/npm/nested-module-type.js';
import type { RegistryFacts } from '../ecosystems/types.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { makeEvidenceItem } from './evidence-item.js';
import type { EvidenceItem, MissingInformation } from './types.js';

/**
 * The API-surface diff of a bump as evidence: names the type declarations of `from` exported
 * that `to` no longer exports, and entry files `to` names but does not ship. One `apiSurface`
 * item per kind of removal, computed locally from the two verified tarballs (no package code
 * runs), with a bounded list; the extractive analyzer turns it into a breaking-change finding.
 */

export const API_SURFACE_SOURCE_ID = 'npm-tarball';
const LISTED_NAMES = 40;

export interface ApiSurfaceInput {
  packageName: string;
  packageId: string;
  facts: RegistryFacts;
  from: string;
  to: string;
  /**
   * The verified tarballs: `to`'s, which every run reads, and a loader for `from`'s, fetched only
   * when there is a surface to compare.
   */
  tarballs: { from: () => Promise<Buffer>; to: Buffer };
}

export interface ApiSurfaceEvidence {
  evidence: EvidenceItem[];
  missing: MissingInformation[];
}

/** Packages that declare types in their manifest (`types`, `typings`, a `types` condition). */
export function hasDeclaredTypes(facts: RegistryFacts): boolean {
  return facts.from !== null && facts.to !== null && (facts.from.shape.types !== null || facts.to.shape.types !== null);
}

/** How a reader knows each name: the default export is no name a caller writes. */
function shownName(name: string): string {
  if (name === 'default') return 'the default export';
  if (name === 'export=') return 'the `export =` assignment';
  return name;
}

function listed(names: string[]): string {
  const shown = names.slice(0, LISTED_NAMES).map(shownName).join(', ');
  return names.length > LISTED_NAMES ? `${shown} … (${names.length - LISTED_NAMES} more)` : shown;
}

/**
 * An older version without type declarations still has a surface a caller relies on when its
 * CommonJS root is itself a function or class (`module.exports = chownr`): read as an `export =`
 * assignment, so a newer version whose complete declarations export only names shows its
 * removal (`require('chownr')(…)` no longer works). Asked only when that comparison could
 * report something: the newer surface is complete and has no default export of its own.
 */
async function callableRootToCompare(fromSurface: ApiSurface, toSurface: ApiSurface, sides: { from: RootSide; to: RootSide }): Promise<CallableRoot | null> {
  if (fromSurface.names !== null || toSurface.names === null || !toSurface.complete) return null;
  if (toSurface.names.has('default') || toSurface.names.has('export=')) return null;
  const commonJs = await commonJsCallableRoot(sides.from.root, sides.from.shape);
  // An ES module root's `export default function …` is the same surface for an importer.
  const esModule = commonJs === null ? await esModuleCallableDefault(sides.from.root, sides.from.shape) : null;
  if (commonJs === null && esModule === null) return null;
  // Hand-written declarations may simply omit what the code still does: when the newer root
  // file itself still is (or default-exports) a function or class, nothing broke at runtime.
  const stillCallable =
    commonJs !== null
      ? (await commonJsCallableRoot(sides.to.root, sides.to.shape)) !== null
      : (await esModuleCallableDefault(sides.to.root, sides.to.shape)) !== null;
  if (stillCallable) return null;
  return commonJs !== null ? { format: 'commonjs', file: commonJs } : { format: 'esm', file: esModule! };
}

/** One side's root files and manifest shape. */
interface RootSide {
  root: RootFiles;
  shape: ManifestShape;
}

/** Both sides' root files, each read and parsed at most once for the bump (rootFilesOf). */
interface Roots {
  from: RootFiles;
  to: RootFiles;
}

/** The older version's root module when it is itself a function or class, and how it is loaded. */
interface CallableRoot {
  format: 'commonjs' | 'esm';
  file: string;
}

/** Where `require()` of the package root stopped returning one value: the two root files. */
interface NamespaceRoot {
  fromFile: string;
  toFile: string;
  /** Node.js's own `import` of the target loads the same compiled CommonJS root (importLoadsCommonJs). */
  nativeImports: boolean;
}

/**
 * Does Node.js's own `import '<package>'` load a CommonJS file in this version? Only when the
 * import target is known: a `.cjs` file, or a `.js` file whose nearest package.json is not
 * `"type": "module"` — a nested one decides first (a dual package's `dist/esm/package.json`
 * saying `{"type": "module"}` under a CommonJS root), then the root's. Only package.json files
 * are read from the tarball, and a tarball they cannot be read from says nothing.
 */
async function importLoadsCommonJs(tarball: Buffer, shape: ManifestShape, label: string): Promise<boolean> {
  const file = shape.rootImportFile;
  if (shape.rootImportModule !== null || file === null) return false;
  const lower = file.toLowerCase();
  if (lower.endsWith('.cjs')) return true;
  if (!lower.endsWith('.js')) return false;
  try {
    return ((await nestedModuleType(tarball, file, label)) ?? shape.type) !== 'module';
  } catch {
    // Unread, the sentence is not said; the namespace fact itself stands.
    return false;
  }
}

/**
 * `require('<package>')` returned one value in `from` (a function, a class, or a compiled
 * module's default export: `module.exports = require('./lib/cjs/index').default`) and returns a
 * compiled ES module's namespace object in `to` (`exports.__esModule`, no `module.exports`):
 * code that calls or constructs what `require()` returns breaks, type declarations or not
 * (axios-retry 4.0.0's TypeScript rewrite; every such major of the labelled set, 11 of 11, was
 * labelled high). The target's root is read first, from the tarball already in hand; the older
 * tarball only when that root is a namespace.
 */
async function rootBecameNamespace(input: ApiSurfaceInput, roots: Roots, from: ManifestShape, to: ManifestShape): Promise<NamespaceRoot | null> {
  const toFile = await commonJsNamespaceRoot(roots.to, to);
  if (toFile === null) return null;
  const fromFile = await commonJsSingleValueRoot(roots.from, from);
  return fromFile === null ? null : { fromFile, toFile, nativeImports: await importLoadsCommonJs(input.tarballs.to, to, roots.to.label) };
}

/**
 * rootBecameNamespace, where a tarball that cannot be read says nothing: the comparison of two
 * root files is one fact among others, and a package without type declarations has no surface
 * whose comparison could be called unavailable. For such a package whose target root is a
 * compiled namespace, this is the one place an older tarball is fetched for a patch.
 */
async function rootBecameNamespaceOrNull(input: ApiSurfaceInput, roots: Roots, from: ManifestShape, to: ManifestShape): Promise<NamespaceRoot | null> {
  try {
    return await rootBecameNamespace(input, roots, from, to);
  } catch {
    return null;
  }
}

export async function apiSurfaceEvidence(input: ApiSurfaceInput): Promise<ApiSurfaceEvidence> {
  const { facts, from, to, packageName } = input;
  if (facts.from === null || facts.to === null) return { evidence: [], missing: [] };
  // The CommonJS names and subpath declarations are compared in majors and minors only (below).
  const patch = classifyChange(from, to)?.semverClass === 'patch';
  let surfaces: [ApiSurface, ApiSurface];
  // The older side's root file, when its surface is that root being a function or class.
  let callableRoot: CallableRoot | null = null;
  let namespaceRoot: NamespaceRoot | null = null;
  let fromRead = false;
  const labels = { from: `${packageName}@${from}`, to: `${packageName}@${to}` };
  const roots: Roots = { from: rootFilesOf(input.tarballs.from, labels.from), to: rootFilesOf(input.tarballs.to, labels.to) };
  // Each side's declaration files, read once for the root's surface and the subpaths'.
  const declarations = { from: declarationsOf(input.tarballs.from, labels.from), to: declarationsOf(input.tarballs.to, labels.to) };
  try {
    const toSurface = await readApiSurface(declarations.to, facts.to.shape, { packageName, label: labels.to });
    // TypeScript finds declarations the manifest does not name: `index.d.ts`, or the file beside
    // `main` (tempy 3.0.0 ships index.d.ts with `"exports": "./index.js"` and no `types`, and
    // drops 2.0.0's default export). A package that names none and whose target ships none has
    // no surface to compare; its older tarball is downloaded only when its CommonJS root turned
    // into a namespace.
    if (toSurface.entry === null && !hasDeclaredTypes(facts)) {
      const untypedRoot = await rootBecameNamespaceOrNull(input, roots, facts.from.shape, facts.to.shape);
      // A patch is not asked: the older tarball would be downloaded for every untyped patch.
      const lostNames = untypedRoot === null && !patch ? await removedRequireNamesOrNull(roots, facts.from.shape, facts.to.shape, []) : null;
      const evidence = untypedRoot !== null ? [namespaceRootItem(input, untypedRoot)] : lostNames !== null ? [removedRequireNamesItem(input, lostNames)] : [];
      return { evidence, missing: [] };
    }
    const fromSurface = await readApiSurface(declarations.from, facts.from.shape, { packageName, label: labels.from });
    fromRead = true;
    callableRoot = await callableRootToCompare(fromSurface, toSurface, {
      from: { root: roots.from, shape: facts.from.shape },
      to: { root: roots.to, shape: facts.to.shape },
    });
    // The type-declaration comparison above already says it for a root that was a function or class.
    if (callableRoot?.format !== 'commonjs') namespaceRoot = await rootBecameNamespaceOrNull(input, roots, facts.from.shape, facts.to.shape);
    surfaces = [callableRoot === null ? fromSurface : { ...fromSurface, names: new Set([callableRoot.format === 'esm' ? 'default' : 'export=']), typeOnlyNames: new Set() }, toSurface];
  } catch (error) {
    const reason = sanitizeMessage(error instanceof Error ? error.message : String(error));
    return { evidence: [], missing: [{ code: 'API_SURFACE_UNAVAILABLE', message: `The API surfaces of ${packageName} ${from} and ${to} could not be compared: ${reason}` }] };
  }
  const [fromSurface, toSurface] = surfaces;
  const diff = diffApiSurfaces(fromSurface, toSurface);
  const sourceUrl = `${facts.packagePageUrl}/v/${to}?activeTab=code`;
  const evidence: EvidenceItem[] = [];
  const addItem = (locator: string, title: string, content: string): void => {
    evidence.push(makeEvidenceItem({ packageId: input.packageId, sourceId: API_SURFACE_SOURCE_ID, kind: 'apiSurface', locator, title: `API surface — ${title}`, sourceUrl, releaseVersions: [to], content }));
  };
  const typeOnly = new Set(diff.removedTypeOnlyNames);
  const removedValues = diff.removedNames.filter((name) => !typeOnly.has(name));
  // File paths are the publisher's text: shown only when plain, so no path can reshape the
  // sentence that removedExportNames and removedRootCall read back.
  const fromEntry = plainPath(fromSurface.entry) ?? 'types';
  const toEntry = plainPath(toSurface.entry) ?? 'types';
  if (callableRoot?.format === 'commonjs') {
    // The older side has no declarations: its surface is the CommonJS root itself, so say that.
    addItem(
      `api-surface/${from}..${to}/removed-exports`,
      `${packageName} ${from} → ${to} — module itself no longer a function or class`,
      `${packageName} ${from} has no type declarations, and ${shownRootFile(callableRoot.file)} assigns a function or class to \`module.exports\`; the type declarations of ${to} (${toEntry}) export only names, with no default export or \`export =\`. Code that calls or constructs what \`require('${packageName}')\` returns breaks; use the named exports instead.`,
    );
  } else if (callableRoot?.format === 'esm') {
    addItem(
      `api-surface/${from}..${to}/removed-exports`,
      `${packageName} ${from} → ${to} — default export removed`,
      `${packageName} ${from} has no type declarations, and its ES module root${plainPath(callableRoot.file) === null ? '' : ` (${callableRoot.file})`} default-exports a function or class; the type declarations of ${to} (${toEntry}) export only names, with no default export. Code that imports the default (\`import x from '${packageName}'\`) breaks; use the named exports instead.`,
    );
  } else if (removedValues.length > 0) {
    addItem(
      `api-surface/${from}..${to}/removed-exports`,
      `${packageName} ${from} → ${to} — exports removed`,
      `The type declarations of ${packageName} ${to} (${toEntry}) no longer export ${removedValues.length} name(s) that ${from} exported (${fromEntry}): ${listed(removedValues)}. Code that imports them stops compiling, and they are likely gone at runtime too.`,
    );
  }
  if (namespaceRoot !== null) evidence.push(namespaceRootItem(input, namespaceRoot));
  // The declarations may not list what the CommonJS root sets (mnemonist 0.39's index.d.ts never
  // declared the `Set` its index.js exported, and 0.40.0 renamed it `set`); a root that stopped
  // being one value or became a namespace is said above already. A name the newer declarations
  // still export is not said: Babel compiles `export { Options } from './types'` to a getter
  // that `export type` later drops, and nothing a caller can use was there.
  // Majors and minors only, as for untyped packages: parsing two root files per patch costs time
  // on every run, and no patch of the labelled set lost a name this way.
  const lostNames = callableRoot === null && namespaceRoot === null && !patch ? await removedRequireNamesOrNull(roots, facts.from.shape, facts.to.shape, [...diff.removedNames, ...(toSurface.names ?? [])]) : null;
  if (lostNames !== null) evidence.push(removedRequireNamesItem(input, lostNames));
  if (diff.removedTypeOnlyNames.length > 0) {
    // Kept apart from value removals: an interface or type alias exists only for the type
    // checker, so its removal breaks compilation of code that names it and nothing at runtime.
    addItem(
      `api-surface/${from}..${to}/removed-types`,
      `${packageName} ${from} → ${to} — exported types removed`,
      `The type declarations of ${packageName} ${to} (${toEntry}) no longer export ${diff.removedTypeOnlyNames.length} type-only name(s) (interfaces, type aliases or \`export type\`) that ${from} exported (${fromEntry}): ${listed(diff.removedTypeOnlyNames)}. TypeScript code that imports them stops compiling; nothing changes at runtime.`,
    );
  }
  // Majors and minors only: it parses and walks each common subpath's declarations, and every
  // subpath removal of the labelled set was in one.
  if (fromRead && !patch) evidence.push(...(await subpathRemovalItems(input, declarations)));
  if (diff.missingEntries.length > 0) {
    addItem(
      `api-surface/${to}/missing-entries`,
      `${packageName} ${to} — entry files missing`,
      `The manifest of ${packageName} ${to} names entry file(s) its tarball does not contain: ${listed(diff.missingEntries.map((path) => JSON.stringify(path)))}. Loading the package that way fails.`,
    );
  }
  const notes = [...fromSurface.notes, ...toSurface.notes];
  const missing: MissingInformation[] =
    notes.length > 0 ? [{ code: 'API_SURFACE_UNAVAILABLE', message: sanitizeMessage(`API surface of ${packageName} not fully compared: ${notes.slice(0, 3).join(' ')}`, 600) }] : [];
  return { evidence, missing };
}

/** Names `require('<package>')` had and no longer has, and the older root file that set them. */
interface RemovedRequireNames {
  fromFile: string;
  names: string[];
}

/**
 * Names the older CommonJS root sets on the object `require()` returns that the newer root no
 * longer sets, both read from top-level statements that state them all (commonJsExportNames): a
 * removal breaks `require('<package>').name` at runtime, type declarations or not. Names with a
 * leading underscore are private by convention, names every object inherits (`toString`) never
 * become `undefined`, and names `alreadySaid` (the type-declaration diff, or still declared) are
 * not repeated; a name is at most 64 characters, so the listed sentence stays within an evidence
 * item and the usage scan can read it back. The target's root is read first, from the tarball in
 * hand; the older tarball only when that root states its names. A tarball that cannot be read says nothing: this
 * is one comparison among others.
 */
async function removedRequireNamesOrNull(roots: Roots, from: ManifestShape, to: ManifestShape, alreadySaid: readonly string[]): Promise<RemovedRequireNames | null> {
  try {
    const toRoot = await commonJsRootExportNames(roots.to, to);
    if (toRoot === null) return null;
    const fromRoot = await commonJsRootExportNames(roots.from, from);
    if (fromRoot === null) return null;
    const said = new Set(alreadySaid);
    const names = [...fromRoot.names].filter((name) => !toRoot.names.has(name) && !said.has(name) && /^[A-Za-z$][\w$]{0,63}$/.test(name) && !(name in Object.prototype));
    return names.length === 0 ? null : { fromFile: fromRoot.file, names };
  } catch {
    return null;
  }
}

/**
 * The evidence item for names `require()` lost. Its sentence has the shape removedExportNames
 * reads back ("exported (…): names. Code that imports them"), so the usage scan finds callers.
 */
function removedRequireNamesItem(input: ApiSurfaceInput, removed: RemovedRequireNames): EvidenceItem {
  const { packageName, from, to, facts } = input;
  const fromFile = plainPath(removed.fromFile) ?? 'its CommonJS root';
  return makeEvidenceItem({
    packageId: input.packageId,
    sourceId: API_SURFACE_SOURCE_ID,
    kind: 'apiSurface',
    locator: `api-surface/${from}..${to}/removed-require-names`,
    title: `API surface — ${packageName} ${from} → ${to} — names removed from require()`,
    sourceUrl: `${facts.packagePageUrl}/v/${to}?activeTab=code`,
    releaseVersions: [to],
    content: `The CommonJS root of ${packageName} ${to} no longer sets ${removed.names.length} name(s) on \`module.exports\` that ${from} exported (${fromFile}): ${listed(removed.names)}. Code that imports them gets \`undefined\` from \`require('${packageName}')\` where a value was.`,
  });
}

/** Subpaths whose declarations are compared in one bump; each is a walk over the files read. */
const COMPARED_SUBPATHS = 20;

/** `lowdb/node` for the subpath `./node`, or null when the key is not a plain path (publisher text). */
function shownSubpath(packageName: string, subpath: string): string | null {
  return /^\.\/[A-Za-z0-9@._+-][A-Za-z0-9@._/+-]{0,100}$/.test(subpath) ? `${packageName}/${subpath.slice(2)}` : null;
}

/** "`lowdb/node`: JSONPreset, JSONSyncPreset; `lowdb/browser`: …", at most LISTED_NAMES names in all. */
function listedBySubpath(groups: Array<[string, string[]]>): string {
  let budget = LISTED_NAMES;
  let left = 0;
  const parts: string[] = [];
  for (const [subpath, names] of groups) {
    const shown = names.slice(0, Math.max(budget, 0));
    left += names.length - shown.length;
    budget -= shown.length;
    if (shown.length > 0) parts.push(`\`${subpath}\`: ${shown.map(shownName).join(', ')}`);
  }
  return `${parts.join('; ')}${left > 0 ? ` … (${left} more)` : ''}`;
}

/**
 * Names the type declarations of a subpath both versions export (`lowdb/node`) no longer export:
 * lowdb 7.0.0 renamed that subpath's `JSONPreset` to `JSONFilePreset`, which a comparison of the
 * root alone cannot see. A subpath `to` no longer exports at all is a registry fact already; a
 * subpath whose declarations either side lacks, or whose newer surface is incomplete, is not
 * compared. Values and type-only names are two items, as for the root; the usage scan reads them
 * back per subpath (removedSubpathNames).
 */
async function subpathRemovalItems(input: ApiSurfaceInput, declarations: { from: TarballDeclarations; to: TarballDeclarations }): Promise<EvidenceItem[]> {
  const { facts, from, to, packageName } = input;
  if (facts.from === null || facts.to === null) return [];
  const toSubpaths = facts.to.shape.subpathDeclarations;
  const common = Object.keys(facts.from.shape.subpathDeclarations)
    .filter((subpath) => Object.hasOwn(toSubpaths, subpath) && shownSubpath(packageName, subpath) !== null)
    .slice(0, COMPARED_SUBPATHS);
  if (common.length === 0) return [];
  let fromSurfaces: Map<string, ApiSurface>;
  let toSurfaces: Map<string, ApiSurface>;
  try {
    fromSurfaces = await readSubpathSurfaces(declarations.from, facts.from.shape, { packageName, label: `${packageName}@${from}` }, common);
    toSurfaces = await readSubpathSurfaces(declarations.to, facts.to.shape, { packageName, label: `${packageName}@${to}` }, common);
  } catch {
    // The root comparison above already read both tarballs; a subpath that cannot be read says nothing.
    return [];
  }
  const values: Array<[string, string[]]> = [];
  const types: Array<[string, string[]]> = [];
  for (const subpath of common) {
    const fromSurface = fromSurfaces.get(subpath);
    const toSurface = toSurfaces.get(subpath);
    if (fromSurface === undefined || toSurface === undefined) continue;
    const diff = diffApiSurfaces(fromSurface, toSurface);
    const typeOnly = new Set(diff.removedTypeOnlyNames);
    const shown = shownSubpath(packageName, subpath)!;
    const removedValues = diff.removedNames.filter((name) => !typeOnly.has(name));
    if (removedValues.length > 0) values.push([shown, removedValues]);
    if (typeOnly.size > 0) types.push([shown, diff.removedTypeOnlyNames]);
  }
  const sourceUrl = `${facts.packagePageUrl}/v/${to}?activeTab=code`;
  const item = (kind: 'exports' | 'types', groups: Array<[string, string[]]>): EvidenceItem => {
    const count = groups.reduce((sum, [, names]) => sum + names.length, 0);
    const what = kind === 'exports' ? `${count} name(s)` : `${count} type-only name(s) (interfaces, type aliases or \`export type\`)`;
    const effect = kind === 'exports' ? 'Code that imports them from those subpaths stops compiling, and they are likely gone at runtime too.' : 'TypeScript code that imports them from those subpaths stops compiling; nothing changes at runtime.';
    return makeEvidenceItem({
      packageId: input.packageId,
      sourceId: API_SURFACE_SOURCE_ID,
      kind: 'apiSurface',
      locator: `api-surface/${from}..${to}/removed-subpath-${kind}`,
      title: `API surface — ${packageName} ${from} → ${to} — ${kind === 'exports' ? 'exports' : 'exported types'} of subpaths removed`,
      sourceUrl,
      releaseVersions: [to],
      content: `The type declarations of subpaths that ${packageName} ${from} and ${to} both export no longer export ${what} that ${from} exported: ${listedBySubpath(groups)}. ${effect}`,
    });
  };
  return [...(values.length > 0 ? [item('exports', values)] : []), ...(types.length > 0 ? [item('types', types)] : [])];
}

/** A path as the manifest or tarball gives it, or null when it is not a plain path: it is the publisher's text. */
function plainPath(path: string | null): string | null {
  return path !== null && /^[A-Za-z0-9@._/+-]{1,200}$/.test(path) ? path : null;
}

/** "its CommonJS root (index.js)", the path shown only when plain. */
function shownRootFile(path: string): string {
  const plain = plainPath(path);
  return plain === null ? 'its CommonJS root' : `its CommonJS root (${plain})`;
}

/**
 * Said of a namespace root when the target has no ES module entry: Node.js's own `import` then
 * loads the compiled CommonJS file too, and its default is `module.exports`, the namespace object
 * (bundlers and TypeScript's interop read `__esModule` and still find the function).
 */
const NATIVE_IMPORT_SENTENCE = "It has no ES module entry either, so Node.js's own `import` (an `.mjs` file, or a `.js` file under `\"type\": \"module\"`) gets the namespace object as its default too.";

/** The evidence item for a CommonJS root that became a namespace object (rootBecameNamespace). */
function namespaceRootItem(input: ApiSurfaceInput, root: NamespaceRoot): EvidenceItem {
  const { packageName, from, to, facts } = input;
  const nativeImports = root.nativeImports;
  return makeEvidenceItem({
    packageId: input.packageId,
    sourceId: API_SURFACE_SOURCE_ID,
    kind: 'apiSurface',
    locator: `api-surface/${from}..${to}/require-namespace`,
    title: `API surface — ${packageName} ${from} → ${to} — require() returns a namespace object`,
    sourceUrl: `${facts.packagePageUrl}/v/${to}?activeTab=code`,
    releaseVersions: [to],
    content: `In ${packageName} ${from}, \`require('${packageName}')\` returns one value: ${shownRootFile(root.fromFile)} assigns it to \`module.exports\`. In ${to}, ${shownRootFile(root.toFile)} is an ES module compiled to CommonJS, so \`require('${packageName}')\` returns the module's namespace object instead. Code that calls or constructs what \`require('${packageName}')\` returns breaks; the value is now \`require('${packageName}').default\` or a named export.${nativeImports ? ` ${NATIVE_IMPORT_SENTENCE}` : ''}`,
  });
}

/** The locator endings of the two removal items written above. */
const REMOVAL_LOCATOR = /\/removed-(?:exports|types|require-names)$/;

/**
 * The names an `apiSurface` removal item lists, values or types (the inverse of the sentences
 * written above; names past the listed bound are not recoverable and are not returned).
 */
export function removedExportNames(item: Pick<EvidenceItem, 'kind' | 'locator' | 'content'>): string[] {
  if (item.kind !== 'apiSurface' || !REMOVAL_LOCATOR.test(item.locator)) return [];
  const list = /exported \([^)]*\): (.*?)(?: … \(\d+ more\))?\. (?:TypeScript c|C)ode that imports them/s.exec(item.content)?.[1];
  return list === undefined ? [] : namesOfList(list);
}

/** The names of a listed sentence part (`a, b, c`) a caller can import: identifiers, never the default. */
function namesOfList(list: string): string[] {
  return list
    .split(', ')
    .map((name) => name.trim())
    .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
}

/** The locator endings of the subpath removal items (subpathRemovalItems). */
const SUBPATH_REMOVAL_LOCATOR = /\/removed-subpath-(?:exports|types)$/;

/**
 * The names a subpath removal item lists, per module specifier (`lowdb/node`: JSONPreset), the
 * inverse of listedBySubpath. Specifiers were written only when plain (shownSubpath) and are
 * checked again here; names past the listed bound are not recoverable and are not returned.
 */
export function removedSubpathNames(item: Pick<EvidenceItem, 'kind' | 'locator' | 'content'>): Array<{ specifier: string; names: string[] }> {
  if (item.kind !== 'apiSurface' || !SUBPATH_REMOVAL_LOCATOR.test(item.locator)) return [];
  const list = /exported: (.*?)(?: … \(\d+ more\))?\. (?:TypeScript c|C)ode that imports them from those subpaths/s.exec(item.content)?.[1];
  if (list === undefined) return [];
  return list.split('; ').flatMap((group) => {
    const parsed = /^`([^`]+)`: (.+)$/s.exec(group);
    if (parsed === null || !/^(?:@[A-Za-z0-9._-]+\/)?[A-Za-z0-9._-]+\/[A-Za-z0-9@._/+-]{1,100}$/.test(parsed[1]!)) return [];
    const names = namesOfList(parsed[2]!);
    return names.length === 0 ? [] : [{ specifier: parsed[1]!, names }];
  });
}

/**
 * Whether an `apiSurface` item says the package itself stops being callable, and for whom:
 * `require()` callers only (a root compiled from an ES module: an ES import still gets the
 * interop default), or every caller (the default export or `export =` is gone).
 */
export function removedRootCall(item: Pick<EvidenceItem, 'kind' | 'locator' | 'title' | 'content'>): { requireOnly: boolean; nativeImports: boolean } | null {
  if (item.kind !== 'apiSurface') return null;
  // Every path in that item's text is a plain path (shownRootFile), so the sentence cannot be forged.
  if (item.locator.endsWith('/require-namespace')) return { requireOnly: true, nativeImports: item.content.endsWith(NATIVE_IMPORT_SENTENCE) };
  if (!item.locator.endsWith('/removed-exports')) return null;
  if (item.title.endsWith(' — module itself no longer a function or class') || item.title.endsWith(' — default export removed')) return { requireOnly: false, nativeImports: false };
  const list = /exported \([^)]*\): (.*?)(?: … \(\d+ more\))?\. Code that imports them/s.exec(item.content)?.[1];
  return list !== undefined && list.split(', ').some((name) => name === shownName('default') || name === shownName('export=')) ? { requireOnly: false, nativeImports: false } : null;
}

/** Whether an `apiSurface` item is the removal of type-only names (a type-checking change). */
export function isTypeOnlyRemoval(item: Pick<EvidenceItem, 'kind' | 'locator'>): boolean {
  return item.kind === 'apiSurface' && (item.locator.endsWith('/removed-types') || item.locator.endsWith('/removed-subpath-types'));
}
