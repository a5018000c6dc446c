/**
 * Reading whether a CommonJS package's root is itself a function or class, by parsing (never
 * running) its root file: what an older version without type declarations offers callers.
 */
import { describe, expect, it } from 'vitest';
import { assignsCallableToModuleExports, commonJsCallableRoot, defaultExportsCallable, esModuleCallableDefault, rootFileCandidates } from '../../src/ecosystems/npm/commonjs-root-export.js';
import { manifestShapeOf } from '../../src/ecosystems/npm/manifest-shape.js';
import { npmTarballOf } from './tarball-builder.js';

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
    expect(await commonJsCallableRoot(tarball, manifestShapeOf({ name: 'yallist', main: './lib/yallist' }), 'yallist@4.0.0')).toBe('lib/yallist.js');
    expect(await commonJsCallableRoot(tarball, manifestShapeOf({ name: 'yallist', main: './lib/missing.js' }), 'yallist@4.0.0')).toBeNull();
    expect(await commonJsCallableRoot(tarball, manifestShapeOf({ name: 'yallist', main: './lib/yallist.js', exports: { '.': './lib/yallist.js' } }), 'yallist@4.0.0')).toBeNull();
    expect(await commonJsCallableRoot(tarball, manifestShapeOf({ name: 'yallist', type: 'module', main: './lib/yallist.js' }), 'yallist@4.0.0')).toBeNull();
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
    expect(await esModuleCallableDefault(tarball, manifestShapeOf({ name: 'brace-expansion', type: 'module', exports: './index.js' }), 'brace-expansion@4.0.1')).toBe('index.js');
    expect(await esModuleCallableDefault(tarball, manifestShapeOf({ name: 'brace-expansion', type: 'module', main: 'index.js' }), 'brace-expansion@4.0.1')).toBe('index.js');
    // A CommonJS root imports as CommonJS: not this question.
    expect(await esModuleCallableDefault(tarball, manifestShapeOf({ name: 'brace-expansion', main: 'index.js' }), 'brace-expansion@4.0.1')).toBeNull();
  });
});
