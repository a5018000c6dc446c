/**
 * A README's changelog part as evidence: cited under its own name, so a reviewer looks under the
 * README's changelog heading; a part without the bump's versions says so in those words. The
 * registry is the in-memory test double; tarballs are built in memory.
 */
import { describe, expect, it } from 'vitest';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { silentLogger } from '../../src/shared/logger.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';
import { bumpOfPkg, inMemoryRegistry, REGISTRY } from './in-memory-registry.js';

const README = (versions: string[]) =>
  ['# pkg', '', '## Usage', '', 'pkg()', '', '## Changelog', '', ...versions.flatMap((version) => [`### ${version}`, `* Added OpenSSH key format support in ${version}.`, '']), '## License', 'MIT'].join('\n');

async function gather(readme: string) {
  const registry = inMemoryRegistry({
    '1.0.0': { tarball: npmTarballOf({ 'package.json': '{"name":"pkg","version":"1.0.0"}', 'index.js': '', 'README.md': README(['1.0.0']) }) },
    '1.1.0': { tarball: npmTarballOf({ 'package.json': '{"name":"pkg","version":"1.1.0"}', 'index.js': '', 'README.md': readme }) },
  });
  return gatherEvidence(bumpOfPkg('1.0.0', '1.1.0', 'minor'), { registry, registryUrl: REGISTRY, github: null, logger: silentLogger });
}

describe('the changelog part of a README as evidence', () => {
  it('is cited as "README.md (changelog part)", with a locator in README.md', async () => {
    const gathered = await gather(README(['1.1.0', '1.0.0']));
    const item = gathered.evidence.find((evidence) => evidence.kind === 'changelog');
    expect(item?.title).toMatch(/^README\.md \(changelog part\) — 1\.1\.0 — /);
    expect(item?.locator).toMatch(/^README\.md#1\.1\.0\//);
    expect(item?.content).toContain('Added OpenSSH key format support in 1.1.0.');
  });

  it('a part without the versions in range says so, naming the part', async () => {
    const gathered = await gather(README(['1.0.0']));
    const missing = gathered.missingInformation.find((entry) => entry.code === 'CHANGELOG_NO_SECTIONS_IN_RANGE');
    expect(missing?.message).toMatch(/^The changelog part of README\.md in the pkg@1\.1\.0 tarball /);
  });
});
