/**
 * A dual package that declares `"type": "module"` at its root and ships
 * `dist/commonjs/package.json` with `{"type": "commonjs"}` beside the file its `require`
 * condition names (tshy's layout; html-entities 2.6.0) is not ESM-only: Node loads that file as
 * CommonJS. Only a tarball without that nested package.json leaves the ESM-only fact. The
 * registry is an in-memory test double; the tarballs are built in memory.
 */
import { describe, expect, it } from 'vitest';
import type { Bump } from '../../src/bumps/types.js';
import type { NpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { silentLogger } from '../../src/shared/logger.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';
import { bumpOfPkg, inMemoryRegistry, REGISTRY } from './in-memory-registry.js';

const DUAL_MANIFEST = {
  type: 'module',
  main: './dist/commonjs/index.js',
  exports: { '.': { import: { default: './dist/esm/index.js' }, require: { default: './dist/commonjs/index.js' } } },
};

/** The registry double serving pkg 1.0.0 (plain CommonJS) and 2.0.0 (the dual layout) with the given tarball. */
function registryWith(toTarball: Buffer): NpmRegistryClient {
  return inMemoryRegistry({ '1.0.0': { tarball: npmTarballOf({ 'index.js': 'module.exports = {}' }), fields: { main: 'index.js' } }, '2.0.0': { tarball: toTarball, fields: DUAL_MANIFEST } });
}

const BUMP: Bump = bumpOfPkg('1.0.0', '2.0.0', 'major');

async function factLocators(toFiles: Record<string, string>): Promise<string[]> {
  const gathered = await gatherEvidence(BUMP, { registry: registryWith(npmTarballOf(toFiles)), registryUrl: REGISTRY, github: null, logger: silentLogger });
  return gathered.evidence.filter((item) => item.kind === 'registryFact').map((item) => item.locator);
}

describe('module format of a dual package', () => {
  const files = { 'dist/commonjs/index.js': 'exports.x = 1', 'dist/esm/index.js': 'export const x = 1', 'dist/esm/package.json': '{"type":"module"}' };

  it('a nested {"type": "commonjs"} beside the require target: not ESM-only', async () => {
    const locators = await factLocators({ ...files, 'dist/commonjs/package.json': '{"type":"commonjs"}' });
    expect(locators).not.toContain('fact/module-format');
    expect(locators).toContain('fact/exports-added');
  });

  it('without it the .js file is an ES module under the root type: ESM-only, as the manifest says', async () => {
    expect(await factLocators(files)).toContain('fact/module-format');
  });
});
