/**
 * Node's rule for a `.js` file's module type, read from the tarball: the nearest package.json
 * above the file decides (tshy's dual packages put `{"type": "commonjs"}` in dist/commonjs/).
 */
import { describe, expect, it } from 'vitest';
import { nestedModuleType, nestedPackageJsonPaths } from '../../src/ecosystems/npm/nested-module-type.js';
import { npmTarballOf } from './tarball-builder.js';

describe('nestedModuleType', () => {
  it('lists the package.json files between the file and the package root, nearest first', () => {
    expect(nestedPackageJsonPaths('./dist/commonjs/index.js')).toEqual(['dist/commonjs/package.json', 'dist/package.json']);
    expect(nestedPackageJsonPaths('./index.js')).toEqual([]);
    expect(nestedPackageJsonPaths('../escape/index.js')).toEqual([]);
  });

  it('takes the nearest package.json; one without "type": "module" makes the file CommonJS', async () => {
    const dual = npmTarballOf({ 'package.json': '{"type":"module"}', 'dist/commonjs/package.json': '{"type":"commonjs"}', 'dist/commonjs/index.js': '', 'dist/package.json': '{"type":"module"}' });
    expect(await nestedModuleType(dual, './dist/commonjs/index.js', 'lib@2.0.0')).toBe('commonjs');
    const typeless = npmTarballOf({ 'dist/cjs/package.json': '{"name":"x"}', 'dist/cjs/index.js': '' });
    expect(await nestedModuleType(typeless, 'dist/cjs/index.js', 'lib@2.0.0')).toBe('commonjs');
    const esm = npmTarballOf({ 'dist/esm/package.json': '{"type":"module"}', 'dist/esm/index.js': '' });
    expect(await nestedModuleType(esm, 'dist/esm/index.js', 'lib@2.0.0')).toBe('module');
  });

  it('finds a nested package.json that comes after a lot of code in the tarball (a real dual package is large)', async () => {
    const code = 'module.exports = 1;\n'.repeat(20_000);
    const large = npmTarballOf({ 'package.json': '{"type":"module"}', 'dist/commonjs/index.js': code, 'dist/commonjs/util.js': code, 'dist/commonjs/package.json': '{"type":"commonjs"}' });
    expect(await nestedModuleType(large, './dist/commonjs/index.js', 'lib@2.0.0')).toBe('commonjs');
  });

  it('null when no package.json sits above the file (the root type holds); a broken one is skipped', async () => {
    expect(await nestedModuleType(npmTarballOf({ 'dist/index.js': '' }), 'dist/index.js', 'lib@2.0.0')).toBeNull();
    const broken = npmTarballOf({ 'dist/commonjs/package.json': '{type: commonjs', 'dist/package.json': '{"type":"module"}' });
    expect(await nestedModuleType(broken, 'dist/commonjs/index.js', 'lib@2.0.0')).toBe('module');
  });
});
