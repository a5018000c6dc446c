import { mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { pruneTarballCache, withTarballCache } from '../../src/ecosystems/npm/tarball-cache.js';
import { silentLogger } from '../../src/shared/logger.js';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../fakes/fake-npm-registry.js';

let registry: FakeNpmRegistry;
beforeEach(async () => {
  registry = await startFakeNpmRegistry();
});
afterEach(async () => {
  await registry.close();
});

describe('tarball cache', () => {
  it('downloads a tarball once and serves later runs from the cache directory; packuments are always fetched', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-cache-'));
    const runOnce = async () => {
      const client = withTarballCache(createNpmRegistryClient({ registryUrl: registry.url }), directory, silentLogger);
      const packument = await client.getPackument('lodash');
      const tarball = await client.getTarball(packument.versions['4.17.21']!.dist!.tarball!, 'lodash@4.17.21');
      return { client, tarball };
    };
    const first = await runOnce();
    const second = await runOnce();
    expect(second.tarball.equals(first.tarball)).toBe(true);
    expect(first.client.cacheHits).toBe(0);
    expect(second.client.cacheHits).toBe(1);
    expect(registry.requests.filter((path) => path.endsWith('.tgz'))).toHaveLength(1);
    expect(registry.countOf('/lodash')).toBe(2);
    expect(readdirSync(directory).filter((name) => name.endsWith('.tgz'))).toHaveLength(1);
  });

  it('drops a cached copy that no longer matches the registry integrity and downloads it again', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-cache-'));
    const first = withTarballCache(createNpmRegistryClient({ registryUrl: registry.url }), directory, silentLogger);
    const manifest = (await first.getPackument('lodash')).versions['4.17.21']!;
    const url = manifest.dist!.tarball!;
    const integrity = manifest.dist!.integrity!;
    const original = await first.getTarball(url, 'lodash@4.17.21', integrity);
    const [cachedName] = readdirSync(directory).filter((name) => name.endsWith('.tgz'));
    writeFileSync(join(directory, cachedName!), Buffer.from('corrupted'));

    const second = withTarballCache(createNpmRegistryClient({ registryUrl: registry.url }), directory, silentLogger);
    const again = await second.getTarball(url, 'lodash@4.17.21', integrity);
    expect(again.equals(original)).toBe(true);
    expect(second.cacheHits).toBe(0);
    expect(registry.requests.filter((path) => path.endsWith('.tgz'))).toHaveLength(2);
  });

  it('prunes to a byte budget, keeping the most recently used files', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-cache-'));
    for (const [name, ageSeconds] of [['old', 300], ['middle', 200], ['new', 100]] as const) {
      const file = join(directory, `${name}.tgz`);
      writeFileSync(file, Buffer.alloc(1000));
      const time = Date.now() / 1000 - ageSeconds;
      utimesSync(file, time, time);
    }
    expect(await pruneTarballCache(directory, 2500)).toEqual({ kept: 2, removed: 1 });
    expect(readdirSync(directory).sort()).toEqual(['middle.tgz', 'new.tgz']);
    expect(await pruneTarballCache(join(directory, 'missing'), 10)).toEqual({ kept: 0, removed: 0 });
  });
});
