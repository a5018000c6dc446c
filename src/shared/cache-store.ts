import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-write.js';
import { silentLogger, type Logger } from './logger.js';

/**
 * A persistent, size-bounded store of cache entries on disk (DESIGN §6): verified tarballs,
 * revalidated packuments and reusable runtime answers. It only ever saves time: every failure
 * (a read-only or full disk, a damaged or foreign file) is a warning and a miss, never a wrong
 * answer and never a failed run.
 *
 * Layout: `<directory>/v1/<namespace>/<key>`, where the key is a sha256 hex digest computed by
 * the caller — so no package name, URL or secret ever appears in a file name, and no key can
 * point outside its namespace. Each file is a header line `depverdict-cache 1 <sha256> <length>`
 * followed by the payload; the digest and length are checked on every read, so a torn or edited
 * entry is discarded and removed, never read. Writes are atomic (temp file + rename), so two
 * runs sharing the directory see either an old whole entry or a new whole entry.
 */

export type CacheNamespace = 'tarballs' | 'packuments' | 'answers';

/** Default bound of the whole store; the largest single entries (packuments) are tens of MiB. */
export const DEFAULT_CACHE_MAX_BYTES = 1024 * 1024 * 1024;

const LAYOUT_VERSION = 'v1';
const NAMESPACES: readonly CacheNamespace[] = ['tarballs', 'packuments', 'answers'];
const MAGIC = 'depverdict-cache 1';
const KEY_PATTERN = /^[0-9a-f]{64}$/;
/** Temp files older than this are leftovers of a crashed writer. */
const STALE_TEMP_MS = 60 * 60 * 1000;

export interface CacheStoreStats {
  hits: number;
  misses: number;
  /** Entries found damaged (torn, edited, unreadable) and removed. */
  discarded: number;
  writes: number;
  writeFailures: number;
}

export interface CacheStore {
  readonly directory: string;
  readonly stats: CacheStoreStats;
  /** The payload, or null when absent or damaged (a damaged entry is removed with a warning). */
  read(namespace: CacheNamespace, key: string): Promise<Buffer | null>;
  /** Stores a payload; an I/O failure is one warning per run, then writes stop (never an error). */
  write(namespace: CacheNamespace, key: string, payload: Uint8Array): Promise<void>;
  /** Removes least-recently-used entries until the store fits in `maxBytes`. Never throws. */
  prune(maxBytes?: number): Promise<{ kept: number; removed: number; bytes: number }>;
  /** Removes one entry (a caller found its payload unusable). Never throws. */
  discard(namespace: CacheNamespace, key: string, reason: string): Promise<void>;
}

/** The cache key of any text: callers hash what identifies an entry, never store it as a name. */
export function cacheKeyOf(...parts: string[]): string {
  const hash = createHash('sha256');
  // Length-prefixed parts: ("ab", "c") and ("a", "bc") never collide.
  for (const part of parts) hash.update(`${Buffer.byteLength(part, 'utf8')}:${part}\n`);
  return hash.digest('hex');
}

function frame(payload: Uint8Array): Buffer {
  const digest = createHash('sha256').update(payload).digest('hex');
  return Buffer.concat([Buffer.from(`${MAGIC} ${digest} ${payload.length}\n`, 'utf8'), payload]);
}

/** The payload of a framed entry, or null when the header, length or digest do not hold. */
function unframe(file: Buffer): Buffer | null {
  const newline = file.indexOf(0x0a);
  if (newline < 0 || newline > 200) return null;
  const match = /^depverdict-cache 1 ([0-9a-f]{64}) (\d{1,12})$/.exec(file.subarray(0, newline).toString('utf8'));
  if (!match) return null;
  const payload = file.subarray(newline + 1);
  if (payload.length !== Number(match[2])) return null;
  if (createHash('sha256').update(payload).digest('hex') !== match[1]) return null;
  return payload;
}

export interface CacheStoreOptions {
  logger?: Logger;
  maxBytes?: number;
}

/**
 * Opens (and creates) a store. Returns null, with a warning, when the directory cannot be
 * created or read at all; a directory that can be read but not written still serves reads.
 */
export async function openCacheStore(directory: string, options: CacheStoreOptions = {}): Promise<CacheStore | null> {
  const logger = options.logger ?? silentLogger;
  const root = join(directory, LAYOUT_VERSION);
  let writable = true;
  try {
    await mkdir(root, { recursive: true });
  } catch (error) {
    // A read-only directory that already holds a store is still worth reading.
    try {
      await stat(root);
      writable = false;
      logger.warning(`The cache directory ${directory} cannot be written (${codeOf(error)}); cached entries are read, nothing new is stored.`);
    } catch {
      logger.warning(`The cache directory ${directory} cannot be used (${codeOf(error)}); everything is fetched from the network.`);
      return null;
    }
  }
  const stats: CacheStoreStats = { hits: 0, misses: 0, discarded: 0, writes: 0, writeFailures: 0 };
  const pathOf = (namespace: CacheNamespace, key: string): string => {
    if (!NAMESPACES.includes(namespace) || !KEY_PATTERN.test(key)) throw new Error(`invalid cache key for ${namespace}`);
    return join(root, namespace, key);
  };

  const discard = async (namespace: CacheNamespace, key: string, reason: string): Promise<void> => {
    stats.discarded += 1;
    logger.warning(`A cached ${namespace.replace(/s$/, '')} entry was ${reason}; it was discarded and fetched again.`);
    await rm(pathOf(namespace, key), { force: true }).catch(() => undefined);
  };

  return {
    directory,
    stats,
    discard,
    async read(namespace, key) {
      const path = pathOf(namespace, key);
      let file: Buffer;
      try {
        file = await readFile(path);
      } catch (error) {
        stats.misses += 1;
        if (codeOf(error) !== 'ENOENT') logger.debug(`cache: could not read a ${namespace} entry (${codeOf(error)})`);
        return null;
      }
      const payload = unframe(file);
      if (payload === null) {
        stats.misses += 1;
        await discard(namespace, key, 'damaged (truncated or altered)');
        return null;
      }
      stats.hits += 1;
      // Least-recently-used eviction reads the modification time; touching it marks the use.
      const now = new Date();
      await utimes(path, now, now).catch(() => undefined);
      return payload;
    },
    async write(namespace, key, payload) {
      // A malformed key is a bug in the caller, not an I/O problem: it throws.
      const path = pathOf(namespace, key);
      if (!writable) return;
      try {
        await writeFileAtomic(path, frame(payload), 0o600);
        stats.writes += 1;
      } catch (error) {
        stats.writeFailures += 1;
        writable = false;
        logger.warning(`Could not write to the cache directory ${directory} (${codeOf(error)}); this run stores nothing more there.`);
      }
    },
    async prune(maxBytes = options.maxBytes ?? DEFAULT_CACHE_MAX_BYTES) {
      if (!writable) return { kept: 0, removed: 0, bytes: 0 };
      return pruneEntries(root, maxBytes);
    },
  };
}

/** Most recently used first, up to `maxBytes`; stale temp files of crashed writers go too. */
async function pruneEntries(root: string, maxBytes: number): Promise<{ kept: number; removed: number; bytes: number }> {
  const entries: Array<{ path: string; size: number; usedAt: number }> = [];
  const now = Date.now();
  for (const namespace of NAMESPACES) {
    let names: string[];
    try {
      names = await readdir(join(root, namespace));
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(root, namespace, name);
      const info = await stat(path).catch(() => null);
      if (info === null || !info.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true }).catch(() => undefined);
        continue;
      }
      // Files that are not ours (a shared directory) are left alone.
      if (!KEY_PATTERN.test(name)) continue;
      entries.push({ path, size: info.size, usedAt: Math.max(info.atimeMs, info.mtimeMs) });
    }
  }
  entries.sort((a, b) => b.usedAt - a.usedAt || (a.path < b.path ? -1 : 1));
  let total = 0;
  let removed = 0;
  for (const entry of entries) {
    if (total + entry.size > maxBytes) {
      await rm(entry.path, { force: true }).catch(() => undefined);
      removed += 1;
      continue;
    }
    total += entry.size;
  }
  return { kept: entries.length - removed, removed, bytes: total };
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? 'error';
}
