import { parse } from '@babel/parser';
import type { ManifestShape } from './manifest-shape.js';
import { readPackageFiles, tarballBytes, type TarballSource } from './tarball-files.js';
import { TarballReadError } from './tarball-changelog.js';

/**
 * Whether a CommonJS package's root module is itself a value a caller invokes or constructs:
 * `module.exports = chownr` (a function), `module.exports = class Yallist …`. Read for a version
 * that ships no type declarations, so its surface can still be compared with a newer version
 * that declares only named exports: `require('chownr')(path, …)` breaks when 3.0.0 exports
 * `{ chownr, chownrSync }` (isaacs's tshy rewrites of chownr 3 and yallist 5 do exactly this).
 *
 * An ES module root that default-exports a function or class is read the same way
 * (esModuleCallableDefault). The root file is parsed with Babel, never run. Only a top-level `module.exports = X` counts,
 * with X a function or class expression, or a name a top-level function or class declaration
 * (or a `const` bound to one) gives: an object of helpers (`module.exports = { a, b }`) is a
 * namespace, and its members may well live on as named exports.
 */

const MAX_ROOT_FILE_BYTES = 1024 * 1024;

type Node = { type: string; [key: string]: unknown };

/** Candidates for the file `require()` loads for `main` (or `index.js`), relative to the package root. */
export function rootFileCandidates(main: string | null): string[] {
  const parts: string[] = [];
  for (const segment of (main ?? 'index.js').replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') return [];
    parts.push(segment);
  }
  const base = parts.join('/');
  if (base === '') return ['index.js'];
  // A file name with a module extension is read as it is: `index.mjs.js` never exists, and
  // asking for it would keep the tarball scan from ending once the real file is met.
  return /\.(?:c?js|mjs|json|node)$/.test(base) ? [base] : [base, `${base}.js`, `${base}/index.js`];
}

function isMemberOf(node: unknown, object: string, property: string): boolean {
  const member = node as Node | null;
  if (member?.type !== 'MemberExpression' || member['computed'] === true) return false;
  return (member['object'] as Node | undefined)?.type === 'Identifier' && (member['object'] as { name: string }).name === object && (member['property'] as { name?: string } | undefined)?.name === property;
}

const CALLABLE = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'ClassExpression']);

/** Top-level names bound to a function or class: declarations and `const x = function/class/arrow`. */
function callableBindings(body: Node[]): Set<string> {
  const names = new Set<string>();
  for (const statement of body) {
    const id = (statement['id'] as { name?: string } | null | undefined)?.name;
    if ((statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') && id !== undefined) names.add(id);
    if (statement.type === 'VariableDeclaration') {
      for (const declarator of (statement['declarations'] as Node[] | undefined) ?? []) {
        const name = (declarator['id'] as { type?: string; name?: string } | undefined)?.name;
        if (name !== undefined && CALLABLE.has((declarator['init'] as Node | null | undefined)?.type ?? '')) names.add(name);
      }
    }
  }
  return names;
}

/** A root file as parsed: its text and its top-level statements (whose positions index the text). */
interface ParsedProgram {
  source: string;
  body: Node[];
}

type SourceType = 'script' | 'module';

/** The program's top-level statements, or null when the text does not parse (it is never run). */
function parseProgram(source: string, sourceType: SourceType): ParsedProgram | null {
  try {
    return { source, body: parse(source, { sourceType, errorRecovery: false, allowReturnOutsideFunction: sourceType === 'script' }).program.body as unknown as Node[] };
  } catch {
    return null;
  }
}

/** Every index at which `word` occurs in `text`, ascending. */
function indexesOf(text: string, word: string): number[] {
  const found: number[] = [];
  for (let index = text.indexOf(word); index >= 0; index = text.indexOf(word, index + word.length)) found.push(index);
  return found;
}

/**
 * A `\u` escape of a lowercase ASCII letter (`\u006d`, `\u{6D}`): only through one can an
 * identifier spell the names the walks look for (`module`, `exports`, `eval`…) without their
 * letters; other escapes (`\u2028` in a bundle's strings and regexes, common) cannot.
 */
const NAME_LETTER_ESCAPE = /\\u(?:00|\{0*)(?:6[1-9a-f]|7[0-9a])/i;

/**
 * The top-level statements whose text holds one of `words`: a walk that looks for those names
 * (`module`, `exports`, `this`) need not enter the others, which in a bundled root file is most
 * of it. With an escape that could spell one of them (`\u006dodule`) anywhere, every statement
 * is kept. Keywords (`this`) cannot be escaped.
 */
function statementsMentioning(program: ParsedProgram, words: readonly string[]): Node[] {
  if (NAME_LETTER_ESCAPE.test(program.source)) return program.body;
  const positions = words.flatMap((word) => indexesOf(program.source, word)).sort((left, right) => left - right);
  return program.body.filter((statement) => {
    const start = statement['start'] as number;
    const end = statement['end'] as number;
    // The first position at or after the statement's start, by binary search.
    let low = 0;
    let high = positions.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (positions[middle]! < start) low = middle + 1;
      else high = middle;
    }
    return low < positions.length && positions[low]! < end;
  });
}

/** The AST children of a node worth walking: objects and arrays, never positions or comments. */
function codeChildren(node: Node): Array<[string, object]> {
  const children: Array<[string, object]> = [];
  for (const key of Object.keys(node)) {
    const child = node[key];
    if (typeof child === 'object' && child !== null && !NOT_CODE.has(key)) children.push([key, child]);
  }
  return children;
}

/** A function or class expression or declaration, or a name a top-level one is bound to. */
function isCallableValue(value: Node, callables: ReadonlySet<string>): boolean {
  if (CALLABLE.has(value.type) || value.type === 'FunctionDeclaration' || value.type === 'ClassDeclaration') return true;
  return value.type === 'Identifier' && callables.has((value as unknown as { name: string }).name);
}

/** True when the program's top level assigns a function or class to `module.exports`. */
export function assignsCallableToModuleExports(source: string): boolean {
  return callableAssignedIn(parseProgram(source, 'script'));
}

function callableAssignedIn(program: ParsedProgram | null): boolean {
  if (program === null) return false;
  const { body } = program;
  const callables = callableBindings(body);
  return body.some((statement) => {
    if (statement.type !== 'ExpressionStatement') return false;
    const expression = statement['expression'] as Node;
    if (expression.type !== 'AssignmentExpression' || expression['operator'] !== '=' || !isMemberOf(expression['left'], 'module', 'exports')) return false;
    return isCallableValue(expression['right'] as Node, callables);
  });
}

/** `require('…').default`: what a hand-written CommonJS root re-exports of a compiled module. */
function isRequireDefault(node: Node | null | undefined): boolean {
  if (node?.type !== 'MemberExpression' || node['computed'] === true || (node['property'] as { name?: string } | undefined)?.name !== 'default') return false;
  const call = node['object'] as Node | undefined;
  const callee = call?.['callee'] as { type?: string; name?: string } | undefined;
  return call?.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === 'require';
}

/** Top-level names bound to `require('…').default` (`const axiosRetry = require('./lib/cjs/index').default`). */
function requireDefaultBindings(body: Node[]): Set<string> {
  const names = new Set<string>();
  for (const statement of body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declarator of (statement['declarations'] as Node[] | undefined) ?? []) {
      const name = (declarator['id'] as { name?: string } | undefined)?.name;
      if (name !== undefined && isRequireDefault(declarator['init'] as Node | null | undefined)) names.add(name);
    }
  }
  return names;
}

/** The values a top-level statement assigns to `module.exports`, through `module.exports = exports = X`. */
function moduleExportsValue(statement: Node): Node | null {
  if (statement.type !== 'ExpressionStatement') return null;
  let expression = statement['expression'] as Node;
  let assignsModuleExports = false;
  while (expression.type === 'AssignmentExpression' && expression['operator'] === '=') {
    if (isMemberOf(expression['left'], 'module', 'exports')) assignsModuleExports = true;
    expression = expression['right'] as Node;
  }
  return assignsModuleExports ? expression : null;
}

/** `Object.defineProperty(<object>, '<key>', …)`, the object named and the key a string literal. */
function definesProperty(node: Node, object: string, key: string): boolean {
  if (node.type !== 'CallExpression' || !isMemberOf(node['callee'], 'Object', 'defineProperty')) return false;
  const [target, property] = (node['arguments'] as Node[] | undefined) ?? [];
  return target?.type === 'Identifier' && (target as unknown as { name: string }).name === object && property?.type === 'StringLiteral' && (property as unknown as { value: string }).value === key;
}

/** `Object.defineProperty(module, 'exports', …)`: another way to set what `require()` returns. */
function definesModuleExports(node: Node): boolean {
  return definesProperty(node, 'module', 'exports');
}

/** AST keys that hold positions and comments, not code. */
const NOT_CODE = new Set(['loc', 'start', 'end', 'range', 'extra', 'leadingComments', 'trailingComments', 'innerComments']);

/**
 * Whether `module.exports` is set anywhere but by a top-level `module.exports = X` statement:
 * inside a block, a function or a condition (`if (typeof module …) module.exports = foo`), or
 * through `Object.defineProperty(module, 'exports', …)`. What `require()` returns then depends on
 * code that is never run here, so it cannot be told.
 */
function setsModuleExportsElsewhere(program: ParsedProgram): boolean {
  const pending: unknown[] = statementsMentioning(program, ['module']).filter((statement) => moduleExportsValue(statement) === null);
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
      continue;
    }
    if (typeof value !== 'object' || value === null || typeof (value as Node).type !== 'string') continue;
    const node = value as Node;
    if ((node.type === 'AssignmentExpression' && isMemberOf(node['left'], 'module', 'exports')) || definesModuleExports(node)) return true;
    for (const [, child] of codeChildren(node)) pending.push(child);
  }
  return false;
}

/**
 * What the last top-level `module.exports = X` assigns (the one in effect when the file has run:
 * an esbuild or tsup footer `module.exports = module.exports.default` comes after the namespace),
 * or null when there is none, and undefined when `module.exports` is also set elsewhere and the
 * value cannot be told.
 */
function finalModuleExportsValue(program: ParsedProgram): Node | null | undefined {
  if (setsModuleExportsElsewhere(program)) return undefined;
  let last: Node | null = null;
  for (const statement of program.body) last = moduleExportsValue(statement) ?? last;
  return last;
}

/**
 * True when the top level gives `module.exports` one value a caller uses as it is: a function or
 * class (as assignsCallableToModuleExports), or the default export of a compiled module
 * (`module.exports = require('./lib/cjs/index').default`, the shim that keeps
 * `require('axios-retry')(axios)` working in axios-retry 3). An object of helpers is not one,
 * and the last assignment decides.
 */
export function assignsSingleValueToModuleExports(source: string): boolean {
  return singleValueAssignedIn(parseProgram(source, 'script'));
}

function singleValueAssignedIn(program: ParsedProgram | null): boolean {
  if (program === null) return false;
  const { body } = program;
  const value = finalModuleExportsValue(program);
  if (value === null || value === undefined) return false;
  const callables = callableBindings(body);
  const shims = requireDefaultBindings(body);
  return isCallableValue(value, callables) || isRequireDefault(value) || (value.type === 'Identifier' && shims.has((value as unknown as { name: string }).name));
}

/** `Object.defineProperty(exports, '__esModule', …)` or `exports.__esModule = true`. */
function marksEsModule(statement: Node): boolean {
  if (statement.type !== 'ExpressionStatement') return false;
  const expression = statement['expression'] as Node;
  if (expression.type === 'AssignmentExpression') return isMemberOf(expression['left'], 'exports', '__esModule');
  return definesProperty(expression, 'exports', '__esModule');
}

/**
 * True when a CommonJS file is an ES module compiled to CommonJS, so `require()` of it returns
 * the module's namespace object (`{ default, …names }`), never one function or class: TypeScript's
 * and Babel's output (it marks `exports.__esModule` and never assigns `module.exports`) or
 * esbuild's (`module.exports = __toCommonJS(…)` as the last assignment: a footer such as
 * `module.exports = module.exports.default`, tsup's `cjsInterop`, keeps the function). Any other
 * place that sets `module.exports` (a condition, a function) makes it unknown: false.
 */
export function isCompiledEsModuleNamespace(source: string): boolean {
  return compiledNamespaceIn(parseProgram(source, 'script'));
}

function compiledNamespaceIn(program: ParsedProgram | null): boolean {
  if (program === null) return false;
  const { body } = program;
  const value = finalModuleExportsValue(program);
  if (value === undefined) return false;
  if (value !== null) {
    const callee = value['callee'] as { type?: string; name?: string } | undefined;
    return value.type === 'CallExpression' && callee?.type === 'Identifier' && callee.name === '__toCommonJS';
  }
  return body.some(marksEsModule);
}

/** True when the module's top level default-exports a function or class (`export default function expandTop`). */
export function defaultExportsCallable(source: string): boolean {
  return callableDefaultIn(parseProgram(source, 'module'));
}

function callableDefaultIn(program: ParsedProgram | null): boolean {
  if (program === null) return false;
  const { body } = program;
  const callables = callableBindings(body);
  return body.some((statement) => statement.type === 'ExportDefaultDeclaration' && isCallableValue(statement['declaration'] as Node, callables));
}

/** A root file read from a tarball: its path inside the package and its text. */
interface RootFile {
  file: string;
  source: string;
}

/**
 * One version's root files as the checks below read them. The checks of one bump ask for the
 * same file several times (is it callable, a namespace, which names does it set), and a bundled
 * root file takes far longer to parse than to ask about: each list of candidates is read from
 * the tarball once (the `require()` and `import` roots are two lists, two scans), each file read
 * is parsed once per source type, and all is kept only as long as the caller keeps this (one
 * bump's comparison; a root file is at most MAX_ROOT_FILE_BYTES).
 */
export interface RootFiles {
  readonly label: string;
  /** The first of `candidates` the tarball holds (within the bound), with its text, or null. */
  first(candidates: readonly string[], purpose: string): Promise<RootFile | null>;
  /** Its top-level statements, or null when it does not parse as `sourceType`. */
  program(root: RootFile, sourceType: SourceType): ParsedProgram | null;
}

/** The root files of the tarball given, or of the one `tarball()` loads when first asked. */
export function rootFilesOf(tarball: TarballSource, label: string): RootFiles {
  const reads = new Map<string, Promise<RootFile | null>>();
  // Keyed by the file read, not its path: two candidate lists could read two copies of one path
  // (a tarball holding it twice), and each parse must be of the text it is asked about.
  const programs = new WeakMap<RootFile, Partial<Record<SourceType, ParsedProgram | null>>>();
  const read = async (candidates: readonly string[], purpose: string): Promise<RootFile | null> => {
    if (candidates.length === 0) return null;
    const files = await readPackageFiles(await tarballBytes(tarball), candidates, { maxEntryBytes: MAX_ROOT_FILE_BYTES, label, purpose }, (reason) => new TarballReadError(label, reason));
    const file = candidates.find((candidate) => files.has(candidate));
    return file === undefined ? null : { file, source: files.get(file)! };
  };
  return {
    label,
    first(candidates, purpose) {
      // `purpose` only words warnings, which readPackageFiles drops: it need not be in the key.
      const key = candidates.join('\0');
      let pending = reads.get(key);
      if (pending === undefined) {
        pending = read(candidates, purpose);
        reads.set(key, pending);
      }
      return pending;
    },
    program(root, sourceType) {
      let parsed = programs.get(root);
      if (parsed === undefined) {
        parsed = {};
        programs.set(root, parsed);
      }
      if (!(sourceType in parsed)) parsed[sourceType] = parseProgram(root.source, sourceType);
      return parsed[sourceType] ?? null;
    },
  };
}

/** The first of `candidates` the tarball holds (within the bound) when `test` accepts its program, or null. */
async function rootFileWhere(root: RootFiles, candidates: readonly string[], sourceType: SourceType, test: (program: ParsedProgram | null) => boolean): Promise<string | null> {
  const found = await root.first(candidates, sourceType === 'script' ? 'for its CommonJS root file' : 'for its ES module root file');
  return found !== null && test(root.program(found, sourceType)) ? found.file : null;
}

/**
 * The root file's path when a CommonJS version without `exports` assigns a function or class to
 * `module.exports`; null when it does not, or when that cannot be told (an `exports` map, an
 * ES module root, a file missing or over the bound).
 */
export async function commonJsCallableRoot(root: RootFiles, shape: ManifestShape): Promise<string | null> {
  if (shape.exportsSubpaths !== null || shape.rootRequirable !== true || shape.type === 'module') return null;
  return rootFileWhere(root, rootFileCandidates(shape.main), 'script', callableAssignedIn);
}

/**
 * The root file `require()` loads when it gives `module.exports` one value (see
 * assignsSingleValueToModuleExports), found through `main` or the `exports` map alike; null when
 * it does not, when the root does not load as CommonJS, or when that cannot be told.
 */
export async function commonJsSingleValueRoot(root: RootFiles, shape: ManifestShape): Promise<string | null> {
  if (shape.rootRequirable !== true || shape.rootRequireFile === null) return null;
  return rootFileWhere(root, rootFileCandidates(shape.rootRequireFile), 'script', singleValueAssignedIn);
}

/** The root file `require()` loads when it is a compiled ES module namespace (isCompiledEsModuleNamespace); null otherwise. */
export async function commonJsNamespaceRoot(root: RootFiles, shape: ManifestShape): Promise<string | null> {
  if (shape.rootRequirable !== true || shape.rootRequireFile === null) return null;
  return rootFileWhere(root, rootFileCandidates(shape.rootRequireFile), 'script', compiledNamespaceIn);
}

/**
 * The same question for an ES module root (brace-expansion 4 is `export default function
 * expandTop`; its 5.0 rewrite declares only a named `expand`): the file `import` loads, when it
 * default-exports a function or class; null when it does not, or when that cannot be told.
 */
export async function esModuleCallableDefault(root: RootFiles, shape: ManifestShape): Promise<string | null> {
  const candidates = shape.rootImportModule === null ? [] : rootFileCandidates(shape.rootImportModule);
  return rootFileWhere(root, candidates, 'module', callableDefaultIn);
}

/** Names a CommonJS root may set that are no part of what a caller reads by name. */
const NOT_AN_EXPORT_NAME = new Set(['__esModule', 'default']);
/** More names than this and the set is not compared (a generated file, or a hostile one). */
export const MAX_COMMONJS_EXPORT_NAMES = 5_000;

/** `exports` or `module.exports`: the object `require()` returns unless it is replaced. */
function isExportsObject(node: unknown): boolean {
  const value = node as Node | null;
  return (value?.type === 'Identifier' && (value as unknown as { name: string }).name === 'exports') || isMemberOf(value, 'module', 'exports');
}

/** The name `exports.X` / `module.exports.X` writes, or null for any other target. */
function exportsMemberName(node: unknown): string | null {
  const member = node as Node | null;
  if (member?.type !== 'MemberExpression' || member['computed'] === true || !isExportsObject(member['object'])) return null;
  return (member['property'] as { name?: string } | undefined)?.name ?? null;
}

/** The keys of `{ a, b: c, d() {} }`, or null when a key is computed or a spread adds unknown ones. */
function objectLiteralKeys(node: Node): string[] | null {
  const keys: string[] = [];
  for (const property of (node['properties'] as Node[] | undefined) ?? []) {
    if ((property.type !== 'ObjectProperty' && property.type !== 'ObjectMethod') || property['computed'] === true) return null;
    const key = property['key'] as { type?: string; name?: string; value?: unknown };
    if (key.type === 'Identifier' && key.name !== undefined) keys.push(key.name);
    else if (key.type === 'StringLiteral' && typeof key.value === 'string') keys.push(key.value);
    else return null;
  }
  return keys;
}

/** Keys that give an object inherited names (`{ __proto__: base }`) or define them by call. */
const PROTOTYPE_KEYS = new Set(['__proto__', '__defineGetter__', '__defineSetter__']);

/**
 * The names a CommonJS file gives the object `require()` returns, when its top level states them
 * all: `module.exports = { a, b }` (the last such assignment), `exports.a = …`,
 * `module.exports.a = …` and `Object.defineProperty(exports, 'a', …)` — the shapes hand-written
 * code and TypeScript's output use. Null when that cannot be told from the text alone: a spread, a
 * computed or `__proto__` key, `module.exports` set to anything but an object literal, `exports`
 * written after `module.exports` was replaced (it then names an object `require()` no longer
 * returns), a top-level `return`, or any use of `exports`, `module` or the top-level `this` that
 * escapes the allow-list of exportsEscapes (`__exportStar(require('./x'), exports)`,
 * `cond ? exports : this`, `this.b = 2`, `({ b: exports.b } = impl)`…), which may add names no
 * reading of this file sees. An empty set is null too: there is nothing to compare. The file is
 * parsed, never run.
 */
export function commonJsExportNames(source: string): Set<string> | null {
  return exportNamesIn(parseProgram(source, 'script'));
}

function exportNamesIn(program: ParsedProgram | null): Set<string> | null {
  if (program === null) return null;
  const { body } = program;
  const names = new Set<string>();
  // The assignment and call nodes read here; any other write to `exports` makes the set unknown.
  const stated = new Set<unknown>();
  // Whether the `exports` binding is still the object `require()` returns.
  let exportsIsRoot = true;
  for (const statement of body) {
    if (statement.type === 'ReturnStatement') return null;
    if (statement.type !== 'ExpressionStatement') continue;
    let expression = statement['expression'] as Node;
    if (expression.type === 'CallExpression' && isMemberOf(expression['callee'], 'Object', 'defineProperty')) {
      const [target, key] = (expression['arguments'] as Node[] | undefined) ?? [];
      if (isExportsObject(target) && key?.type === 'StringLiteral') {
        if (!exportsIsRoot && !isMemberOf(target, 'module', 'exports')) return null;
        names.add((key as unknown as { value: string }).value);
        stated.add(expression);
      }
      continue;
    }
    // `exports.b = exports.a = void 0` (TypeScript's header) and `module.exports = exports = {…}`:
    // every target of the chain gets the innermost value.
    const targets: Node[] = [];
    const assignments: Node[] = [];
    while (expression.type === 'AssignmentExpression' && expression['operator'] === '=') {
      targets.push(expression['left'] as Node);
      assignments.push(expression);
      expression = expression['right'] as Node;
    }
    const memberNames = targets.map(exportsMemberName);
    const replacesRoot = targets.some((target) => isMemberOf(target, 'module', 'exports'));
    if (!replacesRoot && memberNames.some((name) => name === null)) {
      // `exports = {…}` alone rebinds a local name, and later `exports.a = …` writes to that
      // object, not to what `require()` returns; any other target is no export at all.
      if (targets.some(isExportsObject)) return null;
      continue;
    }
    if (replacesRoot) {
      const keys = expression.type === 'ObjectExpression' ? objectLiteralKeys(expression) : null;
      if (keys === null || memberNames.some((name) => name !== null)) return null;
      names.clear();
      for (const key of keys) names.add(key);
      // `module.exports = exports = {…}` keeps the two together; `module.exports = {…}` alone does not.
      exportsIsRoot = targets.some((target) => target.type === 'Identifier' && (target as unknown as { name: string }).name === 'exports');
    } else {
      const throughBinding = targets.some((target) => !isMemberOf((target['object'] as Node | undefined) ?? null, 'module', 'exports'));
      if (!exportsIsRoot && throughBinding) return null;
      for (const name of memberNames) names.add(name!);
    }
    for (const assignment of assignments) stated.add(assignment);
    if (names.size > MAX_COMMONJS_EXPORT_NAMES) return null;
  }
  if ([...names].some((name) => PROTOTYPE_KEYS.has(name)) || exportsEscapes(program, stated)) return null;
  for (const name of NOT_AN_EXPORT_NAME) names.delete(name);
  return names.size === 0 ? null : names;
}

const FUNCTION_NODES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ObjectMethod', 'ClassMethod', 'ClassPrivateMethod']);

interface Visit {
  node: unknown;
  parent: Node | null;
  key: string;
  /** Inside a non-arrow function: `this` is not the module's there. */
  inFunction: boolean;
}

/** An identifier in a position that names a property, not a variable (`a.exports`, `{ exports: 1 }`). */
function isPropertyName(parent: Node | null, key: string): boolean {
  if (parent === null || parent['computed'] === true) return false;
  return (key === 'property' && (parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression')) || (key === 'key' && parent.type !== 'VariableDeclarator');
}

/** A member expression in a position that writes it: assignment, update, delete, pattern or loop target. */
function isWritePosition(parent: Node | null, key: string, stated: ReadonlySet<unknown>): boolean {
  if (parent === null) return false;
  if (parent.type === 'AssignmentExpression') return key === 'left' && !stated.has(parent);
  if (parent.type === 'UnaryExpression') return parent['operator'] === 'delete';
  return (
    parent.type === 'UpdateExpression' ||
    parent.type === 'ArrayPattern' ||
    parent.type === 'ObjectProperty' ||
    parent.type === 'AssignmentPattern' ||
    parent.type === 'RestElement' ||
    ((parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && key === 'left')
  );
}

/**
 * Whether the file uses `exports`, `module` or its top-level `this` (which is `module.exports`)
 * in any way but the ones that cannot add or hide a name, an allow-list:
 * - `exports` and `module.exports` as the object of a plain member (`exports.a`, read, or written
 *   by a `stated` top-level statement; a call of one of its methods only inside a function), as
 *   a `stated` target or `defineProperty` argument, or under `typeof`;
 * - `module` as the object of a plain member (`module.exports`, `module.id`), under `typeof`, or
 *   compared (`require.main === module`), and `require.main` compared too;
 * - the top-level `this` anywhere but as a written member's object, a call argument or a value
 *   bound to a name (TypeScript's `this && this.__importDefault` reads it).
 * Everything else (`cond ? exports : this`, `var e = exports || {}`, `(0, exports)`,
 * `({ b: exports.b } = impl)`, `module['exports']`, `fn(module)`, a `var exports` or a parameter
 * of that name, `exports.__proto__`, a direct `eval`, the top-level `arguments`, `require.cache`)
 * makes the names unknown.
 */
function exportsEscapes(program: ParsedProgram, stated: ReadonlySet<unknown>): boolean {
  const pending: Visit[] = [{ node: statementsMentioning(program, ['exports', 'module', 'this', 'eval', 'arguments', 'require']), parent: null, key: '', inFunction: false }];
  while (pending.length > 0) {
    const { node, parent, key, inFunction } = pending.pop()!;
    if (Array.isArray(node)) {
      for (const child of node as unknown[]) pending.push({ node: child, parent, key, inFunction });
      continue;
    }
    if (typeof node !== 'object' || node === null || typeof (node as Node).type !== 'string') continue;
    const current = node as Node;
    if (current.type === 'AssignmentExpression' && !stated.has(current)) {
      const target = current['left'] as Node;
      if (isExportsObject(target) || (target.type === 'MemberExpression' && isExportsObject(target['object']))) return true;
    }
    const referenceName = current.type === 'Identifier' && !isPropertyName(parent, key) ? (current as unknown as { name: string }).name : null;
    if ((referenceName === 'exports' || isMemberOf(current, 'module', 'exports')) && !allowedExportsPosition(parent, key, stated)) return true;
    if (referenceName === 'module' && !allowedModulePosition(parent, key)) return true;
    // Ways to reach the module object without naming it (review 23): a direct `eval`, the module
    // wrapper's own `arguments` (`arguments[0]` is `exports`), and `require.cache`/`require.main`.
    if (referenceName === 'eval' || (referenceName === 'arguments' && !inFunction)) return true;
    if (current.type === 'MemberExpression' && isRequireCacheOrMain(current) && !isComparedOnly(current, parent)) return true;
    if (current.type === 'ThisExpression' && !inFunction && thisEscapes(parent, key, stated)) return true;
    if (current.type === 'MemberExpression' || current.type === 'OptionalMemberExpression') {
      const object = current['object'] as Node | undefined;
      const property = (current['property'] as { name?: string } | undefined) ?? {};
      if (isExportsObject(object)) {
        if (current['computed'] === true || PROTOTYPE_KEYS.has(property.name ?? '') || isWritePosition(parent, key, stated)) return true;
        // A method of the exports object called at load time may write to `this`.
        if (!inFunction && parent?.type === 'CallExpression' && key === 'callee') return true;
      }
      // `this.b = 2` at the top level writes to `module.exports`.
      if (object?.type === 'ThisExpression' && !inFunction && (current['computed'] === true || isWritePosition(parent, key, new Set()))) return true;
    }
    const entersFunction = inFunction || FUNCTION_NODES.has(current.type);
    for (const [childKey, child] of codeChildren(current)) pending.push({ node: child, parent: current, key: childKey, inFunction: entersFunction });
  }
  return false;
}

/** `require.cache`, `require.main` or `require[…]`: module objects, this one among them. */
function isRequireCacheOrMain(member: Node): boolean {
  const object = member['object'] as Node | undefined;
  if (object?.type !== 'Identifier' || (object as unknown as { name: string }).name !== 'require') return false;
  const property = (member['property'] as { name?: string } | undefined)?.name;
  return member['computed'] === true || property === 'cache' || property === 'main';
}

/** `a === b`, `a !== b`, `a == b`, `a != b`: both sides are read, neither handed on. */
function isEquality(node: Node | null): boolean {
  return node?.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(node['operator'] as string);
}

/** `require.main === module` (the common "run as a script" test): compared, never written through. */
function isComparedOnly(member: Node, parent: Node | null): boolean {
  const property = (member['property'] as { name?: string } | undefined)?.name;
  return member['computed'] !== true && property === 'main' && isEquality(parent);
}

/** `exports` or `module.exports` where the allow-list of exportsEscapes accepts it. */
function allowedExportsPosition(parent: Node | null, key: string, stated: ReadonlySet<unknown>): boolean {
  if (parent === null) return false;
  if (parent.type === 'UnaryExpression' && parent['operator'] === 'typeof') return true;
  // Its members are checked as members: computed, written or called.
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && key === 'object') return true;
  if (parent.type === 'AssignmentExpression' && key === 'left') return stated.has(parent);
  if (parent.type === 'CallExpression' && key === 'arguments') return stated.has(parent);
  return false;
}

/**
 * `module` where the allow-list of exportsEscapes accepts it: a plain member (`module.exports`,
 * `module.id`), `typeof`, or one side of an equality (`require.main === module`).
 */
function allowedModulePosition(parent: Node | null, key: string): boolean {
  if (parent === null) return false;
  if (parent.type === 'UnaryExpression' && parent['operator'] === 'typeof') return true;
  if (isEquality(parent)) return true;
  return (parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && key === 'object' && parent['computed'] !== true;
}

/** The module's own `this` (it is `module.exports`) written through, handed to a call or bound to a name. */
function thisEscapes(parent: Node | null, key: string, stated: ReadonlySet<unknown>): boolean {
  if (parent === null) return false;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && key === 'object') return parent['computed'] === true;
  return (
    (parent.type === 'CallExpression' && key === 'arguments') ||
    (parent.type === 'NewExpression' && key === 'arguments') ||
    (parent.type === 'VariableDeclarator' && key === 'init') ||
    (parent.type === 'AssignmentExpression' && (key === 'right' || !stated.has(parent))) ||
    parent.type === 'ConditionalExpression' ||
    parent.type === 'SequenceExpression' ||
    parent.type === 'ArrayExpression' ||
    parent.type === 'ObjectProperty' ||
    parent.type === 'ReturnStatement'
  );
}

/** The root file `require()` loads and the names it states (commonJsExportNames), or null. */
export async function commonJsRootExportNames(root: RootFiles, shape: ManifestShape): Promise<{ file: string; names: Set<string> } | null> {
  if (shape.rootRequirable !== true || shape.rootRequireFile === null) return null;
  const found = await root.first(rootFileCandidates(shape.rootRequireFile), 'for its CommonJS root file');
  const names = found === null ? null : exportNamesIn(root.program(found, 'script'));
  return names === null ? null : { file: found!.file, names };
}
