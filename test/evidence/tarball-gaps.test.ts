/**
 * When a tarball yields no changelog, the missing information says why: none shipped, one too
 * large (with the size it claimed), a scan stopped at its budget, or entries refused because
 * they escape the package directory. The registry is an in-memory test double; the tarballs
 * are built in memory with exactly these entries.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Bump } from '../../src/bumps/types.js';
import type { NpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { parsePackument } from '../../src/ecosystems/npm/packument.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { silentLogger } from '../../src/shared/logger.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';

const REGISTRY = 'https://registry.example';

/** TEST DOUBLE: a registry serving one package with the given target tarball; no advisories endpoint. */
function registryWith(toTarball: Buffer): NpmRegistryClient {
  const fromTarball = npmTarballOf({ 'package.json': '{}' });
  const sri = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
  const version = (number: string, tarball: Buffer) => ({ name: 'pkg', version: number, dist: { tarball: `${REGISTRY}/pkg/-/pkg-${number}.tgz`, integrity: sri(tarball) } });
  const parsed = parsePackument({ name: 'pkg', versions: { '1.0.0': version('1.0.0', fromTarball), '1.0.1': version('1.0.1', toTarball) }, time: {} }, 'pkg');
  if (!parsed.ok) throw new Error(parsed.problem);
  return {
    registryUrl: REGISTRY,
    stats: { packumentRequests: 0, tarballRequests: 0 },
    getPackument: async () => parsed.packument,
    getTarball: async (url) => (url.endsWith('1.0.1.tgz') ? toTarball : fromTarball),
    getAdvisories: async () => {
      throw new Error('not offered');
    },
  };
}

const BUMP: Bump = {
  ecosystem: 'npm',
  name: 'pkg',
  manifests: ['package.json'],
  dependencyTypes: ['prod'],
  from: '1.0.0',
  to: '1.0.1',
  fromSpec: '1.0.0',
  toSpec: '1.0.1',
  direction: 'upgrade',
  semverClass: 'patch',
  versionSource: 'manifest',
  lockfiles: [],
  installPaths: [],
  direct: true,
};

async function missingCodesFor(tarball: Buffer): Promise<string[]> {
  const gathered = await gatherEvidence(BUMP, { registry: registryWith(tarball), registryUrl: REGISTRY, github: null, logger: silentLogger });
  return gathered.missingInformation.map((missing) => missing.code).filter((code) => code.startsWith('CHANGELOG') || code.startsWith('TARBALL'));
}

describe('why a tarball gave no changelog', () => {
  it('none shipped', async () => {
    expect(await missingCodesFor(npmTarballOf({ 'index.js': '' }))).toEqual(['CHANGELOG_NOT_IN_TARBALL']);
  });

  it('one over the size bound, with the size it claimed', async () => {
    const huge = `## 1.0.1\n\n${'- a fix\n'.repeat(400_000)}`;
    const gathered = await gatherEvidence(BUMP, { registry: registryWith(npmTarballOf({ 'CHANGELOG.md': huge })), registryUrl: REGISTRY, github: null, logger: silentLogger });
    const tooLarge = gathered.missingInformation.find((missing) => missing.code === 'CHANGELOG_TOO_LARGE');
    expect(tooLarge?.message).toContain(`${Buffer.byteLength(huge)} bytes`);
    expect(gathered.missingInformation.map((missing) => missing.code)).not.toContain('CHANGELOG_NOT_IN_TARBALL');
  });

  it('entries escaping the package directory are refused and said', async () => {
    const codes = await missingCodesFor(npmTarballOf({ '../../CHANGELOG.md': '## 1.0.1\n\n- planted\n', 'index.js': '' }));
    expect(codes).toEqual(['TARBALL_UNSAFE_ENTRIES']);
  });
});
