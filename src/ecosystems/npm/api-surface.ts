import { parse } from '@babel/parser';
import type { ManifestShape } from './manifest-shape.js';
import { pathInPackage, readSelectedEntries, tarballBytes, type TarballSource } from './tarball-files.js';
import { TarballReadError } from './tarball-changelog.js';

/**
 * The public surface of one published version, read from its tarball without running any of
 * its code: the names its root type declarations (`.d.ts`) export, parsed with a real parser
 * (Babel's TypeScript grammar in declaration mode), following relative re-exports; and which
 * entry files its manifest names that the tarball really contains. Everything is bounded in
 * bytes, files and names; a surface cut by a bound or by an unfollowable re-export is marked
 * incomplete, so the diff never reports a "removal" it cannot prove.
 */

export const SURFACE_LIMITS = {
  /** One declaration file; larger ones are not parsed. */
  fileBytes: 2 * 1024 * 1024,
  /** Declaration files read from one tarball. */
  declarationFiles: 400,
  /** Files followed through re-exports from the entry. */
  filesFollowed: 200,
  /** Names kept per version; more means the surface is reported as too large to compare. */
  names: 20_000,
  /** Paths remembered to check entry files. */
  paths: 50_000,
  /** Tarball bytes scanned (uncompressed). */
  scanBytes: 64 * 1024 * 1024,
} as const;

export interface ApiSurface {
  /** The declaration file the surface was read from (relative to the package root), or null. */
  entry: string | null;
  /** Exported names; null when the package has no readable type declarations. */
  names: ReadonlySet<string> | null;
  /**
   * The exported names that are types only (interfaces, type aliases, `export type`): they exist
   * for the type checker and nowhere at runtime. A name also declared as a value is not here.
   */
  typeOnlyNames: ReadonlySet<string>;
  /** False when a re-export could not be followed or a bound was hit. */
  complete: boolean;
  /** Entry files the manifest names (main, types, bin, exports targets) that are not in the tarball. */
  missingEntries: string[];
  /** The manifest's `types`/`typings` path, normalised (null when it names none). */
  typesEntry: string | null;
  /** Why the surface is incomplete or absent, for a missing-information note. */
  notes: string[];
}

const DECLARATION_FILE = /\.d\.(?:ts|mts|cts)$/;
/** Names compared are identifiers (or `default` / `export=`): anything else is not an API name. */
const API_NAME = /^[A-Za-z_$][\w$]{0,200}$/;

function normalise(path: string): string | null {
  const parts: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  return parts.join('/');
}

function dirname(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

/** Declaration files a specifier (`./x`, `./x.js`, `./dir`) may resolve to, in TypeScript's order. */
function declarationCandidates(fromFile: string, specifier: string): string[] {
  const base = normalise(`${dirname(fromFile)}/${specifier}`);
  if (base === null) return [];
  const stem = base.replace(/\.(?:[cm]?js|ts|d\.[cm]?ts)$/, '');
  const suffixes = /\.mjs$/.test(base) ? ['.d.mts'] : /\.cjs$/.test(base) ? ['.d.cts'] : ['.d.ts', '.d.mts', '.d.cts'];
  return [...suffixes.map((suffix) => `${stem}${suffix}`), `${base}/index.d.ts`];
}

/** The root declaration file: the declared `types`, else the one beside `main`, else `index.d.ts`. */
function entryCandidates(shape: ManifestShape): string[] {
  const candidates: string[] = [];
  const add = (path: string | null): void => {
    const clean = path === null ? null : normalise(path);
    if (clean && !candidates.includes(clean)) candidates.push(clean);
  };
  add(shape.types);
  // `"types": "dist/source"` names a directory or an extension-less file, as Node resolves `main`.
  if (shape.types !== null && !DECLARATION_FILE.test(shape.types)) for (const candidate of declarationCandidates('', shape.types)) add(candidate);
  if (shape.main !== null) for (const candidate of declarationCandidates('', shape.main)) add(candidate);
  add('index.d.ts');
  return candidates;
}

/** One exported name, and whether it is a type only (no runtime value behind it). */
interface ExportedName {
  name: string;
  typeOnly: boolean;
}

interface FileExports {
  names: ExportedName[];
  /** `export * from '<specifier>'` sources still to follow. */
  starFrom: string[];
  /** Something exported that cannot be named from here (a re-export from another package…). */
  opaque: boolean;
}

type Node = { type: string; [key: string]: unknown };

function identifierName(node: unknown): string | null {
  if (typeof node !== 'object' || node === null) return null;
  const value = node as { type?: string; name?: unknown; value?: unknown };
  if (value.type === 'Identifier' && typeof value.name === 'string') return value.name;
  if (value.type === 'StringLiteral' && typeof value.value === 'string') return value.value;
  return null;
}

/** Interfaces and type aliases declare a type and nothing at runtime. */
function isTypeOnlyDeclaration(declaration: Node): boolean {
  return declaration.type === 'TSInterfaceDeclaration' || declaration.type === 'TSTypeAliasDeclaration';
}

function declaredExports(declaration: Node): ExportedName[] {
  const typeOnly = isTypeOnlyDeclaration(declaration);
  return declaredNames(declaration).map((name) => ({ name, typeOnly }));
}

/**
 * Names a body declares only as types, for `export { Name }` lists that point back at them. A
 * name also declared as a value (declaration merging: `interface X` and `const X`), or imported
 * from elsewhere, is not type-only: what it is cannot be told from here.
 */
function localTypeOnlyNames(statements: Node[]): Set<string> {
  const types = new Set<string>();
  const values = new Set<string>();
  for (const statement of statements) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (!declaration) continue;
    if (declaration.type === 'ImportDeclaration') {
      const allTypes = declaration.importKind === 'type';
      for (const specifier of (declaration.specifiers as Node[] | undefined) ?? []) {
        const local = identifierName(specifier.local);
        if (local === null) continue;
        if (allTypes || specifier.importKind === 'type') types.add(local);
        else values.add(local);
      }
      continue;
    }
    for (const name of declaredNames(declaration)) (isTypeOnlyDeclaration(declaration) ? types : values).add(name);
  }
  return new Set([...types].filter((name) => !values.has(name)));
}

/**
 * The names an export list (`export { a, type B, C as D }`) makes public. A specifier is
 * type-only when it says so (`export type { … }`, `type B`) or, without a `from`, when the
 * local name is declared only as a type in the same body.
 */
function listedExports(statement: Node, localTypes: ReadonlySet<string>): ExportedName[] {
  const wholeListIsType = statement.exportKind === 'type';
  const fromElsewhere = statement.source !== null && statement.source !== undefined;
  const exported: ExportedName[] = [];
  for (const specifier of (statement.specifiers as Node[] | undefined) ?? []) {
    const name = identifierName(specifier.exported);
    if (name === null) continue;
    const local = identifierName(specifier.local);
    const typeOnly = wholeListIsType || specifier.exportKind === 'type' || (!fromElsewhere && local !== null && localTypes.has(local));
    exported.push({ name, typeOnly });
  }
  return exported;
}

function declaredNames(declaration: Node): string[] {
  if (declaration.type === 'VariableDeclaration') {
    const declarators = (declaration.declarations as Node[] | undefined) ?? [];
    return declarators.map((declarator) => identifierName(declarator.id)).filter((name): name is string => name !== null);
  }
  const name = identifierName(declaration.id);
  return name === null ? [] : [name];
}

/**
 * Whether a namespace body says what it exports: an export list (`export { a, b as default }`),
 * `export *` or an export assignment. TypeScript then exports only what carries `export`;
 * without one, every member of an ambient namespace is exported, `export` modifier or not
 * (microsoft/TypeScript#13770, #32156). iconv-lite 0.7.1 declares `const iconv` inside
 * `declare namespace iconv { …; export { iconv as default } }`: `iconv.iconv` is not public.
 */
function hasExportStatements(statements: Node[]): boolean {
  return statements.some((statement) => (statement.type === 'ExportNamedDeclaration' && !statement.declaration) || statement.type === 'ExportAllDeclaration' || statement.type === 'TSExportAssignment');
}

/**
 * The names one statement of an ambient body (a namespace, or `declare module "pkg"`) makes
 * public. `export import A = B.C` is public, a plain `import L = B.Q` never is (TypeScript keeps
 * aliases local), nor is a `global { … }` augmentation; other members are public when they carry
 * `export`, or when the body has no export list at all (`implicit`).
 */
function ambientStatementNames(statement: Node, implicit: boolean, localTypes: ReadonlySet<string>): ExportedName[] {
  if (statement.type === 'TSImportEqualsDeclaration') {
    const name = statement.isExport === true ? identifierName(statement.id) : null;
    return name === null ? [] : [{ name, typeOnly: false }];
  }
  if (statement.type === 'TSModuleDeclaration' && (statement.global === true || statement.kind === 'global')) return [];
  if (statement.type === 'ExportNamedDeclaration') {
    const declaration = statement.declaration as Node | null;
    // `export { knex, knex as default, Knex };` inside the namespace (knex 3's declarations).
    return [...(declaration ? ambientStatementNames(declaration, true, localTypes) : []), ...listedExports(statement, localTypes)];
  }
  if (!implicit || statement.type === 'ImportDeclaration') return [];
  return declaredExports(statement);
}

/** Names a `declare namespace X { … }` body exports (see {@link hasExportStatements}). */
function namespaceMembers(body: Node[], name: string): ExportedName[] | null {
  const members: ExportedName[] = [];
  let found = false;
  for (const node of body) {
    if (node.type !== 'TSModuleDeclaration' || identifierName(node.id) !== name) continue;
    found = true;
    const block = node.body as Node | undefined;
    const statements = (block?.body as Node[] | undefined) ?? [];
    const implicit = !hasExportStatements(statements);
    // An export list resolves names in the enclosing file too: tsc's declarations of JSDoc-typed
    // code list file-level `type X = …` aliases in `declare namespace P { export { X } }`.
    const localTypes = localTypeOnlyNames([...body, ...statements]);
    for (const statement of statements) members.push(...ambientStatementNames(statement, implicit, localTypes));
  }
  return found ? members : null;
}

function exportsOfProgram(body: Node[], packageName: string): FileExports {
  const result: FileExports = { names: [], starFrom: [], opaque: false };
  const localTypes = localTypeOnlyNames(body);
  let sawModuleSyntax = false;
  for (const node of body) {
    switch (node.type) {
      case 'ExportNamedDeclaration': {
        sawModuleSyntax = true;
        const declaration = node.declaration as Node | null;
        if (declaration) result.names.push(...declaredExports(declaration));
        result.names.push(...listedExports(node, localTypes));
        break;
      }
      case 'ExportDefaultDeclaration':
        sawModuleSyntax = true;
        result.names.push({ name: 'default', typeOnly: false });
        break;
      case 'ExportAllDeclaration': {
        sawModuleSyntax = true;
        const namespace = identifierName(node.exported);
        const source = (node.source as { value?: unknown } | undefined)?.value;
        if (namespace !== null) result.names.push({ name: namespace, typeOnly: node.exportKind === 'type' });
        else if (typeof source === 'string' && source.startsWith('.')) result.starFrom.push(source);
        else result.opaque = true;
        break;
      }
      case 'TSExportAssignment': {
        // `export = X`: a CommonJS-style export; its names are X's namespace members, if declared.
        sawModuleSyntax = true;
        result.names.push({ name: 'export=', typeOnly: false });
        const target = identifierName(node.expression);
        const members = target === null ? null : namespaceMembers(body, target);
        if (members === null) result.opaque = true;
        else result.names.push(...members);
        break;
      }
      case 'TSImportEqualsDeclaration':
        if (node.isExport === true) {
          const name = identifierName(node.id);
          if (name !== null) result.names.push({ name, typeOnly: false });
        }
        break;
      default:
        break;
    }
  }
  if (!sawModuleSyntax) {
    // A global script: `declare module "pkg" { … }` holds the package's exports, if anywhere.
    const ambient = body.find((node) => node.type === 'TSModuleDeclaration' && identifierName(node.id) === packageName);
    const inner = ((ambient?.body as Node | undefined)?.body as Node[] | undefined) ?? null;
    if (inner === null) result.opaque = true;
    // Without an export list, everything an ambient module declares is exported, as in a namespace.
    else if (!hasExportStatements(inner)) {
      const innerTypes = localTypeOnlyNames(inner);
      return { names: inner.flatMap((statement) => ambientStatementNames(statement, true, innerTypes)), starFrom: [], opaque: false };
    }
    else return exportsOfProgram(inner, `\u0000${packageName}`);
  }
  return result;
}

/** Parses one declaration file; null when it does not parse (the surface is then incomplete). */
function parseDeclarations(text: string, packageName: string): FileExports | null {
  try {
    // Babel refuses `declare namespace X { const b: number; export { b } }` ("Export 'b' is not
    // defined"), which TypeScript accepts; that is the only error let through.
    const ast = parse(text, { sourceType: 'module', plugins: [['typescript', { dts: true }]], errorRecovery: true });
    if ((ast.errors ?? []).some((error) => (error as { reasonCode?: string }).reasonCode !== 'ModuleExportUndefined')) return null;
    return exportsOfProgram(ast.program.body as unknown as Node[], packageName);
  } catch {
    return null;
  }
}

/** Every entry file path the manifest names, relative to the package root. */
function declaredEntryFiles(shape: ManifestShape): string[] {
  const paths = [shape.main, shape.types].filter((path): path is string => path !== null);
  return [...new Set(paths.map((path) => normalise(path)).filter((path): path is string => path !== null && path.length > 0))];
}

/** The declaration files of one tarball, read once, and every path it holds (for entry checks). */
interface DeclarationSet {
  declarations: Map<string, string>;
  allPaths: Set<string>;
  pathsCapped: boolean;
  /** Bounds hit while reading (a file too large…): a surface read from this set is incomplete. */
  notes: string[];
  /** Each file's exports once parsed (the root's surface and a subpath's often share files). */
  parsed: Map<string, FileExports | null>;
}

/**
 * One version's declaration files: read from its tarball on the first surface asked for and
 * kept for the next (the root's, then each subpath's), so a bump scans each tarball for them
 * once. Kept only as long as the caller keeps this (one bump's comparison).
 */
export interface TarballDeclarations {
  read(): Promise<DeclarationSet>;
}

/** The declarations of the tarball given, or of the one `tarball()` loads when first asked. */
export function declarationsOf(tarball: TarballSource, label: string): TarballDeclarations {
  let pending: Promise<DeclarationSet> | undefined;
  return {
    read() {
      pending ??= tarballBytes(tarball).then((bytes) => readDeclarationSet(bytes, label));
      return pending;
    },
  };
}

/** A file of the set, parsed once (parseDeclarations); a set is one version of one package. */
function parsedFile(set: DeclarationSet, file: string, packageName: string): FileExports | null {
  if (!set.parsed.has(file)) set.parsed.set(file, parseDeclarations(set.declarations.get(file) ?? '', packageName));
  return set.parsed.get(file) ?? null;
}

async function readDeclarationSet(tarball: Buffer, label: string): Promise<DeclarationSet> {
  const notes: string[] = [];
  const allPaths = new Set<string>();
  let pathsCapped = false;
  const entries = await readSelectedEntries(
    tarball,
    {
      maxEntryBytes: SURFACE_LIMITS.fileBytes,
      maxTotalBytes: SURFACE_LIMITS.scanBytes,
      maxSelected: SURFACE_LIMITS.declarationFiles,
      label,
      purpose: 'for type declarations',
      warn: (_code, message) => notes.push(message),
      onScanStats: undefined,
      select: (path) => DECLARATION_FILE.test(path),
      onFile: (path) => {
        const clean = pathInPackage(path);
        if (clean === null) return;
        if (allPaths.size < SURFACE_LIMITS.paths) allPaths.add(clean);
        else pathsCapped = true;
      },
      tooLarge: (path, size) => ({
        code: 'API_SURFACE_FILE_TOO_LARGE',
        message: `${pathInPackage(path) ?? path} in the tarball of ${label} is ${String(size)} bytes, over the ${String(SURFACE_LIMITS.fileBytes)}-byte limit for a declaration file; it was not parsed.`,
      }),
    },
    (reason) => new TarballReadError(label, reason),
  );
  const declarations = new Map<string, string>();
  for (const entry of entries) {
    const path = pathInPackage(entry.path);
    if (path !== null) declarations.set(path, entry.text);
  }
  return { declarations, allPaths, pathsCapped, notes, parsed: new Map() };
}

/**
 * The names the declaration file `entry` exports, following relative `export *` re-exports
 * within the tarball, bounded in files followed and names kept.
 */
function surfaceFrom(set: DeclarationSet, entry: string, options: { packageName: string; label: string }, fields: { missingEntries: string[]; typesEntry: string | null }): ApiSurface {
  const notes = [...set.notes];
  const names = new Set<string>();
  const typeNames = new Set<string>();
  const valueNames = new Set<string>();
  let complete = notes.length === 0;
  const queue = [entry];
  const visited = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (visited.has(file)) continue;
    if (visited.size >= SURFACE_LIMITS.filesFollowed) {
      complete = false;
      notes.push(`The type declarations of ${options.label} re-export through more than ${String(SURFACE_LIMITS.filesFollowed)} files; the rest were not followed.`);
      break;
    }
    visited.add(file);
    const parsed = parsedFile(set, file, options.packageName);
    if (parsed === null) {
      complete = false;
      notes.push(`${file} in ${options.label} could not be parsed as TypeScript declarations.`);
      continue;
    }
    if (parsed.opaque) complete = false;
    for (const { name, typeOnly } of parsed.names) {
      if (!API_NAME.test(name) && name !== 'export=') continue;
      names.add(name);
      (typeOnly ? typeNames : valueNames).add(name);
    }
    for (const specifier of parsed.starFrom) {
      const target = declarationCandidates(file, specifier).find((candidate) => set.declarations.has(candidate));
      if (target === undefined) complete = false;
      else queue.push(target);
    }
    if (names.size > SURFACE_LIMITS.names) {
      notes.push(`The type declarations of ${options.label} export more than ${String(SURFACE_LIMITS.names)} names; the surface was not compared.`);
      return { entry, names: null, typeOnlyNames: new Set(), complete: false, ...fields, notes };
    }
  }
  const typeOnlyNames = new Set([...typeNames].filter((name) => !valueNames.has(name)));
  return { entry, names, typeOnlyNames, complete, ...fields, notes };
}

export async function readApiSurface(declarations: TarballDeclarations, shape: ManifestShape, options: { packageName: string; label: string }): Promise<ApiSurface> {
  const set = await declarations.read();
  const { allPaths } = set;
  // A copy: the set is shared with the subpaths' surfaces, which must not inherit the root's notes.
  const notes = [...set.notes];
  const resolvable = (path: string): boolean => ['', '.js', '.json', '.node', '.d.ts', '/index.js', '/index.json', '/index.d.ts'].some((suffix) => allPaths.has(`${path}${suffix}`));
  const entry = entryCandidates(shape).find((candidate) => set.declarations.has(candidate)) ?? null;
  // A declared `types` file that is missing breaks nobody when TypeScript finds declarations
  // anyway: it falls back to the file beside `main`, then to index.d.ts (sirv 3.0.0 names a
  // missing sirv.d.ts and ships index.d.ts). immutable 5.1.0's has no fallback: that one breaks.
  const typesPath = shape.types === null ? null : normalise(shape.types);
  const missingEntries = set.pathsCapped ? [] : declaredEntryFiles(shape).filter((path) => !resolvable(path) && !(path === typesPath && entry !== null));

  if (entry === null) {
    const declaredButMissing = shape.types !== null && !resolvable(normalise(shape.types) ?? '');
    if (declaredButMissing) notes.push(`${options.label} declares types in ${shape.types}, which is not in its tarball or was not readable.`);
    return { entry: null, names: null, typeOnlyNames: new Set(), complete: false, missingEntries, typesEntry: typesPath, notes };
  }
  return surfaceFrom(set, entry, options, { missingEntries, typesEntry: typesPath });
}

/**
 * The surface of each subpath of the `exports` map (ManifestShape.subpathDeclarations), from the
 * declarations the root's surface was read from: the first declaration file of its candidates that the tarball holds. A
 * subpath with none is absent from the result; there is no fallback to the root's index.d.ts.
 */
export async function readSubpathSurfaces(declarations: TarballDeclarations, shape: ManifestShape, options: { packageName: string; label: string }, subpaths: readonly string[]): Promise<Map<string, ApiSurface>> {
  const surfaces = new Map<string, ApiSurface>();
  if (subpaths.length === 0) return surfaces;
  const set = await declarations.read();
  for (const subpath of subpaths) {
    const entry = (shape.subpathDeclarations[subpath] ?? []).map(normalise).find((candidate) => candidate !== null && set.declarations.has(candidate));
    if (entry === undefined || entry === null) continue;
    surfaces.set(subpath, surfaceFrom(set, entry, options, { missingEntries: [], typesEntry: entry }));
  }
  return surfaces;
}

export interface ApiSurfaceDiff {
  /** Names `from` exported that `to` does not (only when `to`'s surface is complete), sorted. */
  removedNames: string[];
  /** Of those, the ones `from` exported as types only: a type-checking change, nothing at runtime. */
  removedTypeOnlyNames: string[];
  /** Entry files `to`'s manifest names that its tarball lacks, and `from`'s did not lack. */
  missingEntries: string[];
}

export function diffApiSurfaces(from: ApiSurface, to: ApiSurface): ApiSurfaceDiff {
  // A removal is reported only when the new surface is fully known: a name re-exported from
  // another package, or behind a bound, could still be there.
  const comparable = from.names !== null && to.names !== null && to.complete && to.names.size > 0;
  // `export =` and a default export are the same thing to an importer using esModuleInterop
  // (the TypeScript default for years), so a switch between them is not a removal.
  const hasDefault = (surface: ApiSurface): boolean => surface.names!.has('default') || surface.names!.has('export=');
  const removedNames = comparable
    ? [...from.names!].filter((name) => !to.names!.has(name) && !((name === 'default' || name === 'export=') && hasDefault(to))).sort()
    : [];
  // An entry both versions name and neither ships (rxjs 7 declares `types: index.d.ts`, which it
  // never shipped; its `exports` map names the real one) is not something this update changes.
  const missingBefore = new Set(from.missingEntries);
  // A missing `types` file loses nothing when the older version shipped no declarations either
  // (jwt-decode 3.1.0 names an index.d.ts that only 3.1.1 shipped): TypeScript users had none to lose.
  const losesDeclarations = (path: string): boolean => path !== to.typesEntry || from.entry !== null;
  return {
    removedNames,
    removedTypeOnlyNames: removedNames.filter((name) => from.typeOnlyNames.has(name)),
    missingEntries: to.missingEntries.filter((path) => !missingBefore.has(path) && losesDeclarations(path)),
  };
}
