/**
 * A README's changelog part as evidence: cited under its own name, so a reviewer looks under the
 * README's changelog heading; a part without the bump's versions says so in those words. The
 * registry is the in-memory test double; tarballs are built in memory.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { gatherEvidence } from '../../src/evidence/gather-evidence.js';
import { createGitHubClient } from '../../src/github/client.js';
import { silentLogger } from '../../src/shared/logger.js';
import { npmTarballOf } from '../ecosystems/tarball-builder.js';
import { startFakeGitHub, type FakeGitHub } from '../fakes/fake-github-server.js';
import { bumpOfPkg, inMemoryRegistry, REGISTRY } from './in-memory-registry.js';

const README = (versions: string[]) =>
  ['# pkg', '', '## Usage', '', 'pkg()', '', '## Changelog', '', ...versions.flatMap((version) => [`### ${version}`, `* Added OpenSSH key format support in ${version}.`, '']), '## License', 'MIT'].join('\n');

let github: FakeGitHub | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

async function gather(readme: string, repositoryChangelog?: string) {
  const repository = { repository: { type: 'git', url: 'git+https://github.com/acme/pkg.git' } };
  const registry = inMemoryRegistry({
    '1.0.0': { tarball: npmTarballOf({ 'package.json': '{"name":"pkg","version":"1.0.0"}', 'index.js': '', 'README.md': README(['1.0.0']) }), fields: repository },
    '1.1.0': { tarball: npmTarballOf({ 'package.json': '{"name":"pkg","version":"1.1.0"}', 'index.js': '', 'README.md': readme }), fields: repository },
  });
  if (repositoryChangelog !== undefined) github = await startFakeGitHub({ repositories: { 'acme/pkg': { commits: { 'v1.1.0': { 'CHANGELOG.md': repositoryChangelog } } } } });
  const octokit = github === undefined ? null : createGitHubClient({ token: 'test-token', baseUrl: github.url });
  return gatherEvidence(bumpOfPkg('1.0.0', '1.1.0', 'minor'), { registry, registryUrl: REGISTRY, github: octokit, logger: silentLogger });
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

  it('a README changelog that stops before the newer version does not keep the repository changelog from being read', async () => {
    const stale = README(['1.0.5', '1.0.0']);
    const gathered = await gather(stale, '# Changelog\n\n## 1.1.0\n\n- BREAKING: removed `legacy()`\n\n## 1.0.5\n\n- fix\n');
    const sources = new Set(gathered.evidence.filter((item) => item.kind !== 'registryFact').map((item) => item.sourceId));
    expect(sources).toContain('github-repository');
    expect(gathered.evidence.some((item) => item.content.includes('removed `legacy()`'))).toBe(true);
    // A README changelog that has the newer version's section is enough on its own.
    const current = await gather(README(['1.1.0', '1.0.0']), '# Changelog\n\n## 1.1.0\n\n- other text\n');
    expect(current.evidence.some((item) => item.sourceId === 'github-repository')).toBe(false);
  });
});
