/**
 * Usage scan contracts: where the repository's files come from, what one scan found for one
 * package, and the `usage` report a result publishes. The scan reads files as data (parsed,
 * never executed); every path and name in here came from the repository and is untrusted text.
 */

/** One file of the repository at the analysed revision. */
export interface RepositoryFile {
  /** Slash-separated, relative to the repository root. */
  path: string;
  /** Size in bytes, when the listing knows it without reading (git does; a walk uses lstat). */
  size: number;
}

/**
 * The repository at one revision, as a scan sees it: a bounded listing and reads. Sources
 * skip what is not a regular file (symlinks, submodules, devices), so a symlink loop cannot
 * make a listing endless, and apply `.gitignore` where the files are not a commit's tree.
 */
export interface RepositoryFiles {
  /** Human description for notes, e.g. `git 1a2b3c4d5e6f`, `directory head/`. */
  describe(): string;
  /**
   * Every regular file, in a stable order, skipping excluded directories (node_modules, build
   * output…) without entering them; stops after `maxEntries` files with `truncated` set.
   */
  list(options: { maxEntries: number; skipDirectory: (name: string) => boolean; signal?: AbortSignal }): Promise<{ files: RepositoryFile[]; truncated: boolean }>;
  /** The file's bytes, or null when it vanished or is no longer a regular file. */
  read(path: string): Promise<Buffer | null>;
  /** Ends background work (a git batch reader); safe to call twice. */
  close(): Promise<void>;
}

/** How a file refers to a package. */
export type ImportKind = 'import' | 'importType' | 'exportFrom' | 'require' | 'dynamicImport' | 'importEquals';

export interface ImportSite {
  line: number;
  kind: ImportKind;
  /** The specifier as written: `express`, `lodash/get`, `@scope/pkg/sub`. */
  specifier: string;
  /**
   * Names imported (`default`, `*`, `Router`…), also those a `require()` or `import()` takes by
   * destructuring where it is declared; empty for a side-effect import or a whole-module require.
   */
  names: string[];
}

/**
 * The names an import statement itself binds (`import { Router }`, `export { json } from`): a
 * removed one fails at the statement. A destructured `require()`/`import()` is left out: its names
 * are bindings, traced (and reported) where they are read.
 */
export function statementNames(site: ImportSite): string[] {
  return site.kind === 'require' || site.kind === 'dynamicImport' ? [] : site.names;
}

/**
 * A member access or reference that traces back to the package through a binding:
 * `app.del` where `app = express()`, `req.param` where `req` is a parameter of a handler given
 * to `app.get`, `legacy` where `legacy` was imported from the package.
 */
export interface TracedUse {
  line: number;
  /** What the code says, e.g. `app.del`, `legacy`. */
  expression: string;
  /** The accessed member (`del`), or the imported name used (`legacy`). */
  member: string;
  /** The receiver is the package itself (a default, namespace or whole-module binding). */
  onPackage: boolean;
  /**
   * How the receiver traces to the package: made by calling it (`app = express()`), a parameter
   * of a callback given to it (`req`), or otherwise (the package, one of its names, a member).
   */
  receiverVia: 'call' | 'parameter' | 'other';
  /** When the access is called (`res.json(body)`): its argument count; null with a spread argument. Absent when not called. */
  callArguments?: number | null;
  /**
   * Present on a call of the package itself (`retry(axios)`, `new Client()`; member `()`): how
   * that binding was loaded. `require` covers `require()` and `import x = require()`: the forms
   * that get `module.exports` as it is, where an ES import gets the interop default.
   */
  rootLoadedBy?: 'require' | 'import';
  /**
   * On a use of the package's own binding or of a name taken from it: the module specifier that
   * binding was loaded by (`lowdb/node` for `require('lowdb/node').JSONPreset`), so a name a
   * subpath removed is matched on that subpath only. Absent for uses on derived values.
   */
  specifier?: string;
}

/** A member access whose receiver could not be traced to the package (for plain name matches). */
export interface UntracedMember {
  line: number;
  receiver: string;
  member: string;
  /** As on TracedUse. */
  callArguments?: number | null;
}

/** One file that imports a bumped package, with what it uses of it. */
export interface ImportingFile {
  path: string;
  imports: ImportSite[];
  traced: TracedUse[];
  untraced: UntracedMember[];
}

/** A config file that names a package without importing it (eslint.config.js, package.json scripts…). */
export interface ConfigMention {
  path: string;
  line: number | null;
  /** `script "lint"` for package.json scripts; null for a file mention. */
  detail: string | null;
}

export interface PackageScan {
  packageName: string;
  /** Sorted by path. */
  files: ImportingFile[];
  configMentions: ConfigMention[];
}

/** The result of one repository scan for the bumped packages. */
export interface RepositoryUsage {
  status: 'scanned';
  /** What was scanned, e.g. `git 1a2b3c4d5e6f`. */
  scanned: string;
  filesListed: number;
  filesParsed: number;
  /** Why files were skipped or the scan stopped, counted per reason (bounded). */
  notes: string[];
  /** True when a bound (files, bytes, time) stopped the scan before every file was read. */
  incomplete: boolean;
  packages: Map<string, PackageScan>;
}

/** A scan that did not happen, with the reason a reader is told. */
export interface UsageNotScanned {
  status: 'notScanned';
  reason: string;
}

export type UsageScanOutcome = RepositoryUsage | UsageNotScanned;

/** A use of a checked name, as published. */
export interface NameUse {
  path: string;
  line: number;
  expression: string;
  /** `binding`: traced through an import; `name`: the same text on an untraced receiver. */
  match: 'binding' | 'name';
}

/** A removed or changed API name the result checked against the repository. */
export interface CheckedName {
  /** As named by the evidence: `app.del`, `req.param`, `legacy`. */
  name: string;
  /** `removed`: the API is gone; `changed`: its signature or behaviour changed. */
  change: 'removed' | 'changed';
  /** What named it: a breaking-change finding (by id) or the API-surface diff. */
  origins: string[];
  uses: NameUse[];
  /** All uses found (uses is bounded). */
  useCount: number;
  /**
   * Present when the evidence removed only some call forms of the name ("`res.json(status, obj)`
   * signature"): their argument counts. Only calls with one of these counts (or an unknown count)
   * are uses; `res.json(body)` is not.
   */
  callForms?: number[];
}

/** The `usage` object of a result in version-analysis.json. */
export interface UsageReport {
  status: 'scanned' | 'notScanned';
  /** Why not scanned, or what limited the scan; null when nothing did. */
  note: string | null;
  /** Number of files importing the package (files is bounded). */
  fileCount: number;
  files: Array<{ path: string; imports: ImportSite[] }>;
  /** When imported nowhere: config files that name it. */
  configMentions: ConfigMention[];
  checkedNames: CheckedName[];
}

/**
 * What a run gives the usage scan: the repository files at the analysed head (and, on GitHub,
 * the URL of that tree for evidence links), or the reason there are none.
 */
export type UsageSource = { files: RepositoryFiles; treeUrl: string | null } | { notScanned: string };
