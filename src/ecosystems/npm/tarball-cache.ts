import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../../shared/canonical-json.js';
import { writeFileAtomic } from '../../shared/atomic-write.js';
import type { Logger } from '../../shared/logger.js';
import type { NpmRegistryClient } from './registry-client.js';
import { verifyTarballIntegrity } from './tarball-integrity.js';

/**
 * A directory of tarballs shared across runs (restored and saved with @actions/cache by the
 * action). Tarballs are immutable per version and every one is verified against the
 * packument's integrity before use, so a cached copy is as good as a download; packuments are
 * never cached, because new versions and deprecations must be seen.
 */
export function withTarballCache(client: NpmRegistryClient, directory: string, logger: Logger): NpmRegistryClient & { readonly cacheHits: number } {
  let cacheHits = 0;
  const fileOf = (url: string) => join(directory, `${sha256Hex(url)}.tgz`);
  return {
    get registryUrl() {
      return client.registryUrl;
    },
    get stats() {
      return client.stats;
    },
    get cacheHits() {
      return cacheHits;
    },
    getPackument: (name) => client.getPackument(name),
    // Advisories change as they are published: never cached.
    getAdvisories: (versionsByName) => client.getAdvisories(versionsByName),
    async getTarball(url, label, integrity) {
      const file = fileOf(url);
      try {
        const cached = await readFile(file);
        // A stored copy that no longer matches the registry's integrity is dropped and fetched
        // again, so one bad entry can never block a package's changelog for good.
        if (!integrity || verifiesAgainst(cached, integrity, label ?? url)) {
          cacheHits += 1;
          return cached;
        }
        await rm(file, { force: true });
        logger.warning(`The cached ${label ?? 'tarball'} did not match the registry's integrity; downloading it again.`);
      } catch {
        // Not cached yet: download below.
      }
      const tarball = await client.getTarball(url, label);
      try {
        await writeFileAtomic(file, tarball);
      } catch (error) {
        logger.debug(`Could not cache the ${label ?? url} tarball: ${(error as Error).message}`);
      }
      return tarball;
    },
  };
}

function verifiesAgainst(tarball: Buffer, integrity: string, label: string): boolean {
  try {
    verifyTarballIntegrity(tarball, integrity, label);
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the cache bounded before it is saved: the most recently used files up to `maxBytes`.
 * Without this a long-lived repository's cache would grow with every dependency it ever bumped.
 */
export async function pruneTarballCache(directory: string, maxBytes: number): Promise<{ kept: number; removed: number }> {
  let names: string[];
  try {
    names = (await readdir(directory)).filter((name) => name.endsWith('.tgz'));
  } catch {
    return { kept: 0, removed: 0 };
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(directory, name));
      return { path: join(directory, name), size: info.size, usedAt: Math.max(info.atimeMs, info.mtimeMs) };
    }),
  );
  files.sort((a, b) => b.usedAt - a.usedAt || (a.path < b.path ? -1 : 1));
  let total = 0;
  let removed = 0;
  for (const file of files) {
    total += file.size;
    if (total > maxBytes) {
      await rm(file.path, { force: true });
      removed += 1;
    }
  }
  return { kept: files.length - removed, removed };
}
