import type { PackumentVersion } from './packument.js';
import { TarballReadError } from './tarball-changelog.js';
import { pathInPackage, readSelectedEntries } from './tarball-files.js';

/**
 * What two versions of a package publish, compared entry by entry: the SHA-256 of every file in
 * each tarball (streamed, never kept), the tarballs' package.json and the registry's version
 * records npm installs from. When none differs, the update cannot change any code that runs,
 * whatever its version number says (mlly 0.5.17 → 1.0.0 and empathic 0.0.3 → 1.0.0 republish the
 * same files as a stable 1.0.0). Left out of the comparison: the package's own documentation (its
 * Markdown and root README/CHANGELOG/LICENSE-like files) and package.json's descriptive keys
 * (version, description, repository, devDependencies, test scripts, tool configuration). A tarball
 * that holds anything but plain files and directories, or a path twice, is never "unchanged", nor
 * is a package that runs an install script or fetches or builds a binary at install.
 */

export interface PublishedFilesLimits {
  /** Tarball bytes scanned (uncompressed); a larger package is "cannot tell", never "unchanged". */
  scanBytes: number;
  /** Entries compared per tarball; more is "cannot tell". */
  files: number;
  /** package.json read for its keys. */
  manifestBytes: number;
}

export const PUBLISHED_FILES_LIMITS: PublishedFilesLimits = {
  scanBytes: 64 * 1024 * 1024,
  files: 20_000,
  manifestBytes: 1024 * 1024,
};

/**
 * package.json keys that describe the package or configure its own development, and change
 * nothing for a consumer. Every other key is compared: an unknown one (`react-native`, `svelte`,
 * `directories`, `esnext`) may decide what a consumer's tools load. `scripts` is compared by its
 * install hooks alone.
 */
const DESCRIPTIVE_KEYS: ReadonlySet<string> = new Set([
  'name', 'version', 'description', 'keywords', 'author', 'contributors', 'maintainers', 'homepage', 'bugs', 'repository',
  'license', 'licenses', 'funding', 'devDependencies', 'files', 'publishConfig', 'private', 'gitHead', 'readme', 'readmeFilename',
  'deprecated', 'dist', 'packageManager', 'scripts', 'eslintConfig', 'prettier', 'jest', 'ava', 'xo', 'c8', 'nyc', 'tsd',
  'husky', 'lint-staged', 'release', 'release-it', 'commitlint', 'renovate', 'standard', 'volta',
]);

/** Scripts npm runs when the package is installed as a dependency. */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

/**
 * Documentation: Markdown at the package root or under `docs/`, and the root's README,
 * CHANGELOG, LICENSE-like files with a documentation extension or none. Markdown elsewhere may be
 * a template a scaffolding package copies, and `lib/history.js` is code: both are compared.
 */
const DOCUMENTATION = /^(?:docs?\/)?[^/]*\.(?:md|markdown)$|^(?:readme|changelog|changes|history|news|releases|license|licence|copying|notice|authors|contributors|security|code_of_conduct|contributing|funding)(?:\.(?:txt|rst|adoc))?$/i;

export function isDocumentationPath(path: string): boolean {
  return DOCUMENTATION.test(path);
}

export interface PublishedFiles {
  /** Path inside the package → SHA-256, documentation and package.json left out. */
  digests: Map<string, string>;
  /** package.json as published, parsed; null when absent or unreadable. */
  manifest: Record<string, unknown> | null;
  /** False when the scan stopped at a bound or met what npm would not install as read: never "unchanged". */
  complete: boolean;
}

/** Digests of every file a tarball publishes (documentation aside) and its parsed package.json. */
export async function readPublishedFiles(tarball: Buffer, label: string, limits: PublishedFilesLimits = PUBLISHED_FILES_LIMITS): Promise<PublishedFiles> {
  const digests = new Map<string, string>();
  const seen = new Set<string>();
  let complete = true;
  const entries = await readSelectedEntries(
    tarball,
    {
      maxEntryBytes: limits.manifestBytes,
      maxTotalBytes: limits.scanBytes,
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
      // Once the comparison cannot be made, hashing the rest would be work for nothing.
      isDone: () => !complete,
      onFileDigest: (path, sha256) => {
        if (!complete) return;
        const inside = pathInPackage(path);
        // A link or another special entry, a path twice (its copies may differ), or more entries
        // than the bound: what is installed cannot be told from here.
        if (sha256 === null || inside === null || seen.has(inside) || seen.size >= limits.files) {
          complete = false;
          return;
        }
        seen.add(inside);
        if (inside !== 'package.json' && !isDocumentationPath(inside)) digests.set(inside, sha256);
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

function scriptsOf(manifest: Record<string, unknown>): Record<string, unknown> {
  return typeof manifest.scripts === 'object' && manifest.scripts !== null ? (manifest.scripts as Record<string, unknown>) : {};
}

/** The keys (and install scripts) whose values differ between two manifests, descriptive keys and `_…` aside. */
export function consumerManifestDifferences(from: Record<string, unknown>, to: Record<string, unknown>): string[] {
  const differs = (left: unknown, right: unknown): boolean => JSON.stringify(left) !== JSON.stringify(right);
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((key) => !DESCRIPTIVE_KEYS.has(key) && !key.startsWith('_'));
  const changed = keys.filter((key) => differs(from[key], to[key])).sort();
  for (const script of INSTALL_SCRIPTS) if (differs(scriptsOf(from)[script], scriptsOf(to)[script])) changed.push(`scripts.${script}`);
  return changed;
}

/**
 * Work done at install can fetch what the tarball does not hold: node-pre-gyp's `binary` host
 * serves a prebuilt addon per version, an install script may download one, a `gypfile` compiles
 * one. The same bytes in the tarball then say nothing about what is installed.
 */
function buildsOrFetchesAtInstall(manifest: Record<string, unknown>): boolean {
  return INSTALL_SCRIPTS.some((script) => scriptsOf(manifest)[script] !== undefined) || manifest.binary !== undefined || manifest.gypfile === true || manifest.hasInstallScript === true;
}

export type PublishedComparison =
  | { unchanged: true; fileCount: number }
  | { unchanged: false; reason: 'incomplete' | 'files' | 'manifest' | 'registry' | 'install-time' };

/**
 * Unchanged only when both tarballs were read whole and hold only plain entries, publish the same
 * paths with the same bytes (documentation aside), agree on every package.json key but the
 * descriptive ones, and neither builds or fetches anything at install; and, when the registry's
 * version records are given (npm resolves dependencies, `bin` and install scripts from them, not
 * from the tarball), those agree as well.
 */
export function comparePublishedFiles(from: PublishedFiles, to: PublishedFiles, records?: { from: PackumentVersion; to: PackumentVersion }): PublishedComparison {
  if (!from.complete || !to.complete || from.manifest === null || to.manifest === null) return { unchanged: false, reason: 'incomplete' };
  const recordList = records === undefined ? [] : [records.from as Record<string, unknown>, records.to as Record<string, unknown>];
  if ([from.manifest, to.manifest, ...recordList].some(buildsOrFetchesAtInstall)) return { unchanged: false, reason: 'install-time' };
  if (from.digests.size !== to.digests.size) return { unchanged: false, reason: 'files' };
  for (const [path, digest] of from.digests) if (to.digests.get(path) !== digest) return { unchanged: false, reason: 'files' };
  if (consumerManifestDifferences(from.manifest, to.manifest).length > 0) return { unchanged: false, reason: 'manifest' };
  if (records !== undefined && consumerManifestDifferences(recordList[0]!, recordList[1]!).length > 0) return { unchanged: false, reason: 'registry' };
  return { unchanged: true, fileCount: from.digests.size };
}

/** Module files a consumer can load by path. */
const MODULE_FILE = /^[^/]+\.(?:js|cjs|mjs)$/;
/**
 * Root files that are the package's tooling, not its API: configuration (`.eslintrc.js`,
 * `rollup.config.js`, `gulpfile.js`), tests, benchmarks, examples, build scripts and minified
 * browser bundles. Nobody deep-requires them; their removal is housekeeping.
 */
const TOOLING_FILE = /^\.|config|conf\.|gulpfile|gruntfile|karma|webpack|rollup|babel|jest|eslint|prettier|\.min\.|test|bench|example|build|make|setup/i;

function stringField(manifest: Record<string, unknown>, key: string): string | null {
  return typeof manifest[key] === 'string' ? (manifest[key] as string) : null;
}

/** `./x`, `x.js` and `./x.js` name the same root file. */
function rootFileKey(path: string): string {
  return path.replace(/^\.\//, '').replace(/\.(?:js|cjs|mjs)$/, '');
}

/**
 * Module files at the package root that `from` publishes and `to` does not, where `from` has no
 * `exports` map, so code could load each one by path (`require('graphql-tag/parser')`): the
 * bundled parser and printer graphql-tag 2.0.0 dropped, prettier 3's `parser-*.js`,
 * readable-stream 4's `errors.js`. Not counted: `from`'s `main` (moving the entry point keeps
 * `require('<package>')` working, and the manifest facts report a removed one), command files
 * named in `bin`, tooling files, and a file `to` still exports under its own name. Empty when
 * either side was not read whole. Sorted.
 */
export function removedRootModules(from: PublishedFiles, to: PublishedFiles): string[] {
  if (!from.complete || !to.complete || from.manifest === null || to.manifest === null || from.manifest.exports !== undefined) return [];
  const main = rootFileKey(stringField(from.manifest, 'main') ?? 'index.js');
  const bin = from.manifest.bin;
  const binFiles = new Set((typeof bin === 'string' ? [bin] : typeof bin === 'object' && bin !== null ? Object.values(bin) : []).filter((value): value is string => typeof value === 'string').map(rootFileKey));
  const exported = new Set(typeof to.manifest.exports === 'object' && to.manifest.exports !== null && !Array.isArray(to.manifest.exports) ? Object.keys(to.manifest.exports).map(rootFileKey) : []);
  return [...from.digests.keys()]
    .filter((path) => MODULE_FILE.test(path) && !to.digests.has(path) && !TOOLING_FILE.test(path))
    .filter((path) => ![main, ...binFiles].includes(rootFileKey(path)) && !exported.has(rootFileKey(path)))
    .sort();
}
