import { foldApiName, MAX_CALL_FORMS, splitApiName, type ApiName } from './api-names.js';
import { ROOT_CALL_MEMBER } from './module-usage.js';
import { statementNames, type CheckedName, type ImportingFile, type ImportSite, type NameUse, type PackageScan, type UsageReport, type UsageScanOutcome } from './types.js';

/**
 * From a scan to the `usage` report of one result: which files import the package, and for each
 * removed or changed API name, where the repository uses it. Pure; the names come from the
 * result's breaking-change findings and the API-surface diff.
 *
 * A use is matched `binding` when the member is accessed on something traced to the package
 * (`app.del` with `app = express()`), and `name` when only the text matches (`req.param` on a
 * `req` the scan could not trace, in a file that imports the package). For `express.query`, a
 * receiver named like the package must be the package itself, so `req.query` is not a use of it;
 * for `app.del`, the receiver must be named `app` or be made by calling the package
 * (`server = express()`), so a handler's `req.del` is not a use of it.
 */

export const REPORT_BOUNDS = { files: 50, importsPerFile: 10, usesPerName: 20, names: 40, configMentions: 10, noteChars: 1_000, callForms: MAX_CALL_FORMS } as const;
/** Repository text is cut to these lengths (with an ellipsis) so no path or name can make the manifest invalid. */
export const USAGE_TEXT_BOUNDS = { path: 4_096, name: 300, specifier: 1_000, namesPerImport: 20 } as const;

function cut(text: string, limit: number): string {
  if (text.length === 0) return '?';
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

function boundedSite(site: ImportSite): ImportSite {
  return { line: site.line, kind: site.kind, specifier: cut(site.specifier, USAGE_TEXT_BOUNDS.specifier), names: site.names.slice(0, USAGE_TEXT_BOUNDS.namesPerImport).map((name) => cut(name, USAGE_TEXT_BOUNDS.name)) };
}

function boundedUse(use: NameUse): NameUse {
  return { path: cut(use.path, USAGE_TEXT_BOUNDS.path), line: use.line, expression: cut(use.expression, USAGE_TEXT_BOUNDS.name), match: use.match };
}

/**
 * The check for a package that went ESM-only: its "API" is `require()` itself, so every
 * `require('<package>')` (and `import x = require(…)`) is a use, at the line of the call.
 */
export const REQUIRE_CHECK = 'require()';

export interface NameCheck extends ApiName {
  /** Finding ids, or `apiSurface`. */
  origin: string;
  /**
   * How uses are found when it is not by the name (`app.del`, `legacy`):
   * - `rootCall`: calls of the package itself (`retry(axios)`, `new Client()`), for a root that
   *   stops being callable; `requireOnly` when only `require()` callers lose it (a root compiled
   *   from an ES module: a bundler's or TypeScript's ES import still gets the interop default),
   *   and `nativeImports` when Node.js's own ES import (`.mjs`/`.mts` files) loses it too;
   * - `subpath`: imports of a module file by path (`graphql-tag/parser`), for a removed file;
   * - `subpathName`: imports of `member` from the subpath `specifier` (`import { JSONPreset }
   *   from 'lowdb/node'`), for a name that subpath's declarations no longer export.
   */
  form?: { kind: 'rootCall'; requireOnly: boolean; nativeImports: boolean } | { kind: 'subpath'; specifiers: string[] } | { kind: 'subpathName'; specifier: string; member: string };
}

/** The checked name shown for a name a subpath no longer exports: `JSONPreset (lowdb/node)`. */
export function subpathNameCheck(member: string, specifier: string): string {
  return `${member} (${specifier})`;
}

/** The checked name shown for a root that stops being callable: `require('axios-retry')()` or `chownr()`. */
export function rootCallName(packageName: string, requireOnly: boolean): string {
  return requireOnly ? `require('${packageName}')()` : `${packageName}()`;
}

/** `express` for express, `lodash` for lodash.get-style names, `vue` for @vue/… : how code usually names a package. */
function packageIdentifier(packageName: string): string {
  return packageName
    .slice(packageName.lastIndexOf('/') + 1)
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();
}

/**
 * A call whose argument count is none of the removed call forms' is not a use of them
 * (`res.json(body)` when `res.json(status, obj)` went). An access that is not called, or a call
 * with a spread argument, still counts: the count is unknown.
 */
function isOtherCallForm(check: NameCheck, use: { callArguments?: number | null }): boolean {
  return check.removedCallArities !== undefined && typeof use.callArguments === 'number' && !check.removedCallArities.includes(use.callArguments);
}

function usesIn(file: ImportingFile, check: NameCheck, packageName: string): NameUse[] {
  if (check.form?.kind === 'subpath') {
    const specifiers = new Set(check.form.specifiers);
    return file.imports.filter((site) => specifiers.has(site.specifier)).map((site) => ({ path: file.path, line: site.line, expression: site.specifier, match: 'binding' as const }));
  }
  if (check.form?.kind === 'subpathName') {
    // Imported by name (`import { JSONPreset } from 'lowdb/node'`, `export … from`), or read on
    // what that specifier loads (`require('lowdb/node').JSONPreset`, `const { JSONPreset } = require(…)`,
    // a namespace import's member): never the same name from the root or another subpath.
    const { specifier, member } = check.form;
    const imported = file.imports
      .filter((site) => site.specifier === specifier && statementNames(site).includes(member))
      .map((site) => ({ path: file.path, line: site.line, expression: `import { ${member} } from '${specifier}'`, match: 'binding' as const }));
    const read = file.traced
      .filter((use) => use.onPackage && use.specifier === specifier && use.member === member && !imported.some((site) => site.line === use.line))
      .map((use) => ({ path: file.path, line: use.line, expression: use.expression, match: 'binding' as const }));
    return [...imported, ...read];
  }
  if (check.form?.kind === 'rootCall') {
    const { requireOnly, nativeImports } = check.form;
    // Only the extensions that always mean Node.js's own ES import are counted. A `.js` file
    // under `"type": "module"` is native ESM when Node.js runs it, but that is also what every
    // Vite app's package.json says of code a bundler compiles, and a bundler's import keeps
    // the interop default: counting those files would report breaks that do not happen.
    const importBreaks = !requireOnly || (nativeImports && /\.m[jt]s$/i.test(file.path));
    return file.traced
      .filter((use) => use.member === ROOT_CALL_MEMBER && (use.rootLoadedBy === 'require' || (use.rootLoadedBy === 'import' && importBreaks)))
      .map((use) => ({ path: file.path, line: use.line, expression: use.expression, match: 'binding' as const }));
  }
  if (check.name === REQUIRE_CHECK) {
    return file.imports
      .filter((site) => site.kind === 'require' || site.kind === 'importEquals')
      .map((site) => ({ path: file.path, line: site.line, expression: `require('${site.specifier}')`, match: 'binding' as const }));
  }
  const { receiver, member } = splitApiName(check.name);
  const uses: NameUse[] = [];
  if (receiver === null && member !== 'default') {
    // Importing a removed export by name (`import { Level }`, `import type { Level }`) fails to
    // compile or resolve by itself, whether or not the binding is used later.
    for (const site of file.imports) {
      if (statementNames(site).includes(member)) uses.push({ path: file.path, line: site.line, expression: `import { ${member} }`, match: 'binding' });
    }
  }
  const receiverIsPackage = receiver !== null && receiver.toLowerCase() === packageIdentifier(packageName);
  for (const use of file.traced) {
    if (use.member !== member || isOtherCallForm(check, use)) continue;
    const matches =
      receiver === null
        ? use.onPackage
        : use.expression === `${receiver}.${member}` || (receiverIsPackage ? use.onPackage : use.receiverVia === 'call');
    if (matches) uses.push({ path: file.path, line: use.line, expression: use.expression, match: 'binding' });
  }
  if (receiver !== null) {
    for (const untraced of file.untraced) {
      if (untraced.member === member && untraced.receiver === receiver && !isOtherCallForm(check, untraced) && !uses.some((use) => use.line === untraced.line)) {
        uses.push({ path: file.path, line: untraced.line, expression: `${untraced.receiver}.${untraced.member}`, match: 'name' });
      }
    }
  }
  return uses;
}

/** One use per place and expression: the scan keeps a line's calls apart by argument count, a reader needs the line once. */
function oncePerLine(uses: NameUse[]): NameUse[] {
  const seen = new Set<string>();
  return uses.filter((use) => {
    const key = `${use.path}\u0000${use.line}\u0000${use.expression}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function checkName(scan: PackageScan, check: NameCheck): Omit<CheckedName, 'origins'> {
  const uses = oncePerLine(scan.files.flatMap((file) => usesIn(file, check, scan.packageName)));
  uses.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : left.line - right.line));
  const checked = { name: cut(check.name, USAGE_TEXT_BOUNDS.name), change: check.change, uses: uses.slice(0, REPORT_BOUNDS.usesPerName).map(boundedUse), useCount: uses.length };
  return check.removedCallArities === undefined ? checked : { ...checked, callForms: [...check.removedCallArities].sort((left, right) => left - right).slice(0, REPORT_BOUNDS.callForms) };
}

/** One entry per name, its mentions folded as one text's are (foldApiName). */
function mergeChecks(checks: readonly NameCheck[]): Array<NameCheck & { origins: string[] }> {
  const merged = new Map<string, NameCheck & { origins: string[] }>();
  for (const check of checks) {
    const known = merged.get(check.name);
    if (known === undefined) merged.set(check.name, { ...check, origins: [check.origin] });
    else {
      if (!known.origins.includes(check.origin)) known.origins.push(check.origin);
      foldApiName(known, check);
    }
  }
  return [...merged.values()].slice(0, REPORT_BOUNDS.names);
}

export function notScannedReport(reason: string): UsageReport {
  return { status: 'notScanned', note: reason.slice(0, REPORT_BOUNDS.noteChars), fileCount: 0, files: [], configMentions: [], checkedNames: [] };
}

export function describeUsage(outcome: UsageScanOutcome | null, packageName: string, checks: readonly NameCheck[]): UsageReport {
  if (outcome === null) return notScannedReport('not scanned: no repository files were given to this run');
  if (outcome.status === 'notScanned') return notScannedReport(outcome.reason);
  const scan = outcome.packages.get(packageName);
  if (scan === undefined) return notScannedReport('not scanned: the package was not part of the repository scan');
  const note = outcome.notes.length > 0 ? outcome.notes.join(' ').slice(0, REPORT_BOUNDS.noteChars) : null;
  return {
    status: 'scanned',
    note,
    fileCount: scan.files.length,
    files: scan.files.slice(0, REPORT_BOUNDS.files).map((file) => ({ path: cut(file.path, USAGE_TEXT_BOUNDS.path), imports: file.imports.slice(0, REPORT_BOUNDS.importsPerFile).map(boundedSite) })),
    configMentions:
      scan.files.length === 0
        ? scan.configMentions.slice(0, REPORT_BOUNDS.configMentions).map((mention) => ({ path: cut(mention.path, USAGE_TEXT_BOUNDS.path), line: mention.line, detail: mention.detail === null ? null : cut(mention.detail, 200) }))
        : [],
    checkedNames: mergeChecks(checks).map((check) => ({ ...checkName(scan, check), origins: check.origins.map((origin) => cut(origin, 200)) })),
  };
}

/** True when some removed or changed API name is used in the repository. */
export function usesCheckedApi(report: UsageReport): boolean {
  return report.checkedNames.some((checked) => checked.useCount > 0);
}
