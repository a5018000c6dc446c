/**
 * When a tarball yields no changelog, the missing information says why: none shipped, one too
 * large (with the size it claimed), a scan stopped at its budget, or entries refused because
 * they escape the package directory. The registry is an in-memory test double (in-memory-registry.ts); the tarballs
 * are built in memory with exactly these entries.
 */
import { describe, expect, it } from 'vitest';
import type { Bump } from '../../src/bumps/types.js';
import type { NpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { silentLogger } from '../../src/shared/logger.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';
import { bumpOfPkg, inMemoryRegistry, REGISTRY } from './in-memory-registry.js';

/** The registry double serving 1.0.0 (no files) and 1.0.1 with the given tarball. */
function registryWith(toTarball: Buffer): NpmRegistryClient {
  return inMemoryRegistry({ '1.0.0': { tarball: npmTarballOf({ 'package.json': '{}' }) }, '1.0.1': { tarball: toTarball } });
}

const BUMP: Bump = bumpOfPkg('1.0.0', '1.0.1', 'patch');

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
