/**
 * The API-surface diff: exported names of the root type declarations of two tarballs, parsed
 * (never executed), with relative re-exports followed; a surface that cannot be fully known
 * never yields a "removal". Tarballs are built in memory; hostile ones are bounded.
 */
import { describe, expect, it } from 'vitest';
import { declarationsOf, diffApiSurfaces, readApiSurface, readSubpathSurfaces, SURFACE_LIMITS } from '../../src/ecosystems/npm/api-surface.js';
import { manifestShapeOf } from '../../src/ecosystems/npm/manifest-shape.js';
import type { PackumentVersion } from '../../src/ecosystems/npm/packument.js';
import { npmTarballOf } from './tarball-builder.js';

const TYPED: PackumentVersion = { name: 'lib', main: 'index.js', types: 'index.d.ts' };

async function surface(files: Record<string, string>, manifest: PackumentVersion = TYPED) {
  return readApiSurface(declarationsOf(npmTarballOf(files), 'lib@test'), manifestShapeOf(manifest), { packageName: 'lib', label: 'lib@test' });
}

describe('readApiSurface', () => {
  it('collects every export form of a declaration file, following relative re-exports', async () => {
    const result = await surface({
      'index.js': '',
      'index.d.ts': [
        'export declare function make(): void;',
        'export declare const VERSION: string;',
        'export interface Options { a: number }',
        'export type Mode = "a" | "b";',
        'export declare class Client {}',
        'export declare enum Level { Low }',
        'declare function legacy(): void;',
        'export { legacy as old };',
        "export * from './more';",
        "export * as helpers from './helpers';",
        'export default make;',
      ].join('\n'),
      'more.d.ts': 'export declare function extra(): void;',
      'helpers.d.ts': 'export declare function help(): void;',
    });
    expect(result.complete).toBe(true);
    expect([...result.names!].sort()).toEqual(['Client', 'Level', 'Mode', 'Options', 'VERSION', 'default', 'extra', 'helpers', 'make', 'old']);
  });

  it('`export =` of a namespace exposes its members, and only the exported ones once it has an export list', async () => {
    const listed = await surface({
      'index.js': '',
      'index.d.ts': 'declare function knex(): void;\ndeclare namespace knex {\n  export { knex, knex as default };\n  export class QueryBuilder {}\n  const VERSION: string;\n}\nexport = knex;\n',
    });
    // With an export list, TypeScript exports only what carries `export`: VERSION stays private.
    expect([...listed.names!].sort()).toEqual(['QueryBuilder', 'default', 'export=', 'knex']);
    const implicit = await surface({ 'index.js': '', 'index.d.ts': 'declare function knex(): void;\ndeclare namespace knex {\n  class QueryBuilder {}\n  const VERSION: string;\n}\nexport = knex;\n' });
    expect([...implicit.names!].sort()).toEqual(['QueryBuilder', 'VERSION', 'export=']);
  });

  it('import aliases in a namespace are public only with `export`; a `global` augmentation is no API name', async () => {
    const listed = await surface({ 'index.js': '', 'index.d.ts': 'declare namespace lib {\n  export import Alias = inner.Type;\n  import Local = inner.Other;\n  global { interface Window {} }\n  export function a(): void;\n  export { a as b };\n}\nexport = lib;\n' });
    expect([...listed.names!].sort()).toEqual(['Alias', 'a', 'b', 'export=']);
    const implicit = await surface({ 'index.js': '', 'index.d.ts': 'declare namespace lib {\n  import Local = inner.Other;\n  global { interface Window {} }\n  function a(): void;\n}\nexport = lib;\n' });
    expect([...implicit.names!].sort()).toEqual(['a', 'export=']);
  });

  it('a namespace that lists a local const in its export list is read (Babel calls it undefined; TypeScript does not)', async () => {
    const result = await surface({ 'index.js': '', 'index.d.ts': 'declare namespace lib {\n  const b: number;\n  export { b };\n}\nexport = lib;\n' });
    expect(result.complete).toBe(true);
    expect([...result.names!].sort()).toEqual(['b', 'export=']);
    // Any other syntax error still makes the file unreadable.
    expect((await surface({ 'index.js': '', 'index.d.ts': 'export declare function (;' })).complete).toBe(false);
  });

  it('an ambient `declare module "lib"` without an export list exports every member, so a removal is seen', async () => {
    const from = await surface({ 'index.js': '', 'index.d.ts': 'declare module "lib" {\n  function a(): void;\n  function b(): void;\n}\n' });
    const to = await surface({ 'index.js': '', 'index.d.ts': 'declare module "lib" {\n  function a(): void;\n}\n' });
    expect(diffApiSurfaces(from, to).removedNames).toEqual(['b']);
  });

  it('a member private to a namespace with an export list is not reported removed when it goes (iconv-lite 0.7.1 → 0.7.2)', async () => {
    const from = await surface({ 'index.js': '', 'index.d.ts': 'declare namespace iconv {\n  export interface Options {}\n  const iconv: { encode(s: string): Buffer };\n  export type { iconv as Iconv };\n  export { iconv as default };\n}\nexport = iconv;\n' });
    const to = await surface({ 'index.js': '', 'index.d.ts': 'declare namespace iconv {\n  export interface Options {}\n  export function encode(s: string): Buffer;\n  export type { iconv as Iconv };\n}\nexport = iconv;\n' });
    expect(diffApiSurfaces(from, to).removedNames).toEqual([]);
  });

  it('a re-export from another package makes the surface incomplete', async () => {
    const result = await surface({ 'index.js': '', 'index.d.ts': "export * from 'other-package';\nexport declare const a: 1;" });
    expect(result.complete).toBe(false);
  });

  it('a package without declarations has no surface; a declared types file that is missing is said', async () => {
    expect((await surface({ 'index.js': '' }, { name: 'lib', main: 'index.js' })).names).toBeNull();
    const missing = await surface({ 'index.js': '' }, { name: 'lib', main: 'index.js', types: 'dist/index.d.ts' });
    expect(missing.names).toBeNull();
    expect(missing.notes[0]).toContain('declares types in dist/index.d.ts');
  });

  it('entry files the manifest names but the tarball lacks', async () => {
    const result = await surface({ 'index.d.ts': 'export declare const a: 1;' }, { name: 'lib', main: 'dist/index.js', types: 'index.d.ts' });
    expect(result.missingEntries).toEqual(['dist/index.js']);
    // A missing `types` file is no break while TypeScript falls back to index.d.ts (sirv 3.0.0)…
    expect((await surface({ 'build.js': '', 'index.d.ts': 'export declare const a: 1;' }, { name: 'lib', main: 'build.js', types: 'sirv.d.ts' })).missingEntries).toEqual([]);
    // …and is one when nothing TypeScript would look at is there (immutable 5.1.0).
    expect((await surface({ 'dist/lib.js': '', 'dist/type-definitions/lib.d.ts': 'export declare const a: 1;' }, { name: 'lib', main: 'dist/lib.js', types: 'dist/lib.d.ts' })).missingEntries).toEqual(['dist/lib.d.ts']);
    expect((await surface({ 'lib/index.js': '', 'index.d.ts': '' }, { name: 'lib', main: './lib', types: 'index.d.ts' })).missingEntries).toEqual([]);
  });
});

describe('declarationsOf', () => {
  it("reads a tarball's declarations once for the root's surface and the subpaths', and the root's notes stay the root's", async () => {
    let loads = 0;
    const tarball = npmTarballOf({ 'index.js': '', 'node.js': '', 'node.d.ts': 'export declare function JSONPreset(): void;' });
    const declarations = declarationsOf(async () => ((loads += 1), tarball), 'lib@test');
    // The root names a types file the tarball lacks: its surface is unknown, with a note.
    const shape = manifestShapeOf({ name: 'lib', types: 'missing.d.ts', exports: { '.': { types: './missing.d.ts', default: './index.js' }, './node': { types: './node.d.ts', default: './node.js' } } } as PackumentVersion);
    const root = await readApiSurface(declarations, shape, { packageName: 'lib', label: 'lib@test' });
    expect(root.notes).toEqual(['lib@test declares types in missing.d.ts, which is not in its tarball or was not readable.']);
    const subpaths = await readSubpathSurfaces(declarations, shape, { packageName: 'lib', label: 'lib@test' }, ['./node']);
    expect(subpaths.get('./node')).toMatchObject({ entry: 'node.d.ts', names: new Set(['JSONPreset']), complete: true, notes: [] });
    expect(loads).toBe(1);
  });
});

describe('diffApiSurfaces', () => {
  it('names from exported that to no longer exports; `export =` and default are the same to an importer', async () => {
    const from = await surface({ 'index.js': '', 'index.d.ts': 'export declare function a(): void;\nexport declare function b(): void;\nexport default a;' });
    const to = await surface({ 'index.js': '', 'index.d.ts': 'declare function a(): void;\ndeclare namespace a { function c(): void; }\nexport = a;' });
    expect(diffApiSurfaces(from, to).removedNames).toEqual(['a', 'b']);
  });

  it('tells removed types (interfaces, type aliases, `export type`) from removed values', async () => {
    const from = await surface({
      'index.js': '',
      'index.d.ts': [
        'export interface Options { a: number }',
        'export type Mode = "a" | "b";',
        'interface Local { b: number }',
        'export { Local };',
        'declare class Client {}',
        'export type { Client as ClientType };',
        'export { type Mode as ModeAlias };',
        // Declaration merging: an interface and a value of one name is a value.
        'export interface Merged { c: number }',
        'export declare const Merged: Merged;',
        'export declare function make(): void;',
        "export { Imported } from './other';",
      ].join('\n'),
      'other.d.ts': 'export interface Imported {}',
    });
    expect([...from.typeOnlyNames].sort()).toEqual(['ClientType', 'Local', 'Mode', 'ModeAlias', 'Options']);
    const to = await surface({ 'index.js': '', 'index.d.ts': 'export declare function kept(): void;' });
    const diff = diffApiSurfaces(from, to);
    expect(diff.removedNames).toEqual(['ClientType', 'Imported', 'Local', 'Merged', 'Mode', 'ModeAlias', 'Options', 'make']);
    // `export { Imported } from './other'` cannot be told from here: it counts as a value.
    expect(diff.removedTypeOnlyNames).toEqual(['ClientType', 'Local', 'Mode', 'ModeAlias', 'Options']);
  });

  it('a name that is also a value, or imported without `type`, is never type-only (review 8)', async () => {
    const result = await surface({
      'index.js': '',
      'index.d.ts': [
        'interface Point { x: number }',
        'declare namespace Point { const ORIGIN: Point; }',
        "import { Options } from './options';",
        "import type { Mode } from './options';",
        'export { Point, Options, Mode };',
      ].join('\n'),
      'options.d.ts': 'export interface Options {}\nexport type Mode = "a";',
    });
    expect([...result.typeOnlyNames]).toEqual(['Mode']);
  });

  it('reads type-only members of ambient modules and namespaces (is-reference 3.0.2, knex-style `export =`)', async () => {
    const ambient = await surface({ 'index.js': '', 'index.d.ts': "declare module 'lib' {\n  export default function f(): boolean;\n  export type Node = import('estree').Node;\n  export interface Extra {}\n}\n" });
    expect([...ambient.typeOnlyNames].sort()).toEqual(['Extra', 'Node']);
    const namespace = await surface({ 'index.js': '', 'index.d.ts': 'declare function lib(): void;\ndeclare namespace lib {\n  interface Options {}\n  const VERSION: string;\n}\nexport = lib;\n' });
    expect([...namespace.typeOnlyNames]).toEqual(['Options']);
    // tsc's output for JSDoc-typed code: file-level aliases listed in the namespace (copy-webpack-plugin 13).
    const jsdoc = await surface({ 'index.js': '', 'index.d.ts': 'export = Plugin;\ndeclare class Plugin { apply(): void }\ndeclare namespace Plugin {\n  export { WebpackError, Options };\n}\ntype WebpackError = import("webpack").WebpackError;\ntype Options = { a: number };\n' });
    expect([...jsdoc.typeOnlyNames].sort()).toEqual(['Options', 'WebpackError']);
  });

  it('reports an entry file missing only when the update loses it, not when both versions lack it', async () => {
    // rxjs 7.x names `types: index.d.ts` in every release and ships it in none.
    const manifest = { name: 'lib', main: 'dist/index.js', types: 'index.d.ts' };
    const before = await surface({ 'dist/index.js': '' }, manifest);
    const after = await surface({ 'dist/index.js': '' }, manifest);
    expect(after.missingEntries).toEqual(['index.d.ts']);
    expect(diffApiSurfaces(before, after).missingEntries).toEqual([]);
    const lost = await surface({ 'index.d.ts': '' }, manifest);
    expect(diffApiSurfaces(await surface({ 'dist/index.js': '', 'index.d.ts': '' }, manifest), lost).missingEntries).toEqual(['dist/index.js']);
  });

  it('a newly named `types` file that is missing loses nothing when the older version shipped no declarations (jwt-decode 3.0.0 → 3.1.0)', async () => {
    const untyped = await surface({ 'build/jwt-decode.cjs.js': '' }, { name: 'lib', main: 'build/jwt-decode.cjs.js' });
    const namesMissingTypes = await surface({ 'build/jwt-decode.cjs.js': '' }, { name: 'lib', main: 'build/jwt-decode.cjs.js', types: 'index.d.ts' });
    expect(namesMissingTypes.missingEntries).toEqual(['index.d.ts']);
    expect(diffApiSurfaces(untyped, namesMissingTypes).missingEntries).toEqual([]);
    // With declarations before, the same missing file is a loss (immutable 5.0.3 → 5.1.0).
    const typed = await surface({ 'build/jwt-decode.cjs.js': '', 'index.d.ts': 'export declare const a: 1;' }, { name: 'lib', main: 'build/jwt-decode.cjs.js', types: 'index.d.ts' });
    expect(diffApiSurfaces(typed, namesMissingTypes).missingEntries).toEqual(['index.d.ts']);
  });

  it('never reports removals against an incomplete surface', async () => {
    const from = await surface({ 'index.js': '', 'index.d.ts': 'export declare function a(): void;' });
    const to = await surface({ 'index.js': '', 'index.d.ts': "export * from 'elsewhere';" });
    expect(diffApiSurfaces(from, to).removedNames).toEqual([]);
  });
});

describe('hostile declarations', () => {
  it('a declaration file over the size bound is not parsed, and said so', async () => {
    const huge = `export declare const a: 1;\n${'// padding\n'.repeat(SURFACE_LIMITS.fileBytes / 10)}`;
    const result = await surface({ 'index.js': '', 'index.d.ts': huge });
    expect(result.names).toBeNull();
    expect(result.notes.join(' ')).toContain('over the');
  });

  it('100,000 exports: too many names to compare, said so, in bounded time', async () => {
    // One declaration with 100,000 declarators keeps the file under the size bound.
    const many = `export declare const ${Array.from({ length: 100_000 }, (_, index) => `n${index}: 1`).join(', ')};`;
    expect(many.length).toBeLessThan(SURFACE_LIMITS.fileBytes);
    const result = await surface({ 'index.js': '', 'index.d.ts': many });
    expect(result.names).toBeNull();
    expect(result.notes.join(' ')).toContain(`more than ${SURFACE_LIMITS.names} names`);
  });

  it('text that is not TypeScript, and re-export cycles, end cleanly', async () => {
    const garbage = await surface({ 'index.js': '', 'index.d.ts': 'export declare function ((((' });
    expect(garbage.complete).toBe(false);
    expect(garbage.notes[0]).toContain('could not be parsed');
    const cycle = await surface({ 'index.js': '', 'index.d.ts': "export * from './a';\nexport declare const root: 1;", 'a.d.ts': "export * from './index';\nexport declare const a: 1;" });
    expect([...cycle.names!].sort()).toEqual(['a', 'root']);
  });
});
