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

/**
 * Module files a consumer can load by path, with a plain name: a root file whose name holds
 * spaces, quotes, backticks or line breaks is nobody's `require()` target, and its name would
 * land in evidence text (review 19), so it is not listed.
 */
const MODULE_FILE = /^[A-Za-z0-9_@+-][A-Za-z0-9._@+-]{0,99}\.(?:js|cjs|mjs)$/;
/**
 * Root files that are the package's tooling, not its API, by their usual forms: dotfiles
 * (`.eslintrc.js`), `*.config.js` / `*.conf.js`, `gulpfile.js`, `Gruntfile.js`, tests and specs
 * (`x.test.js`, `test.js`), benchmarks, examples, setup and build scripts, minified bundles.
 * Anchored: `config.js` (dotenv's `node -r dotenv/config`), `webpack.js` or `builder.js` can be
 * the API itself.
 */
const TOOLING_FILE = /^(?:\..*|.*[.-](?:config|conf)\.[cm]?js|(?:gulpfile|gruntfile)\.[cm]?js|.*[.-](?:test|spec)\.[cm]?js|(?:test|tests|spec|bench|benchmark|example|examples|setup|build|make)\.[cm]?js|.*\.min\.[cm]?js)$/i;

function stringField(manifest: Record<string, unknown>, key: string): string | null {
  return typeof manifest[key] === 'string' ? (manifest[key] as string) : null;
}

/** `./x`, `x.js` and `./x.js` name the same root file; `./`, `.` and `` name `index`. */
function rootFileKey(path: string): string {
  const key = path.replace(/^\.\//, '').replace(/\/+$/, '').replace(/\.(?:js|cjs|mjs)$/, '');
  return key === '' || key === '.' ? 'index' : key;
}

/**
 * Root files the older manifest names as entry points of some tool: `main`, `module`, `browser`
 * (its string form, and the files its object form replaces or names), `unpkg`, `jsdelivr`,
 * `umd:main` and `bin`. Moving them into a folder keeps the package loadable the way each tool
 * loads it; they are not deep-require targets.
 */
function namedEntryKeys(manifest: Record<string, unknown>): Set<string> {
  const named = [stringField(manifest, 'main') ?? 'index.js'];
  for (const field of ['module', 'unpkg', 'jsdelivr', 'umd:main']) named.push(stringField(manifest, field) ?? '');
  for (const field of ['browser', 'bin']) {
    const value = manifest[field];
    if (typeof value === 'string') named.push(value);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, target] of Object.entries(value)) {
        if (field === 'browser') named.push(key);
        if (typeof target === 'string') named.push(target);
      }
    }
  }
  return new Set(named.filter((path) => path !== '').map(rootFileKey));
}

/** The file a condition tree resolves to for `require()` (or, failing that, any condition), bounded. */
function exportTarget(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value;
  if (depth > 8 || typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (const entry of value.slice(0, 20)) {
      const target = exportTarget(entry, depth + 1);
      if (target !== null) return target;
    }
    return null;
  }
  const conditions = value as Record<string, unknown>;
  for (const condition of ['require', 'node', 'default', ...Object.keys(conditions).slice(0, 20)]) {
    const target = Object.hasOwn(conditions, condition) ? exportTarget(conditions[condition], depth + 1) : null;
    if (target !== null) return target;
  }
  return null;
}

/**
 * The file the newer `exports` map resolves a subpath to, `*` patterns included (`"./*": "./dist/*.js"`
 * sends `./parser` to `dist/parser.js`); null when no key names it or its key maps to null.
 * prettier 3's `"./*": "./*"` resolves `./parser-babel` to a file 3.0.0 no longer ships, so the
 * caller checks the file too.
 */
function exportedFile(manifest: Record<string, unknown>): (subpath: string) => string | null {
  const exportsField = manifest.exports;
  if (typeof exportsField !== 'object' || exportsField === null || Array.isArray(exportsField)) return () => null;
  const entries = Object.entries(exportsField as Record<string, unknown>).filter(([key]) => key.startsWith('./') && key.length <= 300);
  return (subpath) => {
    for (const [key, value] of entries) {
      const star = key.indexOf('*');
      let matched: string | null = null;
      if (star < 0) matched = key === subpath ? '' : null;
      else if (subpath.length >= key.length && subpath.startsWith(key.slice(0, star)) && subpath.endsWith(key.slice(star + 1))) matched = subpath.slice(star, subpath.length - (key.length - star - 1));
      if (matched === null) continue;
      const target = exportTarget(value);
      return target === null ? null : target.replace('*', matched).replace(/^\.\//, '');
    }
    return null;
  };
}

/**
 * Module files at the package root that `from` publishes and `to` does not, where `from` has no
 * `exports` map, so code could load each one by path (`require('graphql-tag/parser')`): the
 * bundled parser and printer graphql-tag 2.0.0 dropped, prettier 3's `parser-*.js`,
 * readable-stream 4's `errors.js`. Not counted: the entry points `from` names for some tool
 * (namedEntryKeys), tooling files, and a file that stays loadable at the same path in `to` (a
 * folder with an index, a `.json`/`.node` file of the same name, or an `exports` key or pattern
 * that names it). Empty when either side was not read whole. Sorted.
 */
export function removedRootModules(from: PublishedFiles, to: PublishedFiles): string[] {
  if (!from.complete || !to.complete || from.manifest === null || to.manifest === null || from.manifest.exports !== undefined) return [];
  const entries = namedEntryKeys(from.manifest);
  const resolve = exportedFile(to.manifest);
  const exported = (subpath: string): boolean => {
    const file = resolve(subpath);
    return file !== null && to.digests.has(file);
  };
  const stillLoadable = (path: string): boolean => {
    if (!path.endsWith('.js')) return exported(`./${path}`);
    const base = path.slice(0, -3);
    return [`${base}.json`, `${base}.node`, `${base}/index.js`, `${base}/index.json`, `${base}/package.json`].some((candidate) => to.digests.has(candidate)) || exported(`./${base}`) || exported(`./${path}`);
  };
  return [...from.digests.keys()]
    .filter((path) => MODULE_FILE.test(path) && !to.digests.has(path) && !TOOLING_FILE.test(path))
    .filter((path) => !entries.has(rootFileKey(path)) && !stillLoadable(path))
    .sort();
}
