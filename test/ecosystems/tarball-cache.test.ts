import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createNpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { packumentCacheOf, withTarballCache } from '../../src/ecosystems/npm/tarball-cache.js';
import { openCacheStore, type CacheStore } from '../../src/shared/cache-store.js';
import { silentLogger } from '../../src/shared/logger.js';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../fakes/fake-npm-registry.js';

let registry: FakeNpmRegistry;
beforeEach(async () => {
  registry = await startFakeNpmRegistry();
});
afterEach(async () => {
  await registry.close();
});

const newStore = async (directory = mkdtempSync(join(tmpdir(), 'depverdict-cache-'))): Promise<CacheStore> => (await openCacheStore(directory))!;

/** One run's client over the store: what the CLI builds with a cache directory. */
function clientOver(store: CacheStore, url = registry.url) {
  return withTarballCache(createNpmRegistryClient({ registryUrl: url, packumentCache: packumentCacheOf(store, url) }), store, silentLogger);
}

const tarballRequests = () => registry.requests.filter((path) => path.endsWith('.tgz'));

describe('tarball cache', () => {
  it('downloads a tarball once, keyed by its integrity, and serves later runs verified from the store', async () => {
    const store = await newStore();
    const runOnce = async () => {
      const client = clientOver(store);
      const manifest = (await client.getPackument('lodash')).versions['4.17.21']!;
      const tarball = await client.getTarball(manifest.dist!.tarball!, 'lodash@4.17.21', manifest.dist!.integrity!);
      return { client, tarball };
    };
    const first = await runOnce();
    const second = await runOnce();
    expect(second.tarball.equals(first.tarball)).toBe(true);
    expect([first.client.cacheHits, second.client.cacheHits]).toEqual([0, 1]);
    expect(second.client.stats).toMatchObject({ tarballRequests: 0, tarballCacheHits: 1, tarballBytes: 0 });
    expect(tarballRequests()).toHaveLength(1);
  });

  it('never caches a tarball without integrity: it could not be checked on the way out', async () => {
    const store = await newStore();
    const url = (await clientOver(store).getPackument('lodash')).versions['4.17.21']!.dist!.tarball!;
    await clientOver(store).getTarball(url, 'lodash@4.17.21', null);
    await clientOver(store).getTarball(url, 'lodash@4.17.21', null);
    expect(tarballRequests()).toHaveLength(2);
  });

  it('drops a stored copy that is whole but not the published bytes, and downloads it again', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-cache-'));
    const store = await newStore(directory);
    const manifest = (await clientOver(store).getPackument('lodash')).versions['4.17.21']!;
    const [url, integrity] = [manifest.dist!.tarball!, manifest.dist!.integrity!];
    const original = await clientOver(store).getTarball(url, 'lodash@4.17.21', integrity);
    // A well-formed entry with other bytes under the same key (a hostile or buggy writer).
    const [entry] = readdirSync(join(directory, 'v1', 'tarballs'));
    const forged = await openCacheStore(directory);
    await forged!.write('tarballs', entry!, Buffer.from('other bytes'));

    const again = clientOver(store);
    expect((await again.getTarball(url, 'lodash@4.17.21', integrity)).equals(original)).toBe(true);
    expect(again.cacheHits).toBe(0);
    expect(tarballRequests()).toHaveLength(2);
  });
});

describe('packument revalidation', () => {
  it('asks again with If-None-Match; a 304 costs no body and the stored packument is used', async () => {
    const store = await newStore();
    const first = clientOver(store);
    const fresh = await first.getPackument('lodash');
    const second = clientOver(store);
    const revalidated = await second.getPackument('lodash');
    expect(revalidated).toEqual(fresh);
    expect(registry.countOf('/lodash')).toBe(2);
    expect(registry.received[1]!.headers['if-none-match']).toMatch(/^"[0-9a-f]+"$/);
    expect(registry.statuses).toEqual([200, 304]);
    expect(second.stats).toMatchObject({ packumentRequests: 1, packumentsNotModified: 1, packumentBytes: 0 });
    expect(first.stats.packumentBytes).toBeGreaterThan(1000);
  });

  it('is never trusted stale: a changed packument (a new version) is fetched whole and stored', async () => {
    const store = await newStore();
    await clientOver(store).getPackument('ms');
    const document = JSON.parse(readFileSync(new URL('../fixtures/registry/packuments/ms.json', import.meta.url), 'utf8')) as { versions: Record<string, unknown>; 'dist-tags': Record<string, string> };
    document.versions['9.9.9'] = { ...(Object.values(document.versions)[0] as object), version: '9.9.9' };
    registry.setPackument('ms', document);
    const changed = await clientOver(store).getPackument('ms');
    expect(Object.keys(changed.versions)).toContain('9.9.9');
    expect(registry.statuses).toEqual([200, 200]);
    // And the new document is what the next run revalidates.
    expect(Object.keys((await clientOver(store).getPackument('ms')).versions)).toContain('9.9.9');
    expect(registry.statuses).toEqual([200, 200, 304]);
  });

  it('stores nothing from a registry that sends no validators (it could only be trusted stale)', async () => {
    const plain = await startFakeNpmRegistry({ noValidators: true });
    try {
      const directory = mkdtempSync(join(tmpdir(), 'depverdict-cache-'));
      const store = await newStore(directory);
      await clientOver(store, plain.url).getPackument('lodash');
      await clientOver(store, plain.url).getPackument('lodash');
      expect(plain.received.map((request) => request.headers['if-none-match'])).toEqual([undefined, undefined]);
      expect(readdirSync(join(directory, 'v1')).includes('packuments')).toBe(false);
    } finally {
      await plain.close();
    }
  });

  it('fetches whole again when the stored packument is garbage behind a valid frame', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'depverdict-cache-'));
    const store = await newStore(directory);
    const fresh = await clientOver(store).getPackument('lodash');
    const [entry] = readdirSync(join(directory, 'v1', 'packuments'));
    // Keep the header (so the registry answers 304) but break the body.
    const stored = await store.read('packuments', entry!);
    const header = stored!.subarray(0, stored!.indexOf(0x0a) + 1);
    await store.write('packuments', entry!, Buffer.concat([header, Buffer.from('{"garbage":')]));
    expect(await clientOver(store).getPackument('lodash')).toEqual(fresh);
    expect(registry.statuses).toEqual([200, 304, 200]);
  });
});
