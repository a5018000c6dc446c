/**
 * API-surface evidence: removed values and removed type-only names are separate items, because
 * they mean different things to callers (a runtime break against a failed type check), and the
 * extractive analyzer rates them apart. Tarballs are built in memory.
 */
import { describe, expect, it } from 'vitest';
import { apiSurfaceEvidence, isTypeOnlyRemoval, removedExportNames, removedRootCall, removedSubpathNames } from '../../src/evidence/api-surface-evidence.js';
import { manifestShapeOf } from '../../src/ecosystems/npm/manifest-shape.js';
import type { RegistryFacts } from '../../src/ecosystems/types.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';

const MANIFEST = { name: 'lib', main: 'index.js', types: 'index.d.ts' };

/** Only the fields apiSurfaceEvidence reads; the rest of RegistryFacts plays no part here. */
function factsOf(from: string, to: string): RegistryFacts {
  return {
    packagePageUrl: 'https://www.npmjs.com/package/lib',
    from: { version: from, shape: manifestShapeOf(MANIFEST) },
    to: { version: to, shape: manifestShapeOf(MANIFEST) },
  } as unknown as RegistryFacts;
}

async function evidenceFor(fromDeclarations: string, toDeclarations: string) {
  return apiSurfaceEvidence({
    packageName: 'lib',
    packageId: 'npm:lib',
    facts: factsOf('1.0.0', '1.1.0'),
    from: '1.0.0',
    to: '1.1.0',
    tarballs: { from: () => Promise.resolve(npmTarballOf({ 'index.js': '', 'index.d.ts': fromDeclarations })), to: npmTarballOf({ 'index.js': '', 'index.d.ts': toDeclarations }) },
  });
}

describe('apiSurfaceEvidence', () => {
  it('writes removed values and removed type-only names as two items, each listing its names', async () => {
    const { evidence, missing } = await evidenceFor(
      'export declare function make(): void;\nexport declare function gone(): void;\nexport interface Options {}\nexport type Mode = "a";',
      'export declare function make(): void;',
    );
    expect(missing).toEqual([]);
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/1.0.0..1.1.0/removed-exports', 'api-surface/1.0.0..1.1.0/removed-types']);
    const [values, types] = evidence;
    expect(values!.content).toContain('no longer export 1 name(s)');
    expect(values!.content).toContain('likely gone at runtime too');
    expect(types!.content).toContain('no longer export 2 type-only name(s)');
    expect(types!.content).toContain('nothing changes at runtime');
    expect(removedExportNames(values!)).toEqual(['gone']);
    expect(removedExportNames(types!)).toEqual(['Mode', 'Options']);
    expect(evidence.map(isTypeOnlyRemoval)).toEqual([false, true]);
  });

  it('a release that removes only types has no value-removal item (regexparam 1.3.0 drops `RouteParsed`)', async () => {
    const { evidence } = await evidenceFor(
      'export interface RouteParsed { keys: Array<string>, pattern: RegExp }\ndeclare const regexparam: (route: string, loose?: boolean) => RouteParsed;\nexport default regexparam;',
      'declare const regexparam: (route: string, loose?: boolean) => { keys: Array<string>, pattern: RegExp };\nexport default regexparam;',
    );
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/1.0.0..1.1.0/removed-types']);
    expect(removedExportNames(evidence[0]!)).toEqual(['RouteParsed']);
  });

  describe('a package that names no types in its manifest', () => {
    // tempy 3.0.0: `"exports": "./index.js"`, index.d.ts beside it, no `types` field.
    const UNTYPED = { name: 'lib', exports: './index.js' };
    const untypedFacts = { packagePageUrl: 'https://www.npmjs.com/package/lib', from: { version: '2.0.0', shape: manifestShapeOf(UNTYPED) }, to: { version: '3.0.0', shape: manifestShapeOf(UNTYPED) } } as unknown as RegistryFacts;

    it('is compared when the target ships declarations where TypeScript looks (tempy 3.0.0 drops its default export)', async () => {
      const { evidence } = await apiSurfaceEvidence({
        packageName: 'lib',
        packageId: 'npm:lib',
        facts: untypedFacts,
        from: '2.0.0',
        to: '3.0.0',
        tarballs: {
          from: () => Promise.resolve(npmTarballOf({ 'index.js': '', 'index.d.ts': 'declare const tempy: { file(): string };\nexport default tempy;' })),
          to: npmTarballOf({ 'index.js': '', 'index.d.ts': 'export function temporaryFile(): string;' }),
        },
      });
      expect(evidence.map((item) => item.locator)).toEqual(['api-surface/2.0.0..3.0.0/removed-exports']);
      expect(evidence[0]!.content).toContain('no longer export 1 name(s) that 2.0.0 exported (index.d.ts): the default export.');
      // Usage matching looks for names a caller writes; the default export is none.
      expect(removedExportNames(evidence[0]!)).toEqual([]);
    });

    it('is not compared, and its older tarball not fetched, when the target ships none', async () => {
      let fetched = false;
      const result = await apiSurfaceEvidence({
        packageName: 'lib',
        packageId: 'npm:lib',
        facts: untypedFacts,
        from: '2.0.0',
        to: '3.0.0',
        tarballs: {
          from: () => {
            fetched = true;
            return Promise.resolve(npmTarballOf({ 'index.js': '' }));
          },
          to: npmTarballOf({ 'index.js': '', 'lib/other.d.ts': 'export declare const x: number;' }),
        },
      });
      expect(result).toEqual({ evidence: [], missing: [] });
      expect(fetched).toBe(false);
    });
  });

  it('a CommonJS root that is itself a function, replaced by named exports only, is a removal (chownr 2 → 3, yallist 4 → 5)', async () => {
    const cjs = { name: 'chownr', main: 'chownr.js' };
    const dual = { name: 'chownr', type: 'module', main: './dist/commonjs/index.js', types: './dist/commonjs/index.d.ts', exports: { '.': { require: { types: './dist/commonjs/index.d.ts', default: './dist/commonjs/index.js' } } } };
    const facts = {
      packagePageUrl: 'https://www.npmjs.com/package/chownr',
      from: { version: '2.0.0', shape: manifestShapeOf(cjs) },
      to: { version: '3.0.0', shape: manifestShapeOf(dual) },
    } as unknown as RegistryFacts;
    const toTarball = npmTarballOf({ 'dist/commonjs/index.js': '', 'dist/commonjs/package.json': '{"type":"commonjs"}', 'dist/commonjs/index.d.ts': 'export declare const chownr: (p: string) => void;\nexport declare const chownrSync: (p: string) => void;' });
    const run = (rootSource: string) =>
      apiSurfaceEvidence({ packageName: 'chownr', packageId: 'npm:chownr', facts, from: '2.0.0', to: '3.0.0', tarballs: { from: () => Promise.resolve(npmTarballOf({ 'chownr.js': rootSource })), to: toTarball } });
    const { evidence } = await run("'use strict'\nconst chownr = (p, cb) => cb()\nchownr.sync = (p) => {}\nmodule.exports = chownr\n");
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/2.0.0..3.0.0/removed-exports']);
    expect(evidence[0]!.content).toContain("Code that calls or constructs what `require('chownr')` returns breaks");
    expect(evidence[0]!.content).toContain('its CommonJS root (chownr.js)');
    // An object of helpers is a namespace: its members may live on as named exports.
    expect((await run('module.exports = { chownr: () => {}, chownrSync: () => {} }\n')).evidence).toEqual([]);
  });

  it('a CommonJS root that returned one value and now returns a compiled namespace object is a break, with or without type declarations (axios-retry 3 → 4)', async () => {
    const shim = { name: 'axios-retry', main: 'index.js', types: './index.d.ts', exports: { '.': { types: './index.d.ts', import: './lib/esm/index.js', require: './index.js' } } };
    const compiled = { name: 'axios-retry', main: 'dist/cjs/index.js', types: 'dist/cjs/index.d.ts', exports: { '.': { require: { types: './dist/cjs/index.d.ts', default: './dist/cjs/index.js' } } } };
    const declarations = 'declare function axiosRetry(): void;\nexport declare const isNetworkError: () => boolean;\nexport default axiosRetry;';
    const namespaceRoot = '"use strict";\nObject.defineProperty(exports, "__esModule", { value: true });\nexports.isNetworkError = isNetworkError;\nexports.default = axiosRetry;';
    const fromTarball = npmTarballOf({ 'index.js': "const axiosRetry = require('./lib/cjs/index').default;\nmodule.exports = axiosRetry;\nmodule.exports.default = axiosRetry;", 'index.d.ts': declarations });
    const run = async (fromShape: object, toShape: object, toFiles: Record<string, string>) => {
      let fetched = false;
      const facts = { packagePageUrl: 'https://www.npmjs.com/package/axios-retry', from: { version: '3.9.1', shape: manifestShapeOf(fromShape as never) }, to: { version: '4.0.0', shape: manifestShapeOf(toShape as never) } } as unknown as RegistryFacts;
      const result = await apiSurfaceEvidence({
        packageName: 'axios-retry',
        packageId: 'npm:axios-retry',
        facts,
        from: '3.9.1',
        to: '4.0.0',
        tarballs: {
          from: () => {
            fetched = true;
            return Promise.resolve(fromTarball);
          },
          to: npmTarballOf(toFiles),
        },
      });
      return { ...result, fetched };
    };
    // The declarations are the same on both sides (a default export and one name): only the root file tells.
    const typed = await run(shim, compiled, { 'dist/cjs/index.js': namespaceRoot, 'dist/cjs/index.d.ts': declarations });
    expect(typed.evidence.map((item) => item.locator)).toEqual(['api-surface/3.9.1..4.0.0/require-namespace']);
    expect(typed.evidence[0]!.content).toContain("In axios-retry 3.9.1, `require('axios-retry')` returns one value: its CommonJS root (index.js)");
    expect(typed.evidence[0]!.content).toContain("its CommonJS root (dist/cjs/index.js) is an ES module compiled to CommonJS");
    expect(typed.evidence[0]!.content).toContain("the value is now `require('axios-retry').default`");
    // Without type declarations on either side the roots are still compared.
    const { types: _fromTypes, exports: _fromExports, ...untypedShim } = shim;
    const { types: _toTypes, exports: _toExports, ...untypedCompiled } = compiled;
    const untyped = await run(untypedShim, untypedCompiled, { 'dist/cjs/index.js': namespaceRoot });
    expect(untyped.evidence.map((item) => item.locator)).toEqual(['api-surface/3.9.1..4.0.0/require-namespace']);
    // A root file path that is not a plain path is publisher text: it is not quoted.
    const oddShape = { name: 'axios-retry', main: 'odd `name`.js' };
    const oddTarball = npmTarballOf({ 'odd `name`.js': 'module.exports = function axiosRetry () {}' });
    const odd = await apiSurfaceEvidence({
      packageName: 'axios-retry',
      packageId: 'npm:axios-retry',
      facts: { packagePageUrl: 'https://www.npmjs.com/package/axios-retry', from: { version: '3.9.1', shape: manifestShapeOf(oddShape as never) }, to: { version: '4.0.0', shape: manifestShapeOf(untypedCompiled as never) } } as unknown as RegistryFacts,
      from: '3.9.1',
      to: '4.0.0',
      tarballs: { from: () => Promise.resolve(oddTarball), to: npmTarballOf({ 'dist/cjs/index.js': namespaceRoot }) },
    });
    expect(odd.evidence[0]!.content).toContain("returns one value: its CommonJS root assigns it to `module.exports`");
    expect(odd.evidence[0]!.content).not.toContain('odd');
    // A target whose root still assigns module.exports is no namespace, and the older tarball is not fetched for it.
    const plain = await run(untypedShim, untypedCompiled, { 'dist/cjs/index.js': 'module.exports = function axiosRetry () {}' });
    expect(plain).toEqual({ evidence: [], missing: [], fetched: false });
  });

  it('an ES module root that default-exports a function, replaced by named exports only, is a removal (brace-expansion 4 → 5)', async () => {
    const esm = { name: 'brace-expansion', type: 'module', exports: './index.js' };
    const tshy = { name: 'brace-expansion', type: 'module', types: './dist/commonjs/index.d.ts', exports: { '.': { import: { types: './dist/esm/index.d.ts', default: './dist/esm/index.js' }, require: { types: './dist/commonjs/index.d.ts', default: './dist/commonjs/index.js' } } } };
    const facts = {
      packagePageUrl: 'https://www.npmjs.com/package/brace-expansion',
      from: { version: '4.0.1', shape: manifestShapeOf(esm) },
      to: { version: '5.0.2', shape: manifestShapeOf(tshy) },
    } as unknown as RegistryFacts;
    const declarations = 'export declare function expand(str: string): string[];\nexport declare const EXPANSION_MAX = 100000;';
    const toTarball = npmTarballOf({ 'dist/commonjs/index.js': '', 'dist/commonjs/index.d.ts': declarations, 'dist/esm/index.js': '', 'dist/esm/index.d.ts': declarations });
    const run = (rootSource: string) =>
      apiSurfaceEvidence({ packageName: 'brace-expansion', packageId: 'npm:brace-expansion', facts, from: '4.0.1', to: '5.0.2', tarballs: { from: () => Promise.resolve(npmTarballOf({ 'index.js': rootSource })), to: toTarball } });
    const { evidence } = await run('export default function expandTop (str) { return [str] }\n');
    expect(evidence.map((item) => item.title)).toEqual(['API surface — brace-expansion 4.0.1 → 5.0.2 — default export removed']);
    expect(evidence[0]!.content).toContain("its ES module root (index.js) default-exports a function or class");
    expect(evidence[0]!.content).toContain("Code that imports the default (`import x from 'brace-expansion'`) breaks");
    // Named exports only before: nothing is known to be removed.
    expect((await run('export function expand (str) { return [str] }\n')).evidence).toEqual([]);
  });

  it('declarations that omit a default the newer code still exports are no removal (review 17b: hand-written .d.ts)', async () => {
    const esm = { name: 'pkg', type: 'module', exports: './index.js', types: './index.d.ts' };
    const facts = {
      packagePageUrl: 'https://www.npmjs.com/package/pkg',
      from: { version: '1.0.0', shape: manifestShapeOf({ name: 'pkg', type: 'module', exports: './index.js' }) },
      to: { version: '1.1.0', shape: manifestShapeOf(esm) },
    } as unknown as RegistryFacts;
    const from = npmTarballOf({ 'index.js': 'export default function pkg () {}\n' });
    const to = npmTarballOf({ 'index.js': 'export default function pkg () {}\nexport const helper = 1\n', 'index.d.ts': 'export declare const helper: 1;' });
    const result = await apiSurfaceEvidence({ packageName: 'pkg', packageId: 'npm:pkg', facts, from: '1.0.0', to: '1.1.0', tarballs: { from: () => Promise.resolve(from), to } });
    expect(result.evidence).toEqual([]);
    // The CommonJS case alike: the newer root still assigns a function to module.exports.
    const cjsFacts = {
      packagePageUrl: 'https://www.npmjs.com/package/pkg',
      from: { version: '1.0.0', shape: manifestShapeOf({ name: 'pkg', main: 'index.js' }) },
      to: { version: '1.1.0', shape: manifestShapeOf({ name: 'pkg', main: 'index.js', types: 'index.d.ts' }) },
    } as unknown as RegistryFacts;
    const cjsFrom = npmTarballOf({ 'index.js': 'module.exports = function pkg () {}\n' });
    const cjsTo = npmTarballOf({ 'index.js': 'module.exports = function pkg () {}\n', 'index.d.ts': 'export declare const helper: 1;' });
    expect((await apiSurfaceEvidence({ packageName: 'pkg', packageId: 'npm:pkg', facts: cjsFacts, from: '1.0.0', to: '1.1.0', tarballs: { from: () => Promise.resolve(cjsFrom), to: cjsTo } })).evidence).toEqual([]);
  });
  it('names that the CommonJS root stops setting are a removal, with or without declarations listing them (mnemonist 0.39.8 → 0.40.0)', async () => {
    const fromRoot = "module.exports = { BitSet: require('./bit-set.js'), Set: require('./set.js'), _internal: 1 };";
    const toRoot = "module.exports = { BitSet: require('./bit-set.js'), set: require('./set.js') };";
    const run = async (manifest: object, from: string, to: string, declarations: Record<string, string>) => {
      let fetched = false;
      const facts = { packagePageUrl: 'https://www.npmjs.com/package/mnemonist', from: { version: from, shape: manifestShapeOf(manifest as never) }, to: { version: to, shape: manifestShapeOf(manifest as never) } } as unknown as RegistryFacts;
      const result = await apiSurfaceEvidence({
        packageName: 'mnemonist',
        packageId: 'npm:mnemonist',
        facts,
        from,
        to,
        tarballs: {
          from: () => {
            fetched = true;
            return Promise.resolve(npmTarballOf({ 'index.js': fromRoot, ...declarations }));
          },
          to: npmTarballOf({ 'index.js': toRoot, ...declarations }),
        },
      });
      return { ...result, fetched };
    };
    // The declarations (the same on both sides) never listed `Set`: only the root file tells.
    const typed = await run({ name: 'mnemonist', main: 'index.js', types: 'index.d.ts' }, '0.39.8', '0.40.0', { 'index.d.ts': 'export {default as BitSet} from "./bit-set";' });
    expect(typed.evidence.map((item) => item.locator)).toEqual(['api-surface/0.39.8..0.40.0/removed-require-names']);
    expect(typed.evidence[0]!.content).toBe(
      "The CommonJS root of mnemonist 0.40.0 no longer sets 1 name(s) on `module.exports` that 0.39.8 exported (index.js): Set. Code that imports them gets `undefined` from `require('mnemonist')` where a value was.",
    );
    // The usage scan reads the names back; the private `_internal` is not one.
    expect(removedExportNames(typed.evidence[0]!)).toEqual(['Set']);
    // Without declarations, a minor is compared too; a patch does not download the older tarball for it.
    const untypedMinor = await run({ name: 'mnemonist', main: 'index.js' }, '0.39.8', '0.40.0', {});
    expect(untypedMinor.evidence.map((item) => item.locator)).toEqual(['api-surface/0.39.8..0.40.0/removed-require-names']);
    const untypedPatch = await run({ name: 'mnemonist', main: 'index.js' }, '0.40.0', '0.40.1', {});
    expect(untypedPatch).toMatchObject({ evidence: [], fetched: false });
  });

  it('a name the declaration diff already lists is not said twice', async () => {
    const manifest = { name: 'lib', main: 'index.js', types: 'index.d.ts' };
    const facts = { packagePageUrl: 'https://www.npmjs.com/package/lib', from: { version: '1.0.0', shape: manifestShapeOf(manifest) }, to: { version: '2.0.0', shape: manifestShapeOf(manifest) } } as unknown as RegistryFacts;
    const { evidence } = await apiSurfaceEvidence({
      packageName: 'lib',
      packageId: 'npm:lib',
      facts,
      from: '1.0.0',
      to: '2.0.0',
      tarballs: {
        from: () => Promise.resolve(npmTarballOf({ 'index.js': 'exports.keep = 1\nexports.gone = 2', 'index.d.ts': 'export declare const keep: number;\nexport declare const gone: number;' })),
        to: npmTarballOf({ 'index.js': 'exports.keep = 1', 'index.d.ts': 'export declare const keep: number;' }),
      },
    });
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/1.0.0..2.0.0/removed-exports']);
  });
  it('names the declarations of a subpath both versions export no longer export (lowdb 6 → 7 renames `lowdb/node` presets)', async () => {
    const manifest = (extra: Record<string, unknown>) => ({
      name: 'lowdb',
      type: 'module',
      exports: { '.': { types: './lib/index.d.ts', default: './lib/index.js' }, './node': { types: './lib/node.d.ts', default: './lib/node.js' }, ...extra },
    });
    const run = async (fromFiles: Record<string, string>, toFiles: Record<string, string>, fromExtra: Record<string, unknown> = {}, toExtra: Record<string, unknown> = {}) => {
      const facts = {
        packagePageUrl: 'https://www.npmjs.com/package/lowdb',
        from: { version: '6.1.1', shape: manifestShapeOf(manifest(fromExtra) as never) },
        to: { version: '7.0.0', shape: manifestShapeOf(manifest(toExtra) as never) },
      } as unknown as RegistryFacts;
      const root = { 'lib/index.js': '', 'lib/index.d.ts': 'export declare class Low {}', 'lib/node.js': '' };
      return apiSurfaceEvidence({
        packageName: 'lowdb',
        packageId: 'npm:lowdb',
        facts,
        from: '6.1.1',
        to: '7.0.0',
        tarballs: { from: () => Promise.resolve(npmTarballOf({ ...root, ...fromFiles })), to: npmTarballOf({ ...root, ...toFiles }) },
      });
    };
    const { evidence } = await run(
      { 'lib/node.d.ts': 'export declare function JSONPreset(): void;\nexport declare function JSONSyncPreset(): void;\nexport declare class TextFile {}\nexport interface PresetOptions {}' },
      { 'lib/node.d.ts': 'export declare function JSONFilePreset(): void;\nexport declare function JSONFileSyncPreset(): void;\nexport declare class TextFile {}' },
    );
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/6.1.1..7.0.0/removed-subpath-exports', 'api-surface/6.1.1..7.0.0/removed-subpath-types']);
    const [values, types] = evidence;
    expect(values!.content).toBe(
      'The type declarations of subpaths that lowdb 6.1.1 and 7.0.0 both export no longer export 2 name(s) that 6.1.1 exported: `lowdb/node`: JSONPreset, JSONSyncPreset. Code that imports them from those subpaths stops compiling, and they are likely gone at runtime too.',
    );
    expect(types!.content).toContain('`lowdb/node`: PresetOptions. TypeScript code that imports them from those subpaths stops compiling; nothing changes at runtime.');
    expect(evidence.map(isTypeOnlyRemoval)).toEqual([false, true]);
    // Names imported from a subpath are not the root's: the usage scan reads them per subpath, and the root-call check not at all.
    expect(evidence.map(removedExportNames)).toEqual([[], []]);
    expect(evidence.map(removedSubpathNames)).toEqual([[{ specifier: 'lowdb/node', names: ['JSONPreset', 'JSONSyncPreset'] }], [{ specifier: 'lowdb/node', names: ['PresetOptions'] }]]);
    expect(evidence.map(removedRootCall)).toEqual([null, null]);

    // A subpath whose declarations one side lacks is not compared, and nothing falls back to the root's index.d.ts.
    expect((await run({ 'lib/node.d.ts': 'export declare function JSONPreset(): void;' }, {})).evidence).toEqual([]);
    // A subpath the newer version no longer exports is a registry fact, not this comparison; nor is a key that is not a plain path.
    const odd = { './odd name': { types: './lib/odd.d.ts', default: './lib/odd.js' } };
    expect((await run({ 'lib/odd.d.ts': 'export declare const a: 1;', 'lib/node.d.ts': '' }, { 'lib/odd.d.ts': 'export declare const b: 1;', 'lib/node.d.ts': '' }, odd, odd)).evidence).toEqual([]);
  });
  it('a name the newer declarations still export is not said removed from require() (a Babel getter that `export type` drops, review 22)', async () => {
    const manifest = { name: 'lib', main: 'index.js', types: 'index.d.ts' };
    const facts = { packagePageUrl: 'https://www.npmjs.com/package/lib', from: { version: '1.0.0', shape: manifestShapeOf(manifest) }, to: { version: '1.1.0', shape: manifestShapeOf(manifest) } } as unknown as RegistryFacts;
    const declarations = 'export declare function make(): void;\nexport interface Options {}';
    const run = (toRoot: string) =>
      apiSurfaceEvidence({
        packageName: 'lib',
        packageId: 'npm:lib',
        facts,
        from: '1.0.0',
        to: '1.1.0',
        tarballs: {
          from: () => Promise.resolve(npmTarballOf({ 'index.js': 'Object.defineProperty(exports, "Options", { enumerable: true, get: function () { return _types.Options; } });\nexports.make = make;\nexports.toString = () => "lib";\nexports.helper = helper;', 'index.d.ts': declarations })),
          to: npmTarballOf({ 'index.js': toRoot, 'index.d.ts': declarations }),
        },
      });
    // `Options` is still declared, and `toString` is inherited from Object.prototype: only the undeclared `helper` is said.
    const { evidence } = await run('exports.make = make;');
    expect(evidence.map((item) => item.locator)).toEqual(['api-surface/1.0.0..1.1.0/removed-require-names']);
    expect(removedExportNames(evidence[0]!)).toEqual(['helper']);
    expect((await run('exports.make = make;\nexports.helper = helper;')).evidence).toEqual([]);
  });
});
