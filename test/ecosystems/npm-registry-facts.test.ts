import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNpmRegistryClient, type NpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { computeRegistryFacts, normaliseRepository, registrySignalsOf, versionsBetween } from '../../src/ecosystems/npm/registry-facts.js';
import type { Packument, PackumentVersion } from '../../src/ecosystems/npm/packument.js';
import type { RegistryFacts } from '../../src/ecosystems/types.js';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../fakes/fake-npm-registry.js';

let registry: FakeNpmRegistry;
let npm: NpmRegistryClient;

beforeAll(async () => {
  registry = await startFakeNpmRegistry();
  npm = createNpmRegistryClient({ registryUrl: registry.url });
});

afterAll(async () => {
  await registry.close();
});

async function factsOf(name: string, from: string, to: string): Promise<RegistryFacts> {
  return computeRegistryFacts(await npm.getPackument(name), from, to, { registryUrl: registry.url });
}

describe('registry facts from recorded packuments', () => {
  it('express 4.21.2 → 5.1.0: engines change, versions in range, GitHub repository', async () => {
    const facts = await factsOf('express', '4.21.2', '5.1.0');
    expect(facts.from?.engines).toEqual({ node: '>= 0.10.0' });
    expect(facts.to?.engines).toEqual({ node: '>= 18' });
    // Semver order, not publish order: the 4.22 line sits between 4.21.2 and 5.x.
    expect(facts.versionsInRange).toEqual(['4.22.0', '4.22.1', '4.22.2', '4.22.3', '5.0.0', '5.0.1', '5.1.0']);
    expect(facts.versionsInRange).not.toContain('5.0.0-beta.1');
    expect(facts.allVersions).toContain('5.0.0-beta.1');
    expect(facts.allVersions).toContain('0.14.0');
    expect(facts.repository).toEqual({ owner: 'expressjs', repo: 'express', directory: null });
    expect(facts.repositoryUrl).toBeNull();
    expect(facts.packagePageUrl).toBe('https://www.npmjs.com/package/express');
    expect(facts.to?.publishedAt).toBe('2025-04-03T21:42:35.444Z');
    expect(facts.to?.license).toBe('MIT');
    expect(facts.to?.tarballUrl).toBe(`${registry.url}/express/-/express-5.1.0.tgz`);
    expect(facts.to?.integrity).toMatch(/^sha512-/);

    const signals = registrySignalsOf(facts);
    expect(signals.enginesChanged).toEqual({ from: { node: '>= 0.10.0' }, to: { node: '>= 18' } });
    expect(signals.newDependencies).toEqual(['mime-types', 'once', 'router']);
    expect(signals.versionsInRange).toBe(7);
    expect(signals.licenseChanged).toBeNull();
    expect(signals.installScriptsAdded).toEqual([]);
  });

  it('a downgrade covers (to, from]: the releases being given up', async () => {
    const facts = await factsOf('semver', '7.6.3', '7.6.0');
    expect(facts.versionsInRange).toEqual(['7.6.1', '7.6.2', '7.6.3']);
  });

  it('a scoped package works end to end', async () => {
    const facts = await factsOf('@types/node', '20.12.7', '20.17.10');
    expect(facts.packagePageUrl).toBe('https://www.npmjs.com/package/@types/node');
    expect(facts.versionsInRange.at(-1)).toBe('20.17.10');
    expect(facts.versionsInRange.every((version) => version.startsWith('20.'))).toBe(true);
  });

  it('missing versions give null facts instead of an error', async () => {
    const facts = await factsOf('lodash', '4.17.20', '99.0.0');
    expect(facts.from?.version).toBe('4.17.20');
    expect(facts.to).toBeNull();
    expect(registrySignalsOf(facts).enginesChanged).toBeNull();
  });
});

describe('registry facts from synthetic packuments', () => {
  it('deprecated target', async () => {
    const facts = await factsOf('synthetic-deprecated-target', '1.0.0', '1.0.1');
    expect(facts.to?.deprecated).toMatch(/^Critical bug in 1\.0\.1/);
    expect(registrySignalsOf(facts).targetDeprecated).toBe(facts.to?.deprecated);
    expect(facts.from?.deprecated).toBeNull();
  });

  it('install scripts added', async () => {
    const facts = await factsOf('synthetic-install-scripts-added', '2.3.0', '2.4.0');
    expect(facts.from?.installScripts).toEqual([]);
    expect(facts.to?.installScripts).toEqual(['postinstall', 'preinstall']);
    const signals = registrySignalsOf(facts);
    expect(signals.installScriptsAdded).toEqual(['postinstall', 'preinstall']);
    expect(signals.installScriptsRemoved).toEqual([]);
    // Reversed: the same scripts are reported as removed.
    expect(registrySignalsOf(await factsOf('synthetic-install-scripts-added', '2.4.0', '2.3.0')).installScriptsRemoved).toEqual(['postinstall', 'preinstall']);
  });

  it('provenance lost', async () => {
    const facts = await factsOf('synthetic-provenance-lost', '3.1.0', '3.1.1');
    expect(facts.from?.provenance).toBe(true);
    expect(facts.to?.provenance).toBe(false);
    expect(registrySignalsOf(facts)).toMatchObject({ provenanceLost: true, provenanceGained: false });
  });

  it('publisher changed', async () => {
    const signals = registrySignalsOf(await factsOf('synthetic-publisher-changed', '1.2.3', '1.2.4'));
    expect(signals.publisherChanged).toEqual({ from: 'alice', to: 'mallory' });
    expect(signals.publishersCompared).toBe(true);
  });

  it('a version that does not name its publisher: nothing compared, so no change and no "unchanged" either', async () => {
    const facts = await factsOf('synthetic-publisher-changed', '1.2.3', '1.2.4');
    const unnamed = { ...facts, to: { ...facts.to!, publisher: null } };
    expect(registrySignalsOf(unnamed)).toMatchObject({ publishersCompared: false, publisherChanged: null });
    const same = { ...facts, to: { ...facts.to!, publisher: 'alice' } };
    expect(registrySignalsOf(same)).toMatchObject({ publishersCompared: true, publisherChanged: null });
  });

  it('license changed (legacy object form)', async () => {
    const signals = registrySignalsOf(await factsOf('synthetic-license-changed', '4.0.0', '4.1.0'));
    expect(signals.licenseChanged).toEqual({ from: 'MIT', to: 'BUSL-1.1' });
  });

  it('engines changed; prereleases only when an end is a prerelease', async () => {
    const facts = await factsOf('synthetic-engines-changed', '1.9.0', '2.0.0');
    expect(registrySignalsOf(facts).enginesChanged).toEqual({ from: { node: '>=0.10.0' }, to: { node: '>=18' } });
    expect(registrySignalsOf(facts).newDependencies).toEqual(['picomatch']);
    expect(facts.versionsInRange).toEqual(['2.0.0']);
    const fromBeta = await factsOf('synthetic-engines-changed', '2.0.0-beta.1', '2.1.0');
    expect(fromBeta.versionsInRange).toEqual(['2.0.0', '2.1.0']);
    const toBeta = await factsOf('synthetic-engines-changed', '1.9.0', '2.0.0-beta.1');
    expect(toBeta.versionsInRange).toEqual(['2.0.0-beta.1']);
  });

  it('names the first version of the range from which engines stayed what the target declares', () => {
    const manifest = (version: string, node?: string): PackumentVersion => ({ name: 'engines-walk', version, ...(node === undefined ? {} : { engines: { node } }) });
    const packument = (versions: PackumentVersion[]): Packument => ({
      name: 'engines-walk',
      distTags: {},
      time: {},
      repository: undefined,
      versions: Object.fromEntries(versions.map((entry) => [entry.version, entry])),
    });
    const full = packument([manifest('1.0.0', '>=14'), manifest('1.1.0', '>=14'), manifest('2.0.0', '>=18'), manifest('2.0.1', '>=18'), manifest('2.1.0', '>=18')]);
    const since = (source: Packument, from: string, to: string) => computeRegistryFacts(source, from, to, { registryUrl: 'https://registry.example' }).enginesSince;
    expect(since(full, '1.0.0', '2.1.0')).toBe('2.0.0');
    expect(since(full, '1.1.0', '2.0.0')).toBe('2.0.0');
    // Unchanged engines, or a downgrade: nothing to name.
    expect(since(full, '2.0.0', '2.1.0')).toBeNull();
    expect(since(full, '2.1.0', '1.0.0')).toBeNull();
    // A version in between that declares something else ends the walk there.
    const flipped = packument([manifest('1.0.0', '>=14'), manifest('2.0.0', '>=18'), manifest('2.0.1', '>=16'), manifest('2.1.0', '>=18')]);
    expect(since(flipped, '1.0.0', '2.1.0')).toBe('2.1.0');
    // The same range spelled otherwise, or an engine the change is not about, does not end it (review 19 N2).
    const respelled = packument([manifest('1.0.0', '>=14'), manifest('2.0.0', '>= 18'), { ...manifest('2.0.1', '>=18'), engines: { node: '>=18', npm: '>=9' } }, manifest('2.1.0', '>=18')]);
    expect(since(respelled, '1.0.0', '2.1.0')).toBe('2.0.0');
    // Only spelling differs between the two sides: nothing changed, nothing to name.
    const spellingOnly = packument([manifest('1.0.0', '>= 18'), manifest('2.0.0', '>=18')]);
    expect(since(spellingOnly, '1.0.0', '2.0.0')).toBeNull();
    // Emptied engines stay at the target: stubs of a trimmed recording declare nothing either.
    const emptied = packument([manifest('1.0.0', '>=14'), manifest('2.0.0'), manifest('2.1.0')]);
    expect(since(emptied, '1.0.0', '2.1.0')).toBeNull();
  });

  it('very recent release: publish time normalised to ISO, no relative age', async () => {
    const facts = await factsOf('synthetic-recent-release', '5.0.0', '5.0.1');
    expect(facts.to?.publishedAt).toBe('2026-11-29T23:15:42.123Z');
    expect(registrySignalsOf(facts).targetPublishedAt).toBe('2026-11-29T23:15:42.123Z');
  });
});

describe('versionsBetween', () => {
  const all = ['1.0.0', '1.1.0-rc.1', '1.1.0', '1.2.0', '2.0.0'];
  it('handles invalid input and equal versions', () => {
    expect(versionsBetween(all, 'latest', '2.0.0')).toEqual([]);
    expect(versionsBetween(all, '1.1.0', '1.1.0')).toEqual([]);
    expect(versionsBetween(all, '1.0.0', '1.2.0')).toEqual(['1.1.0', '1.2.0']);
  });
});

describe('repository normalisation', () => {
  const github = (owner: string, repo: string, directory: string | null = null) => ({ repository: { owner, repo, directory }, repositoryUrl: null });
  it.each([
    ['github:expressjs/express', github('expressjs', 'express')],
    ['expressjs/express', github('expressjs', 'express')],
    ['git+https://github.com/axios/axios.git', github('axios', 'axios')],
    ['git://github.com/lodash/lodash', github('lodash', 'lodash')],
    ['git@github.com:npm/node-semver.git', github('npm', 'node-semver')],
    ['git+ssh://git@github.com/tj/commander.js.git', github('tj', 'commander.js')],
    ['https://github.com/DefinitelyTyped/DefinitelyTyped/tree/master/types/node', github('DefinitelyTyped', 'DefinitelyTyped', 'types/node')],
    ['https://github.com/o/r.git#v1.2.3', github('o', 'r')],
    ['https://user:secret@github.com/o/r', github('o', 'r')],
  ])('%s', (input, expected) => {
    expect(normaliseRepository(input)).toEqual(expected);
  });

  it('object form with a monorepo directory', () => {
    expect(normaliseRepository({ type: 'git', url: 'https://github.com/DefinitelyTyped/DefinitelyTyped.git', directory: './types/node/' })).toEqual(
      github('DefinitelyTyped', 'DefinitelyTyped', 'types/node'),
    );
    expect(normaliseRepository({ type: 'git', url: 'git+https://github.com/o/r.git', directory: '../../etc' })).toEqual(github('o', 'r'));
  });

  it('non-GitHub hosts give an https repositoryUrl', () => {
    expect(normaliseRepository('gitlab:group/project')).toEqual({ repository: null, repositoryUrl: 'https://gitlab.com/group/project' });
    expect(normaliseRepository('git@gitlab.com:group/project.git')).toEqual({ repository: null, repositoryUrl: 'https://gitlab.com/group/project' });
    expect(normaliseRepository({ url: 'git+https://bitbucket.org/team/repo.git' })).toEqual({ repository: null, repositoryUrl: 'https://bitbucket.org/team/repo' });
    expect(normaliseRepository('git://git.example.org/project')).toEqual({ repository: null, repositoryUrl: 'https://git.example.org/project' });
  });

  it('unusable values give nulls', () => {
    expect(normaliseRepository(undefined)).toEqual({ repository: null, repositoryUrl: null });
    expect(normaliseRepository({ type: 'git' })).toEqual({ repository: null, repositoryUrl: null });
    expect(normaliseRepository('file:../local')).toEqual({ repository: null, repositoryUrl: null });
    expect(normaliseRepository('not a repository at all')).toEqual({ repository: null, repositoryUrl: null });
  });
});
