import { TarballReadError } from './tarball-changelog.js';
import { pathInPackage, readSelectedEntries } from './tarball-files.js';

/**
 * What two versions of a package publish, compared file by file: the SHA-256 of every file in
 * each tarball (streamed, never kept) and the manifest keys that decide what runs on install and
 * import. When neither differs, the update cannot change any code that runs, whatever its version
 * number says (mlly 0.5.17 → 1.0.0 and empathic 0.0.3 → 1.0.0 republish the same files as a
 * stable 1.0.0). Documentation is left out of the comparison; nothing else is.
 */

export const PUBLISHED_FILES_LIMITS = {
  /** Tarball bytes scanned (uncompressed); a larger package is "cannot tell", never "unchanged". */
  scanBytes: 64 * 1024 * 1024,
  /** Files compared per tarball; more is "cannot tell". */
  files: 20_000,
  /** package.json read for the manifest keys. */
  manifestBytes: 1024 * 1024,
} as const;

/**
 * The package.json keys that decide what is installed, loaded or run: entry points, module
 * format, dependencies, platforms, engines and install-time scripts. The rest (description,
 * repository, devDependencies, test scripts, tool configuration) changes nothing for a consumer.
 */
export const CONSUMER_MANIFEST_KEYS = [
  'main', 'module', 'exports', 'imports', 'type', 'types', 'typings', 'typesVersions', 'bin', 'browser',
  'dependencies', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta', 'bundleDependencies', 'bundledDependencies',
  'engines', 'os', 'cpu', 'libc', 'gypfile', 'binary', 'sideEffects',
] as const;

/** Scripts npm runs when the package is installed as a dependency. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

/**
 * READMEs, changelogs, licences and other Markdown: read by people, never loaded by code. Only
 * with a documentation extension or none: `lib/security.js` or `history.js` is code.
 */
const DOCUMENTATION = /(?:^|\/)(?:readme|changelog|changes|history|news|releases|license|licence|copying|notice|authors|contributors|security|code_of_conduct|contributing|funding)(?:\.(?:md|markdown|txt|rst|adoc))?$|\.(?:md|markdown)$/i;

export function isDocumentationPath(path: string): boolean {
  return DOCUMENTATION.test(path);
}

export interface PublishedFiles {
  /** Path inside the package → SHA-256, documentation and package.json left out. */
  digests: Map<string, string>;
  /** package.json as published, parsed; null when absent or unreadable. */
  manifest: Record<string, unknown> | null;
  /** False when the scan stopped at a bound: such a side is never called unchanged. */
  complete: boolean;
}

/** Digests of every file a tarball publishes (documentation aside) and its parsed package.json. */
export async function readPublishedFiles(tarball: Buffer, label: string): Promise<PublishedFiles> {
  const digests = new Map<string, string>();
  let complete = true;
  let files = 0;
  const entries = await readSelectedEntries(
    tarball,
    {
      maxEntryBytes: PUBLISHED_FILES_LIMITS.manifestBytes,
      maxTotalBytes: PUBLISHED_FILES_LIMITS.scanBytes,
      maxSelected: 1,
      label,
      purpose: 'to compare its files',
      warn: () => {
        complete = false;
      },
      onScanStats: (stats) => {
        if (stats.stoppedAtLimit) complete = false;
      },
      select: (path) => pathInPackage(path) === 'package.json',
      onFileDigest: (path, sha256) => {
        const inside = pathInPackage(path);
        if (inside === null || inside === 'package.json' || isDocumentationPath(inside)) return;
        files += 1;
        if (files > PUBLISHED_FILES_LIMITS.files) complete = false;
        else if (digests.has(inside)) complete = false; // the same path twice: the tarball is not plain
        else digests.set(inside, sha256);
      },
      tooLarge: (path, size) => ({ code: 'PACKAGE_FILE_TOO_LARGE', message: `${path} in the tarball of ${label} is ${String(size)} bytes; it was not read.` }),
    },
    (reason) => new TarballReadError(label, reason),
  );
  let manifest: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = entries[0] === undefined ? null : JSON.parse(entries[0].text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) manifest = parsed as Record<string, unknown>;
  } catch {
    manifest = null;
  }
  return { digests, manifest, complete };
}

/** The consumer-facing manifest keys (and install scripts) whose values differ between two manifests. */
export function consumerManifestDifferences(from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  const differs = (left: unknown, right: unknown): boolean => JSON.stringify(left) !== JSON.stringify(right);
  const keys: string[] = CONSUMER_MANIFEST_KEYS.filter((key) => differs(from[key], to[key]));
  const scripts = (manifest: Record<string, unknown>): Record<string, unknown> =>
    typeof manifest.scripts === 'object' && manifest.scripts !== null ? (manifest.scripts as Record<string, unknown>) : {};
  for (const script of INSTALL_SCRIPTS) if (differs(scripts(from)[script], scripts(to)[script])) keys.push(`scripts.${script}`);
  return keys;
}

export type PublishedComparison =
  | { unchanged: true; fileCount: number }
  | { unchanged: false; reason: 'incomplete' | 'files' | 'manifest' | 'install-time' };

/**
 * Work done at install can fetch what the tarball does not hold: node-pre-gyp's `binary` host
 * serves a prebuilt addon per version, an install script may download one, a `gypfile` compiles
 * one. The same bytes in the tarball then say nothing about what is installed.
 */
function buildsOrFetchesAtInstall(manifest: Record<string, unknown>): boolean {
  const scripts = typeof manifest.scripts === 'object' && manifest.scripts !== null ? (manifest.scripts as Record<string, unknown>) : {};
  return INSTALL_SCRIPTS.some((script) => scripts[script] !== undefined) || manifest.binary !== undefined || manifest.gypfile === true;
}

/**
 * Unchanged only when both sides were read whole, publish the same paths with the same bytes
 * (documentation aside), agree on every consumer-facing manifest key, and neither builds or
 * fetches anything at install.
 */
export function comparePublishedFiles(from: PublishedFiles, to: PublishedFiles): PublishedComparison {
  if (!from.complete || !to.complete || from.manifest === null || to.manifest === null) return { unchanged: false, reason: 'incomplete' };
  if (buildsOrFetchesAtInstall(from.manifest) || buildsOrFetchesAtInstall(to.manifest)) return { unchanged: false, reason: 'install-time' };
  if (from.digests.size !== to.digests.size) return { unchanged: false, reason: 'files' };
  for (const [path, digest] of from.digests) if (to.digests.get(path) !== digest) return { unchanged: false, reason: 'files' };
  if (consumerManifestDifferences(from.manifest, to.manifest).length > 0) return { unchanged: false, reason: 'manifest' };
  return { unchanged: true, fileCount: from.digests.size };
}
