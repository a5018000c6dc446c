import { parseChangelog } from '../../evidence/changelog-sections.js';
import { extractedTarPath, readSelectedEntries, type SelectedEntry } from './tarball-files.js';
import { changelogPartOfReadme, isReadmeName } from './readme-changelog.js';
import type { EvidenceWarning } from '../../evidence/types.js';

/**
 * Finds the changelog an npm package ships in its tarball, entirely in memory: the tarball is
 * parsed as a stream, only root-level files with changelog-like names are read, nothing is
 * written to disk, and symlinks and paths outside `package/` are ignored. A file counts as a
 * changelog only when it parses into at least one version section. When no changelog file does,
 * the README's changelog part ("## Changelog" with version sections under it) is read instead.
 */

export const DEFAULT_MAX_ENTRY_BYTES = 2 * 1024 * 1024;
export const DEFAULT_MAX_TOTAL_BYTES = 64 * 1024 * 1024;
/** More candidates than this at one package root is not a real package; the rest are ignored. */
const MAX_CANDIDATES = 16;
/** Inflated bytes handed to the tar parser at a time; the scan overshoots its budget by at most this. */
export { INFLATE_CHUNK_BYTES } from './tarball-files.js';

export interface TarballChangelog {
  /** Path inside the tarball, e.g. `package/History.md`. */
  path: string;
  /** Base name, e.g. `History.md`. */
  fileName: string;
  text: string;
  /**
   * A changelog file, or the changelog part of the README (its other lines blanked, so line
   * numbers are the README's). The evaluation's "tarball ships a changelog" split counts files only.
   */
  origin: 'changelog-file' | 'readme-section';
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
  /** The package's name, for changelog headings that name it (`## tmp v0.2.0`). */
  packageName?: string;
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
  const path = extractedTarPath(entryPath);
  if (!path.startsWith('package/')) return null;
  const rest = path.slice('package/'.length);
  if (rest.length === 0 || rest.includes('/') || rest.includes('\\')) return null;
  return rest;
}


/**
 * Returns the package's changelog, or null when the tarball ships none that parses into
 * version sections. Throws {@link TarballReadError} only when the tarball itself is unreadable.
 */
export async function extractChangelogFromTarball(tarball: Buffer, options: ExtractChangelogOptions = {}): Promise<TarballChangelog | null> {
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const maxTotalBytes = options.maxTotalBytes ?? DEFAULT_MAX_TOTAL_BYTES;
  const label = options.label ?? 'the package';
  const warn = (code: string, message: string): void => options.onWarning?.({ code, message });

  const entries = await readSelectedEntries(
    tarball,
    {
      maxEntryBytes,
      maxTotalBytes,
      maxSelected: MAX_CANDIDATES,
      label,
      purpose: 'for a changelog',
      warn,
      onScanStats: options.onScanStats,
      select: (path) => {
        const fileName = rootFileName(path);
        return fileName !== null && (rankChangelogName(fileName) !== null || isReadmeName(fileName));
      },
      // A README over the bound is only a place a changelog might have been: skipped quietly, so it
      // never reads as a skipped changelog (the package's changelog files, if any, are reported).
      tooLarge: (path, size) =>
        isReadmeName(rootFileName(path) ?? '')
          ? null
          : {
              code: 'CHANGELOG_TOO_LARGE',
              message: `${rootFileName(path) ?? path} in the tarball of ${label} is ${String(size)} bytes, over the ${String(maxEntryBytes)}-byte limit; it was skipped.`,
            },
    },
    (reason) => new TarballReadError(label, reason),
  );
  const candidates: ReadCandidate[] = [];
  const readmes: SelectedEntry[] = [];
  for (const entry of entries) {
    const fileName = rootFileName(entry.path)!;
    const rank = rankChangelogName(fileName);
    if (rank !== null) candidates.push({ ...rank, path: entry.path, fileName, text: entry.text });
    else readmes.push(entry);
  }
  candidates.sort(compareCandidates);
  for (const candidate of candidates) {
    // Release-procedure notes and other prose have no version sections: try the next name.
    if (parseChangelog(candidate.text, options.packageName).length > 0) return { path: candidate.path, fileName: candidate.fileName, text: candidate.text, origin: 'changelog-file' };
  }
  // Code-unit order, as above: `README.md` before `readme.md` on every machine.
  readmes.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  for (const readme of readmes) {
    const part = changelogPartOfReadme(readme.text, options.packageName);
    if (part !== null) return { path: readme.path, fileName: rootFileName(readme.path)!, text: part, origin: 'readme-section' };
  }
  return null;
}

