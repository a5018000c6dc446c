import { createHash } from 'node:crypto';
import { createGunzip, type Gunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import type { TarballScanStats } from './tarball-changelog.js';

/**
 * Reads chosen files of an npm tarball in memory, as a bounded stream: nothing is written to
 * disk, symlinks are never followed, and the scan stops (and stops inflating) at its budget.
 * The changelog reader and the API-surface diff both use it, with their own `select`.
 */

export const INFLATE_CHUNK_BYTES = 64 * 1024;

export interface SelectedEntry {
  /** Path inside the tarball, e.g. `package/History.md`. */
  path: string;
  text: string;
}

export interface ReadLimits {
  maxEntryBytes: number;
  maxTotalBytes: number;
  /** Stop reading (not scanning) once this many entries were selected. */
  maxSelected: number;
  label: string;
  /** What the scan looks for, in warnings: "for a changelog", "for type declarations". */
  purpose: string;
  warn: (code: string, message: string) => void;
  onScanStats: ((stats: TarballScanStats) => void) | undefined;
  /** Which regular files to read; `path` is the tarball path (`package/...`). */
  select: (path: string) => boolean;
  /** Told the path of every regular file met (bounded by the scan budget). */
  onFile?: (path: string) => void;
  /**
   * Told the SHA-256 of every regular file read whole within the budget, selected or not (the
   * bytes are hashed as they stream by, never kept), and null for every other entry but a
   * directory (a link, a device: never followed), for comparing two versions entry by entry.
   */
  onFileDigest?: (path: string, sha256: string | null) => void;
  /**
   * Asked before each entry: true ends the scan there, quietly (what was read stands, nothing
   * more is inflated), for a caller whose answer is already settled (the file comparison, once
   * it knows the tarball cannot be compared).
   */
  isDone?: () => boolean;
  /** Warning code and wording for a selected file over `maxEntryBytes`; null skips it quietly. */
  tooLarge: (path: string, size: number) => { code: string; message: string } | null;
}

/** Thrown by the caller's error type: the tarball could not be read at all. */
export type ReadFailure = (reason: string) => Error;

/**
 * A tarball in hand, or one loaded when a reader first needs it (the older version's, fetched
 * only when a comparison gets that far).
 */
export type TarballSource = Buffer | (() => Promise<Buffer>);

/** The bytes of a TarballSource (loaded now when it is a loader). */
export function tarballBytes(source: TarballSource): Promise<Buffer> {
  return typeof source === 'function' ? source() : Promise.resolve(source);
}


const decoder = new TextDecoder('utf-8', { fatal: false });

const GZIP_MAGIC = [0x1f, 0x8b] as const;
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}

/** An absolute path, a drive letter, or a `..` segment: the entry would land outside the package. */
export function escapesPackage(path: string): boolean {
  const normalised = path.replace(/\\/g, '/');
  return normalised.startsWith('/') || /^[A-Za-z]:/.test(normalised) || (normalised.includes('..') && normalised.split('/').includes('..'));
}

/**
 * Streams the tarball through the tar parser. Inflating is done here, not by the parser, so the
 * scan controls it: the inflater is fed the compressed bytes, each inflated chunk is counted and
 * handed on, and once the budget is reached the inflater is destroyed and the parser aborted. A
 * gzip bomb therefore costs at most the budget plus one chunk of inflate work, never its full size.
 * The inflater also stops at the archive's end marker, so junk after it is never inflated.
 * Each read inflates the tarball again: keeping one inflated copy per bump for the other reads
 * was measured (session 17) slower and ~60 MiB heavier on the bench's 51-bump PR.
 */
export function readSelectedEntries(tarball: Buffer, limits: ReadLimits, readFailure: ReadFailure): Promise<SelectedEntry[]> {
  return new Promise<SelectedEntry[]>((resolve, reject) => {
    // Keyed by where npm extracts each entry (selectionKey), in the order of each key's last
    // copy: a later copy replaces an earlier one and moves to the end, as npm's overwrite does.
    const candidates = new Map<string, SelectedEntry>();
    const stats: TarballScanStats = { inflatedBytes: 0, entries: 0, stoppedAtLimit: false };
    let scannedBytes = 0;
    let unsafeEntries = 0;
    let settled = false;
    let failure: Error | undefined;
    // npm tarballs are gzip; anything else is read as a plain tar (never inflated by the parser).
    const inflater: Gunzip | undefined = startsWith(tarball, GZIP_MAGIC) ? createGunzip({ chunkSize: INFLATE_CHUNK_BYTES }) : undefined;
    const readError = (error: unknown, fallback: string): Error => readFailure(error instanceof Error ? error.message.slice(0, 200) : fallback);

    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      inflater?.destroy();
      limits.onScanStats?.({ ...stats });
      const problem = error ?? failure;
      if (problem === undefined) resolve([...candidates.values()]);
      else reject(problem);
    };

    /** Ends the scan at its budget: what was read so far stands, nothing more is inflated or parsed. */
    const stopAtLimit = (message: string): void => {
      if (settled) return;
      stats.stoppedAtLimit = true;
      limits.warn('TARBALL_SCAN_LIMIT', message);
      finish();
      parser.abort(new Error('scan limit reached'));
    };

    /** Ends the scan early because the caller has what it needs: no warning, nothing more inflated. */
    const stopEarly = (): void => {
      finish();
      parser.abort(new Error('scan ended by the caller'));
    };

    const parser = new Parser({
      // Non-strict: a bad header is a warning and the scan goes on; an unreadable stream still errors.
      strict: false,
      // The bytes given to the parser are plain tar (inflated above); it must not decompress anything.
      zstd: false,
      onwarn: (code: string, message: string) => {
        // Not a tar stream at all: say so rather than report "no changelog".
        if (code === 'TAR_BAD_ARCHIVE') failure = readFailure(message.slice(0, 200));
      },
      onReadEntry: (entry: ReadEntry) => {
        stats.entries += 1;
        if (settled) {
          entry.resume();
          return;
        }
        if (limits.isDone?.() === true) {
          entry.resume();
          stopEarly();
          return;
        }
        scannedBytes += entry.size;
        if (scannedBytes > limits.maxTotalBytes) {
          entry.resume();
          stopAtLimit(`The tarball of ${limits.label} unpacks to more than ${String(limits.maxTotalBytes)} bytes; files from ${entry.path.slice(0, 200)} on were not scanned ${limits.purpose}.`);
          return;
        }
        if (escapesPackage(entry.path)) {
          // Never read, and said once: a package has no business writing outside itself.
          unsafeEntries += 1;
          if (unsafeEntries === 1) limits.warn('TARBALL_UNSAFE_ENTRY', `The tarball of ${limits.label} holds entries whose paths escape the package directory (such as ${JSON.stringify(entry.path.slice(0, 100))}); they were refused.`);
          entry.resume();
          return;
        }
        // npm extracts every kind of file alike, a ContiguousFile (type 7) as a File.
        const isFile = entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile';
        if (isFile) limits.onFile?.(entry.path);
        if (!isFile && entry.type !== 'Directory') limits.onFileDigest?.(entry.path, null);
        if (isFile && limits.onFileDigest !== undefined) {
          const report = limits.onFileDigest;
          const path = entry.path;
          const hash = createHash('sha256');
          entry.on('data', (chunk: Buffer) => hash.update(chunk));
          // A scan stopped at its budget reports no more files: the caller sees it incomplete.
          entry.on('end', () => {
            if (!settled) report(path, hash.digest('hex'));
          });
        }
        // A path met twice is installed as its last copy (npm extracts in order, overwriting),
        // so a later copy replaces an earlier one: an earlier, harmless copy cannot stand in for it.
        const key = selectionKey(entry.path);
        const earlier = isFile && candidates.has(key);
        if (!isFile || !limits.select(entry.path) || (!earlier && candidates.size >= limits.maxSelected)) {
          entry.resume();
          return;
        }
        if (earlier) candidates.delete(key);
        if (entry.size > limits.maxEntryBytes) {
          const problem = limits.tooLarge(entry.path, entry.size);
          if (problem !== null) limits.warn(problem.code, problem.message);
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        entry.on('data', (chunk: Buffer) => {
          // The header size is checked above; this guards a header that lies about it.
          received += chunk.length;
          if (received <= limits.maxEntryBytes) chunks.push(chunk);
        });
        entry.on('end', () => {
          if (received > limits.maxEntryBytes || settled) return;
          const text = decoder.decode(Buffer.concat(chunks)).replace(/^\uFEFF/, '');
          candidates.set(key, { path: entry.path, text });
        });
      },
    });
    // The end-of-archive marker: whatever follows is padding or junk. The parser would keep
    // buffering it (re-concatenating its buffer per chunk), so stop inflating and end here.
    let archiveEnded = false;
    parser.on('eof', () => {
      archiveEnded = true;
    });
    const endParser = (): void => {
      inflater?.destroy();
      if (!settled) parser.end();
    };
    parser.on('error', (error: unknown) => finish(readError(error, 'unknown error')));
    parser.on('abort', (error: unknown) => finish(readError(error, 'aborted')));
    parser.on('close', () => finish());
    parser.on('end', () => finish());

    /** Hands inflated tar bytes to the parser, within the budget. */
    const consume = (chunk: Buffer): void => {
      if (settled) return;
      const first = stats.inflatedBytes === 0;
      stats.inflatedBytes += chunk.length;
      // A compressed stream inside the gzip would be inflated by the parser, outside our budget.
      if (first && (startsWith(chunk, GZIP_MAGIC) || startsWith(chunk, ZSTD_MAGIC))) {
        finish(readFailure('it holds another compressed stream instead of a tar archive'));
        return;
      }
      if (stats.inflatedBytes > limits.maxTotalBytes) {
        stopAtLimit(`The tarball of ${limits.label} inflates to more than ${String(limits.maxTotalBytes)} bytes; the rest was not scanned ${limits.purpose}.`);
        return;
      }
      parser.write(chunk);
      if (archiveEnded) endParser();
    };

    if (inflater === undefined) {
      // Not gzip: read it as a plain tar (its size is already bounded by the download limit).
      // Anything else compressed (zstd, brotli) is refused, not inflated.
      for (let offset = 0; offset < tarball.length && !settled && !archiveEnded; offset += INFLATE_CHUNK_BYTES) {
        consume(tarball.subarray(offset, offset + INFLATE_CHUNK_BYTES));
      }
      if (!archiveEnded) endParser();
      return;
    }
    inflater.on('data', consume);
    inflater.on('error', (error: unknown) => finish(readError(error, 'not a valid gzip stream')));
    inflater.on('end', () => {
      if (!archiveEnded) endParser();
    });
    inflater.end(tarball);
  });
}

/** A tar path as extraction reads it: repeated slashes are one, a leading `./` is dropped. */
export function extractedTarPath(tarPath: string): string {
  // Checked first: nearly every path has no repeated slash, and this runs for every entry read.
  const collapsed = tarPath.includes('//') ? tarPath.replace(/\/{2,}/g, '/') : tarPath;
  return collapsed.startsWith('./') ? collapsed.slice(2) : collapsed;
}

/**
 * One key for the tar paths npm extracts to the same file (`package/CHANGELOG.md`,
 * `package//CHANGELOG.md`); a path with no file inside the package keys only itself. A map on it
 * finds an earlier copy in one lookup, where comparing with every file read so far cost
 * entries × selected files (hundreds of declaration files in a large package).
 */
function selectionKey(tarPath: string): string {
  const inside = pathInPackage(tarPath);
  return inside === null ? `raw:${tarPath}` : `in:${inside}`;
}

/**
 * `package/dist/x.js` → `dist/x.js`: npm packs into `package/`, but some old tarballs use another
 * top directory name. Repeated slashes are one (`package//CHANGELOG.md` is extracted as
 * `CHANGELOG.md`, over an earlier copy).
 */
export function pathInPackage(tarPath: string): string | null {
  const path = extractedTarPath(tarPath);
  const slash = path.indexOf('/');
  return slash > 0 ? path.slice(slash + 1) : null;
}

/**
 * How much of a tarball a named-file read may scan. The files it looks for (a nested
 * package.json, a root file) can sit after megabytes of code (@apollo/server 5's
 * `dist/cjs/package.json` comes after 420 KiB), so the budget is the whole-package one, not a
 * multiple of the files' own bound; the scan ends as soon as every named file was met.
 */
export const PACKAGE_FILES_SCAN_BYTES = 64 * 1024 * 1024;

/**
 * Reads the named files (paths inside the package) from a tarball, each bounded by
 * `maxEntryBytes`; a file that is absent or over the bound is not in the result. A path met twice
 * before the scan ends is read as its last copy; the scan ends once every named file was met, so
 * a copy further on is not seen (reading every tarball to its end for that is not worth it).
 */
export async function readPackageFiles(
  tarball: Buffer,
  paths: readonly string[],
  options: { maxEntryBytes: number; label: string; purpose: string },
  readFailure: ReadFailure,
): Promise<Map<string, string>> {
  const wanted = new Set(paths);
  const met = new Set<string>();
  const entries = await readSelectedEntries(
    tarball,
    {
      maxEntryBytes: options.maxEntryBytes,
      maxTotalBytes: PACKAGE_FILES_SCAN_BYTES,
      maxSelected: wanted.size,
      label: options.label,
      purpose: options.purpose,
      warn: () => undefined,
      onScanStats: undefined,
      isDone: () => met.size >= wanted.size,
      select: (path) => {
        const inside = pathInPackage(path) ?? '';
        if (!wanted.has(inside)) return false;
        met.add(inside);
        return true;
      },
      tooLarge: (path, size) => ({ code: 'PACKAGE_FILE_TOO_LARGE', message: `${path} in the tarball of ${options.label} is ${String(size)} bytes; it was not read.` }),
    },
    readFailure,
  );
  const files = new Map<string, string>();
  for (const entry of entries) {
    const inside = pathInPackage(entry.path);
    if (inside !== null) files.set(inside, entry.text);
  }
  return files;
}

