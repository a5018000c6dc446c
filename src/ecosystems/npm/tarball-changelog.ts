import { createGunzip, type Gunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { parseChangelog } from '../../evidence/changelog-sections.js';
import type { EvidenceWarning } from '../../evidence/types.js';

/**
 * Finds the changelog an npm package ships in its tarball, entirely in memory: the tarball is
 * parsed as a stream, only root-level files with changelog-like names are read, nothing is
 * written to disk, and symlinks and paths outside `package/` are ignored. A file counts as a
 * changelog only when it parses into at least one version section.
 */

export const DEFAULT_MAX_ENTRY_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** More candidates than this at one package root is not a real package; the rest are ignored. */
const MAX_CANDIDATES = 16;
/** Inflated bytes handed to the tar parser at a time; the scan overshoots its budget by at most this. */
export const INFLATE_CHUNK_BYTES = 64 * 1024;

export interface TarballChangelog {
  /** Path inside the tarball, e.g. `package/History.md`. */
  path: string;
  /** Base name, e.g. `History.md`. */
  fileName: string;
  text: string;
}

export interface ExtractChangelogOptions {
  /** Larger candidate files are skipped (and reported). Default 2 MiB. */
  maxEntryBytes?: number;
  /**
   * Budget of the scan: it stops (and stops inflating) once the entries met so far declare more
   * than this many bytes, or once this many bytes of tar stream were inflated. Default 64 MiB.
   */
  maxTotalBytes?: number;
  /** Names the tarball in errors and warnings, e.g. `express@5.1.0`. */
  label?: string;
  /** Told about skipped candidates and an incomplete scan, so the caller can say so. */
  onWarning?: (warning: EvidenceWarning) => void;
  /** Told once, when the scan ends (also on error), how much work it did. */
  onScanStats?: (stats: TarballScanStats) => void;
}

export interface TarballScanStats {
  /** Bytes of tar stream produced by the inflater (including a final chunk that crossed the budget). */
  inflatedBytes: number;
  /** Tar entries the parser met. */
  entries: number;
  /** True when the scan stopped at its budget instead of the end of the tarball. */
  stoppedAtLimit: boolean;
}

/** The tarball could not be read at all (not gzip/tar, truncated). */
export class TarballReadError extends Error {
  override readonly name = 'TarballReadError';
  constructor(
    readonly label: string,
    reason: string,
  ) {
    super(`Could not read the npm tarball of ${label}: ${reason}. The registry may have served a damaged file; retry, or check the package's dist.tarball URL.`);
  }
}

/*
 * Preference between names: CHANGELOG > HISTORY > CHANGES > RELEASES > release notes > NEWS.
 * `RELEASE.md` (singular) is deliberately absent: it is the usual name for release-procedure notes.
 */
const NAME_RANKS: ReadonlyArray<{ pattern: RegExp; rank: number }> = [
  { pattern: /^changelog$/, rank: 0 },
  { pattern: /^history$/, rank: 1 },
  { pattern: /^changes$/, rank: 2 },
  { pattern: /^releases$/, rank: 3 },
  { pattern: /^release[-_ ]?notes$/, rank: 4 },
  { pattern: /^news$/, rank: 5 },
];
const EXTENSION_RANKS: Readonly<Record<string, number>> = { '.md': 0, '.markdown': 1, '': 2, '.txt': 3, '.rst': 4 };

interface CandidateName {
  nameRank: number;
  /** 0 when the stem is exactly the name (`CHANGELOG.md`), 1 for a suffixed one (`CHANGELOG-v1.md`). */
  suffixRank: number;
  extensionRank: number;
}

/** Ranks a root-level file name; null when it is not a changelog name we read. */
export function rankChangelogName(fileName: string): CandidateName | null {
  const lower = fileName.toLowerCase();
  const dot = lower.lastIndexOf('.');
  const extension = dot > 0 ? lower.slice(dot) : '';
  const extensionRank = EXTENSION_RANKS[extension];
  if (extensionRank === undefined) return null;
  const stem = extension.length > 0 ? lower.slice(0, dot) : lower;
  for (const { pattern, rank } of NAME_RANKS) {
    if (pattern.test(stem)) return { nameRank: rank, suffixRank: 0, extensionRank };
    // `CHANGELOG-2.x.md`, `HISTORY_OLD.md`: same family, after the plain name.
    const separator = /[-_.]/.exec(stem);
    if (separator !== null && pattern.test(stem.slice(0, separator.index))) return { nameRank: rank, suffixRank: 1, extensionRank };
  }
  return null;
}

interface ReadCandidate extends CandidateName {
  path: string;
  fileName: string;
  text: string;
}

function compareCandidates(left: ReadCandidate, right: ReadCandidate): number {
  return (
    left.nameRank - right.nameRank ||
    left.suffixRank - right.suffixRank ||
    left.extensionRank - right.extensionRank ||
    // Code-unit order: the same on every machine, unlike localeCompare.
    (left.path < right.path ? -1 : left.path > right.path ? 1 : 0)
  );
}

/** `package/CHANGELOG.md` → `CHANGELOG.md`; null for anything not directly under `package/`. */
function rootFileName(entryPath: string): string | null {
  const path = entryPath.startsWith('./') ? entryPath.slice(2) : entryPath;
  if (!path.startsWith('package/')) return null;
  const rest = path.slice('package/'.length);
  if (rest.length === 0 || rest.includes('/') || rest.includes('\\')) return null;
  return rest;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/**
 * Returns the package's changelog, or null when the tarball ships none that parses into
 * version sections. Throws {@link TarballReadError} only when the tarball itself is unreadable.
 */
export async function extractChangelogFromTarball(tarball: Buffer, options: ExtractChangelogOptions = {}): Promise<TarballChangelog | null> {
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  const label = options.label ?? 'the package';
  const warn = (code: string, message: string): void => options.onWarning?.({ code, message });

  const candidates = await readCandidates(tarball, { maxEntryBytes, maxTotalBytes, label, warn, onScanStats: options.onScanStats });
  candidates.sort(compareCandidates);
  for (const candidate of candidates) {
    // Release-procedure notes and other prose have no version sections: try the next name.
    if (parseChangelog(candidate.text).length > 0) return { path: candidate.path, fileName: candidate.fileName, text: candidate.text };
  }
  return null;
}

interface ReadLimits {
  maxEntryBytes: number;
  maxTotalBytes: number;
  label: string;
  warn: (code: string, message: string) => void;
  onScanStats: ((stats: TarballScanStats) => void) | undefined;
}

const GZIP_MAGIC = [0x1f, 0x8b] as const;
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd] as const;

function startsWith(bytes: Uint8Array, magic: readonly number[]): boolean {
  return bytes.length >= magic.length && magic.every((byte, index) => bytes[index] === byte);
}

/**
 * Streams the tarball through the tar parser. Inflating is done here, not by the parser, so the
 * scan controls it: the inflater is fed the compressed bytes, each inflated chunk is counted and
 * handed on, and once the budget is reached the inflater is destroyed and the parser aborted. A
 * gzip bomb therefore costs at most the budget plus one chunk of inflate work, never its full size.
 * The inflater also stops at the archive's end marker, so junk after it is never inflated.
 */
function readCandidates(tarball: Buffer, limits: ReadLimits): Promise<ReadCandidate[]> {
  return new Promise<ReadCandidate[]>((resolve, reject) => {
    const candidates: ReadCandidate[] = [];
    const stats: TarballScanStats = { inflatedBytes: 0, entries: 0, stoppedAtLimit: false };
    let scannedBytes = 0;
    let settled = false;
    let failure: TarballReadError | undefined;
    // npm tarballs are gzip; anything else is read as a plain tar (never inflated by the parser).
    const inflater: Gunzip | undefined = startsWith(tarball, GZIP_MAGIC) ? createGunzip({ chunkSize: INFLATE_CHUNK_BYTES }) : undefined;
    const readError = (error: unknown, fallback: string): TarballReadError =>
      new TarballReadError(limits.label, error instanceof Error ? error.message.slice(0, 200) : fallback);

    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      inflater?.destroy();
      limits.onScanStats?.({ ...stats });
      const problem = error ?? failure;
      if (problem === undefined) resolve(candidates);
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

    const parser = new Parser({
      // Non-strict: a bad header is a warning and the scan goes on; an unreadable stream still errors.
      strict: false,
      // The bytes given to the parser are plain tar (inflated above); it must not decompress anything.
      zstd: false,
      onwarn: (code: string, message: string) => {
        // Not a tar stream at all: say so rather than report "no changelog".
        if (code === 'TAR_BAD_ARCHIVE') failure = new TarballReadError(limits.label, message.slice(0, 200));
      },
      onReadEntry: (entry: ReadEntry) => {
        stats.entries += 1;
        if (settled) {
          entry.resume();
          return;
        }
        scannedBytes += entry.size;
        if (scannedBytes > limits.maxTotalBytes) {
          entry.resume();
          stopAtLimit(`The tarball of ${limits.label} unpacks to more than ${String(limits.maxTotalBytes)} bytes; files from ${entry.path.slice(0, 200)} on were not scanned for a changelog.`);
          return;
        }
        const fileName = entry.type === 'File' || entry.type === 'OldFile' ? rootFileName(entry.path) : null;
        const rank = fileName === null ? null : rankChangelogName(fileName);
        if (fileName === null || rank === null || candidates.length >= MAX_CANDIDATES) {
          entry.resume();
          return;
        }
        if (entry.size > limits.maxEntryBytes) {
          limits.warn('CHANGELOG_TOO_LARGE', `${fileName} in the tarball of ${limits.label} is ${String(entry.size)} bytes, over the ${String(limits.maxEntryBytes)}-byte limit; it was skipped.`);
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
          candidates.push({ ...rank, path: entry.path, fileName, text });
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
        finish(new TarballReadError(limits.label, 'it holds another compressed stream instead of a tar archive'));
        return;
      }
      if (stats.inflatedBytes > limits.maxTotalBytes) {
        stopAtLimit(`The tarball of ${limits.label} inflates to more than ${String(limits.maxTotalBytes)} bytes; the rest was not scanned for a changelog.`);
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
