import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { createNpmRegistryClient, normaliseRegistryUrl, type NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { packumentCacheOf, withTarballCache } from '../ecosystems/npm/tarball-cache.js';
import { openCacheStore, type CacheStore } from '../shared/cache-store.js';
import type { Logger } from '../shared/logger.js';
import type { RunBounds } from '../shared/run-bounds.js';

/**
 * Where the CLI keeps its cache: `--cache-dir`, else DEPVERDICT_CACHE_DIR, else
 * `$XDG_CACHE_HOME/depverdict`, else `~/.cache/depverdict` (the XDG Base Directory default).
 * Null when caching is off. A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
 */
export function resolveCacheDirectory(args: { cacheDir: string | null; noCache: boolean }, env: NodeJS.ProcessEnv): string | null {
  if (args.noCache) return null;
  if (args.cacheDir !== null) return resolve(args.cacheDir);
  if (env.DEPVERDICT_CACHE_DIR) return resolve(env.DEPVERDICT_CACHE_DIR);
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && isAbsolute(xdg)) return join(xdg, 'depverdict');
  return join(homedir(), '.cache', 'depverdict');
}

/**
 * The npm registry client for a CLI run: over the cache store when there is one (tarballs
 * verified, packuments revalidated), plain otherwise.
 */
export function createCliRegistry(registryUrl: string, store: CacheStore | null, logger: Logger, run?: RunBounds): NpmRegistryClient {
  if (store === null) return createNpmRegistryClient({ registryUrl, logger, ...(run ? { run } : {}) });
  const client = createNpmRegistryClient({ registryUrl, logger, ...(run ? { run } : {}), packumentCache: packumentCacheOf(store, normaliseRegistryUrl(registryUrl)) });
  return withTarballCache(client, store, logger);
}

/** Opens the run's cache store; null (with a warning from the store) when it cannot be used. */
export async function openCliCache(args: { cacheDir: string | null; noCache: boolean }, env: NodeJS.ProcessEnv, logger: Logger): Promise<CacheStore | null> {
  const directory = resolveCacheDirectory(args, env);
  return directory === null ? null : openCacheStore(directory, { logger });
}
