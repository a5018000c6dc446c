import * as cache from '@actions/cache';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openCacheStore, type CacheStore } from '../shared/cache-store.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';

/** Bumping the version drops every old cache (for a format change): v2 is the CLI's store layout. */
const KEY_PREFIX = 'depverdict-store-v2-';
const MAX_CACHE_BYTES = 256 * 1024 * 1024;

export interface EvidenceCache {
  directory: string;
  /** The same store the CLI keeps in its cache directory: tarballs and reusable answers. */
  store: CacheStore;
  /** Saves the directory for later runs, unless this exact key was restored. Never throws. */
  save(): Promise<void>;
}

/**
 * Shares downloaded tarballs and reusable runtime answers across runs of the workflow through the Actions cache service
 * (DESIGN §6: scale is GitHub Actions itself). The key is per head commit, restoring from the
 * newest cache of any earlier run, so a rerun or the next PR reuses what was downloaded.
 * Every failure here is a warning: the cache only saves time, it never changes a verdict.
 */
export async function restoreEvidenceCache(env: NodeJS.ProcessEnv, headSha: string, logger: Logger): Promise<EvidenceCache | null> {
  if (!cache.isFeatureAvailable()) {
    logger.debug('The Actions cache service is not available; tarballs are downloaded fresh.');
    return null;
  }
  const directory = join(env.RUNNER_TEMP ?? tmpdir(), 'depverdict-cache');
  const key = `${KEY_PREFIX}${headSha}`;
  let restoredKey: string | undefined;
  try {
    restoredKey = await cache.restoreCache([directory], key, [KEY_PREFIX]);
    logger.info(restoredKey ? `Restored cached tarballs (${restoredKey}).` : 'No cached tarballs yet.');
  } catch (error) {
    logger.warning(`Could not restore the tarball cache: ${sanitizeMessage((error as Error).message)}`);
  }
  const store = await openCacheStore(directory, { logger, maxBytes: MAX_CACHE_BYTES });
  if (store === null) return null;
  return {
    directory,
    store,
    async save() {
      if (restoredKey === key) return;
      try {
        const pruned = await store.prune(MAX_CACHE_BYTES);
        if (pruned.kept === 0) return;
        await cache.saveCache([directory], key);
        logger.info(`Saved ${pruned.kept} cached entries (tarballs, reusable answers) for later runs.`);
      } catch (error) {
        logger.warning(`Could not save the tarball cache: ${sanitizeMessage((error as Error).message)}`);
      }
    },
  };
}
