/**
 * Reading whether a CommonJS package's root is itself a function or class, by parsing (never
 * running) its root file: what an older version without type declarations offers callers.
 */
import { describe, expect, it } from 'vitest';
import {
  assignsCallableToModuleExports,
  assignsSingleValueToModuleExports,
  commonJsCallableRoot,
  commonJsExportNames,
  commonJsNamespaceRoot,
  commonJsRootExportNames,
  commonJsSingleValueRoot,
  defaultExportsCallable,
  esModuleCallableDefault,
  isCompiledEsModuleNamespace,
  rootFileCandidates,
  rootFilesOf,
} from '../../src/ecosystems/npm/commonjs-root-export.js';
import { manifestShapeOf } from '../../src/ecosystems/npm/manifest-shape.js';
import { npmTarballOf, npmTarballOfEntries } from './tarball-builder.js';

describe('assignsCallableToModuleExports', () => {
  it.each([
    ['a function expression', 'module.exports = function chownr () {}'],
    ['an arrow function', 'module.exports = (a) => a'],
    ['a class expression', 'module.exports = class Yallist {}'],
    ['a function declaration by name', 'function chownr () {}\nchownr.sync = function () {}\nmodule.exports = chownr'],
    ['a class declaration by name', "'use strict'\nclass Yallist {}\nmodule.exports = Yallist"],
    ['a const bound to an arrow', 'const decamelize = (text) => text\nmodule.exports = decamelize'],
  ])('true for %s', (_label, source) => {
    expect(assignsCallableToModuleExports(source)).toBe(true);
  });

  it.each([
    ['an object of helpers', 'module.exports = { a () {}, b () {} }'],
    ['a name bound to an object', 'const api = { a () {} }\nmodule.exports = api'],
    ['named members only', 'exports.a = function () {}\nmodule.exports.b = 1'],
    ['an assignment inside a block', 'if (process.env.X) { module.exports = function () {} }'],
    ['a computed member', "module['exports'] = function () {}"],
    ['text that does not parse', 'module.exports = function ('],
    ['an ES module', 'export default function () {}'],
  ])('false for %s', (_label, source) => {
    expect(assignsCallableToModuleExports(source)).toBe(false);
  });
});

describe('commonJsCallableRoot', () => {
  it('reads the file main names (with Node\'s .js and /index.js), and nothing for exports maps or ES modules', async () => {
    expect(rootFileCandidates('./lib/yallist')).toEqual(['lib/yallist', 'lib/yallist.js', 'lib/yallist/index.js']);
    expect(rootFileCandidates(null)).toEqual(['index.js']);
    expect(rootFileCandidates('./dist/index.mjs')).toEqual(['dist/index.mjs']);
    expect(rootFileCandidates('../outside.js')).toEqual([]);
    const tarball = npmTarballOf({ 'lib/yallist.js': 'module.exports = Yallist\nfunction Yallist () {}', 'package.json': '{}' });
    expect(await commonJsCallableRoot(rootFilesOf(tarball, 'yallist@4.0.0'), manifestShapeOf({ name: 'yallist', main: './lib/yallist' }))).toBe('lib/yallist.js');
    expect(await commonJsCallableRoot(rootFilesOf(tarball, 'yallist@4.0.0'), manifestShapeOf({ name: 'yallist', main: './lib/missing.js' }))).toBeNull();
    expect(await commonJsCallableRoot(rootFilesOf(tarball, 'yallist@4.0.0'), manifestShapeOf({ name: 'yallist', main: './lib/yallist.js', exports: { '.': './lib/yallist.js' } }))).toBeNull();
    expect(await commonJsCallableRoot(rootFilesOf(tarball, 'yallist@4.0.0'), manifestShapeOf({ name: 'yallist', type: 'module', main: './lib/yallist.js' }))).toBeNull();
  });
});

describe('defaultExportsCallable and esModuleCallableDefault (ES module roots: brace-expansion 4)', () => {
  it.each([
    ['a default function declaration', 'export default function expandTop (str) { return [str] }'],
    ['a default class', 'export default class Queue {}'],
    ['a default arrow', 'export default (a) => a'],
    ['a default name bound to a function', 'const expand = function () {}\nexport default expand'],
  ])('true for %s', (_label, source) => {
    expect(defaultExportsCallable(source)).toBe(true);
  });

  it.each([
    ['an object of helpers', 'export default { a () {}, b () {} }'],
    ['named exports only', 'export function expand () {}'],
    ['CommonJS', 'module.exports = function () {}'],
    ['text that does not parse', 'export default function ('],
  ])('false for %s', (_label, source) => {
    expect(defaultExportsCallable(source)).toBe(false);
  });

  it('reads the file `import` loads: the exports target, or main under "type": "module"', async () => {
    const tarball = npmTarballOf({ 'index.js': 'export default function expandTop () {}', 'package.json': '{}' });
    expect(await esModuleCallableDefault(rootFilesOf(tarball, 'brace-expansion@4.0.1'), manifestShapeOf({ name: 'brace-expansion', type: 'module', exports: './index.js' }))).toBe('index.js');
    expect(await esModuleCallableDefault(rootFilesOf(tarball, 'brace-expansion@4.0.1'), manifestShapeOf({ name: 'brace-expansion', type: 'module', main: 'index.js' }))).toBe('index.js');
    // A CommonJS root imports as CommonJS: not this question.
    expect(await esModuleCallableDefault(rootFilesOf(tarball, 'brace-expansion@4.0.1'), manifestShapeOf({ name: 'brace-expansion', main: 'index.js' }))).toBeNull();
  });
});

describe('assignsSingleValueToModuleExports and isCompiledEsModuleNamespace (axios-retry 3 → 4)', () => {
  it.each([
    ['a function by name', 'function retry () {}\nmodule.exports = retry'],
    ['a compiled default, through a binding (axios-retry 3.9.1)', "const axiosRetry = require('./lib/cjs/index').default;\n\nmodule.exports = axiosRetry;\nmodule.exports.default = axiosRetry;"],
    ['a compiled default, directly', "module.exports = require('./lib').default"],
    ['a chained assignment (image-size 1)', 'function imageSize () {}\nmodule.exports = exports = imageSize'],
  ])('a single value: %s', (_label, source) => {
    expect(assignsSingleValueToModuleExports(source)).toBe(true);
  });

  it.each([
    ['an object of helpers', 'module.exports = { a: 1, b: 2 }'],
    ['a whole required module (its members may live on)', "module.exports = require('./lib/detect-port')"],
    ['a call result', 'module.exports = createDefu()'],
    ['an assignment inside a block', 'if (x) { module.exports = function () {} }'],
    ['a computed default', "module.exports = require('./lib')['default']"],
    ['a function replaced by an object later (the last assignment decides)', 'module.exports = function () {};\nmodule.exports = { a: 1 };'],
    ['a value also set inside a condition', "function f () {}\nmodule.exports = f;\nif (typeof window === 'undefined') { module.exports = {}; }"],
    ['text that does not parse', 'module.exports = ('],
  ])('no single value: %s', (_label, source) => {
    expect(assignsSingleValueToModuleExports(source)).toBe(false);
  });

  it.each([
    ['TypeScript output', '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.isNetworkError = isNetworkError;\nexports.default = axiosRetry;'],
    ['Babel output', '"use strict";\nexports.__esModule = true;\nexports.default = void 0;'],
    ["esbuild output", 'var src_exports = {};\n__export(src_exports, { default: () => f });\nmodule.exports = __toCommonJS(src_exports);'],
  ])('a compiled namespace: %s', (_label, source) => {
    expect(isCompiledEsModuleNamespace(source)).toBe(true);
  });

  it.each([
    ['plain CommonJS', 'module.exports = function () {}'],
    ['a namespace marker with module.exports kept callable (add-module-exports)', 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = f;\nmodule.exports = exports.default;\nmodule.exports.default = exports.default;'],
    ['named exports without the marker', 'exports.a = 1;'],
    ['a marker on another object', 'Object.defineProperty(module, "__esModule", { value: true });'],
    ['esbuild output with a footer that keeps the default (review 19)', 'var __toCommonJS = (m) => m;\nvar s = {};\nmodule.exports = __toCommonJS(s);\nmodule.exports = module.exports.default;'],
    ['esbuild output with an Object.assign footer', 'module.exports = __toCommonJS(s);\nmodule.exports = Object.assign(module.exports.default, module.exports);'],
    ["tsup's cjsInterop footer", 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = f;\nmodule.exports = exports.default;'],
    ['a marker, and the function assigned inside a condition', 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = foo;\nif (typeof module !== "undefined") { module.exports = foo; }'],
    ['a marker, and module.exports defined as a property', 'Object.defineProperty(exports, "__esModule", { value: true });\nObject.defineProperty(module, "exports", { value: foo });'],
    // Statements without the word `module` are not walked, unless an escape could spell it.
    ['a marker, and the function assigned through an escaped name', 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = foo;\nif (x) { \\u006dodule.exports = foo; }'],
  ])('not a compiled namespace: %s', (_label, source) => {
    expect(isCompiledEsModuleNamespace(source)).toBe(false);
  });

  it('finds the root through main or the exports map, and nothing when the root does not load with require()', async () => {
    const dual = manifestShapeOf({ name: 'axios-retry', main: 'dist/cjs/index.js', exports: { '.': { import: { default: './dist/esm/index.js' }, require: { default: './dist/cjs/index.js' } } } });
    const namespace = npmTarballOf({ 'dist/cjs/index.js': 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = f;', 'dist/esm/index.js': 'export default f' });
    expect(await commonJsNamespaceRoot(rootFilesOf(namespace, 'axios-retry@4.0.0'), dual)).toBe('dist/cjs/index.js');
    expect(await commonJsSingleValueRoot(rootFilesOf(namespace, 'axios-retry@4.0.0'), dual)).toBeNull();
    const shim = manifestShapeOf({ name: 'axios-retry', main: 'index.js', exports: { '.': { import: './lib/esm/index.js', require: './index.js' } } });
    const shimTarball = npmTarballOf({ 'index.js': "const axiosRetry = require('./lib/cjs/index').default;\nmodule.exports = axiosRetry;" });
    expect(await commonJsSingleValueRoot(rootFilesOf(shimTarball, 'axios-retry@3.9.1'), shim)).toBe('index.js');
    const esmOnly = manifestShapeOf({ name: 'x', type: 'module', exports: './index.js' });
    expect(await commonJsSingleValueRoot(rootFilesOf(npmTarballOf({ 'index.js': 'module.exports = function () {}' }), 'x@1.0.0'), esmOnly)).toBeNull();
  });
});

describe('rootFilesOf', () => {
  it('reads each root file from the tarball once and parses it once, however many checks ask', async () => {
    let loads = 0;
    const tarball = npmTarballOf({ 'index.js': 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.a = 1;' });
    const root = rootFilesOf(async () => ((loads += 1), tarball), 'x@1.0.0');
    const shape = manifestShapeOf({ name: 'x', main: 'index.js' });
    expect(loads).toBe(0);
    expect(await commonJsNamespaceRoot(root, shape)).toBe('index.js');
    expect(await commonJsRootExportNames(root, shape)).toEqual({ file: 'index.js', names: new Set(['a']) });
    expect(await commonJsSingleValueRoot(root, shape)).toBeNull();
    expect(loads).toBe(1);
    const file = await root.first(['index.js'], 'for its CommonJS root file');
    expect(root.program(file!, 'script')).toBe(root.program(file!, 'script'));
  });

  it('parses the copy each check read: a path the tarball holds twice is two files (review 23)', async () => {
    // The early scan of `lib/index.js` stops at the first copy; the scan for `lib`'s candidates reads to the end, the last.
    const tarball = npmTarballOfEntries([
      { path: 'lib/index.js', content: 'module.exports = function first() {}' },
      { path: 'lib/index.js', content: 'Object.defineProperty(exports, "__esModule", { value: true });\nexports.default = f;' },
    ]);
    const root = rootFilesOf(tarball, 'x@1.0.0');
    expect(await commonJsSingleValueRoot(root, manifestShapeOf({ name: 'x', main: 'lib/index.js' }))).toBe('lib/index.js');
    expect(await commonJsNamespaceRoot(root, manifestShapeOf({ name: 'x', main: 'lib' }))).toBe('lib/index.js');
  });

  it('gives the same read failure to every check when the tarball cannot be read', async () => {
    const root = rootFilesOf(Buffer.from('not a tarball at all'), 'x@1.0.0');
    const shape = manifestShapeOf({ name: 'x', main: 'index.js' });
    await expect(commonJsNamespaceRoot(root, shape)).rejects.toThrow(/x@1\.0\.0/);
    await expect(commonJsRootExportNames(root, shape)).rejects.toThrow(/x@1\.0\.0/);
  });
});

describe('commonJsExportNames (mnemonist 0.39 → 0.40 renames its `Set` export `set`)', () => {
  it.each([
    ['an object literal', "module.exports = { Set: require('./set.js'), 'BitSet': require('./bit-set.js'), make() {}, other }", ['Set', 'BitSet', 'make', 'other']],
    ['members of exports and module.exports', "exports.parse = parse\nmodule.exports.format = function () {}\nexports.__esModule = true", ['parse', 'format']],
    ['TypeScript output', '"use strict";\nvar __importDefault = (this && this.__importDefault) || function (mod) { return mod && mod.__esModule ? mod : { default: mod }; };\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.b = exports.a = void 0;\nObject.defineProperty(exports, "c", { enumerable: true, get: function () { return c_1.c; } });\nexports.a = 1;\nexports.b = 2;', ['b', 'a', 'c']],
    ['the last object literal, then members added to it', 'module.exports = { old: 1 }\nmodule.exports = exports = { fresh: 1 }\nmodule.exports.extra = 2', ['fresh', 'extra']],
    ['reads of exports inside functions', 'exports.a = function () { return exports.b() }\nexports.b = () => 1', ['a', 'b']],
    ["a function's own arguments and require.resolve", 'exports.a = function () { return arguments[0] }\nexports.b = require.resolve("./b")', ['a', 'b']],
    ['the "run as a script" test', 'exports.a = 1\nif (require.main === module) { main() }', ['a']],
  ])('names %s', (_label, source, names) => {
    expect([...(commonJsExportNames(source) ?? [])]).toEqual(names);
  });

  it.each([
    ['a spread', 'module.exports = { ...require("./a"), b: 1 }'],
    ['a computed key', 'module.exports = { [name]: 1 }'],
    ['a re-export helper', 'Object.defineProperty(exports, "__esModule", { value: true });\n__exportStar(require("./x"), exports);\nexports.a = 1;'],
    ['Object.assign onto module.exports', 'Object.assign(module.exports, require("./x"))\nexports.a = 1'],
    ['a write inside a function', 'exports.a = 1\nfunction add() { exports.b = 2 }'],
    ['a computed write', 'exports.a = 1\nfor (const k of keys) exports[k] = k'],
    ['an alias of module.exports', 'var api = module.exports\napi.a = 1\nexports.b = 2'],
    ['a root that is another module', 'module.exports = require("./lib")'],
    ['a UMD wrapper', '(function (root, factory) { if (typeof exports === "object") module.exports = factory(); })(this, function () { return { a: 1 } })'],
    ['a root that is a function', 'module.exports = function () {}'],
    ['no names at all', '"use strict";'],
    ['text that does not parse', 'module.exports = {'],
    // Review 22: every way of handing `exports`, `module` or the top-level `this` on that a deny-list missed.
    ['a conditional hand-off', 'exports.a = 1\nvar root = typeof exports === "object" ? exports : window\nroot.b = 2'],
    ['a fallback object', 'exports.a = 1\nvar e = exports || {}\ne.b = 2'],
    ['a destructuring write', 'exports.a = 1\n;({ b: exports.b } = require("./impl"))'],
    ['a loop target', 'exports.a = 1\nfor (exports.b in source);'],
    ['a write through the top-level this', 'exports.a = 1\nthis.b = 2'],
    ['a method called at load time', 'exports.a = 1\nexports.init = function () { this.b = 2 }\nexports.init()'],
    ['module handed on', 'exports.a = 1\n;(function (m) { m.exports.b = 2 })(module)'],
    ['a computed module member', 'exports.a = 1\nmodule["exports"].b = 2'],
    ['an inherited base', 'module.exports = { __proto__: require("./base"), a: 1 }'],
    ['a prototype set on exports', 'exports.a = 1\nexports.__proto__ = require("./base")'],
    ['exports written after module.exports was replaced', 'module.exports = { a: 1 }\nexports.helper = 2'],
    ['a deleted member', 'exports.a = 1\nexports.b = 2\ndelete exports.b'],
    ['a variable named exports', 'var exports = {}\nexports.a = 1'],
    ['a top-level return', 'exports.a = 1\nreturn\nexports.b = 2'],
    ['exports handed on through an escaped name', 'exports.a = 1\nregister(\\u0065xports)'],
    // Review 23: the module object reached without its name.
    ['the module wrapper\'s arguments', 'exports.a = 1\narguments[0].b = 2'],
    ['the wrapper\'s arguments inside an arrow', 'exports.a = 1\n;(() => { arguments[0].b = 2 })()'],
    ['a direct eval', 'exports.a = 1\neval("exports.b = 2")'],
    ['require.cache', 'exports.a = 1\nrequire.cache[__filename].exports.b = 2'],
    ['require.main', 'exports.a = 1\nrequire.main.exports.b = 2'],
  ])('null for %s', (_label, source) => {
    expect(commonJsExportNames(source)).toBeNull();
  });

  it('walks only the statements that name exports, module or this, and still sees a hand-off in a long file', () => {
    const filler = Array.from({ length: 2_000 }, (_, index) => `function helper${index}(a) { return a + ${index} }`).join('\n');
    expect([...(commonJsExportNames(`exports.a = 1\n${filler}\nexports.b = helper1`) ?? [])]).toEqual(['a', 'b']);
    expect(commonJsExportNames(`exports.a = 1\n${filler}\nregister(exports)`)).toBeNull();
  });

  it('reads the root file require() loads, and nothing for an ES-only root', async () => {
    const tarball = npmTarballOf({ 'lib/index.js': 'module.exports = { a: 1, b: 2 }' });
    expect(await commonJsRootExportNames(rootFilesOf(tarball, 'x@1.0.0'), manifestShapeOf({ name: 'x', main: 'lib' }))).toEqual({ file: 'lib/index.js', names: new Set(['a', 'b']) });
    expect(await commonJsRootExportNames(rootFilesOf(tarball, 'x@1.0.0'), manifestShapeOf({ name: 'x', type: 'module', exports: './lib/index.js' }))).toBeNull();
  });
});
