import { cacheKeyOf, type CacheStore } from '../../shared/cache-store.js';
import type { Logger } from '../../shared/logger.js';
import type { NpmRegistryClient, PackumentCache, StoredPackument } from './registry-client.js';
import { verifyTarballIntegrity } from './tarball-integrity.js';

/**
 * The registry client over a persistent cache store (the CLI's cache directory, or the
 * directory the action restores and saves with @actions/cache).
 *
 * Tarballs are immutable per integrity: they are keyed by the packument's `dist.integrity` and
 * verified against it again on every read, so a cached copy is exactly what a download would
 * give. A tarball without integrity cannot be checked, so it is never cached.
 */
export function withTarballCache(client: NpmRegistryClient, store: CacheStore, logger: Logger): NpmRegistryClient & { readonly cacheHits: number } {
  let cacheHits = 0;
  return {
    get registryUrl() {
      return client.registryUrl;
    },
    get stats() {
      return { ...client.stats, tarballCacheHits: cacheHits };
    },
    get cacheHits() {
      return cacheHits;
    },
    getPackument: (name) => client.getPackument(name),
    // Advisories change as they are published: never cached.
    getAdvisories: (versionsByName) => client.getAdvisories(versionsByName),
    async getTarball(url, label, integrity) {
      if (!integrity) return client.getTarball(url, label);
      const key = cacheKeyOf('tarball', integrity.trim());
      const cached = await store.read('tarballs', key);
      if (cached !== null) {
        // A stored copy that does not match the registry's integrity is dropped and fetched
        // again, so one bad entry can never stand in for the published bytes.
        if (verifies(cached, integrity, label ?? url)) {
          cacheHits += 1;
          return cached;
        }
        await store.discard('tarballs', key, `not the published ${label ?? 'tarball'} (integrity mismatch)`);
      }
      const tarball = await client.getTarball(url, label);
      // Only bytes that match the integrity are stored; the caller reports a mismatch.
      if (verifies(tarball, integrity, label ?? url)) await store.write('tarballs', key, tarball);
      else logger.debug(`The downloaded ${label ?? 'tarball'} does not match its integrity; it was not cached.`);
      return tarball;
    },
  };
}

function verifies(tarball: Buffer, integrity: string, label: string): boolean {
  try {
    return verifyTarballIntegrity(tarball, integrity, label);
  } catch {
    return false;
  }
}

/**
 * Packuments in the store, per registry: a header line with the validators, then the body
 * exactly as the registry sent it. The client revalidates them before any use.
 */
export function packumentCacheOf(store: CacheStore, registryUrl: string): PackumentCache {
  const keyOf = (name: string) => cacheKeyOf('packument', registryUrl, name);
  return {
    async read(name): Promise<StoredPackument | null> {
      const payload = await store.read('packuments', keyOf(name));
      if (payload === null) return null;
      const newline = payload.indexOf(0x0a);
      try {
        const header = JSON.parse(payload.subarray(0, newline).toString('utf8')) as { name?: unknown; etag?: unknown; lastModified?: unknown };
        if (header.name !== name) throw new Error('another package');
        const etag = typeof header.etag === 'string' ? header.etag : null;
        const lastModified = typeof header.lastModified === 'string' ? header.lastModified : null;
        if (etag === null && lastModified === null) throw new Error('no validator');
        return { etag, lastModified, body: payload.subarray(newline + 1) };
      } catch {
        await store.discard('packuments', keyOf(name), 'unreadable');
        return null;
      }
    },
    async write(name, entry) {
      const header = Buffer.from(`${JSON.stringify({ name, etag: entry.etag, lastModified: entry.lastModified })}\n`, 'utf8');
      await store.write('packuments', keyOf(name), Buffer.concat([header, entry.body]));
    },
    discard: (name, reason) => store.discard('packuments', keyOf(name), reason),
  };
}
