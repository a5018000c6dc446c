import { mapWithConcurrency } from '../shared/concurrency.js';
import { isConfigFile, isMinifiedName, isSkippedDirectory, isUnderSkippedDirectory, looksBinary, looksGenerated, looksMinified } from './file-rules.js';
import { analyseModule } from './module-usage.js';
import { isSourcePath, parseSource } from './parse-source.js';
import type { ConfigMention, ImportingFile, PackageScan, RepositoryFiles, RepositoryUsage } from './types.js';

/**
 * The usage scan: one bounded pass over the repository at the analysed revision, for all the
 * bumped packages at once. Files are read as data and parsed (never run). A file is parsed only
 * when its text has a quote followed by one of the package names (a specifier is a string
 * literal, so a file without one cannot import the package): the parse cost follows the files
 * that matter, not the size of the repository. The parser then decides — a quoted name in a
 * comment or an unrelated string is not an import.
 *
 * Every bound ends the scan with a note instead of an error; the verdict never waits on it.
 */

export interface ScanLimits {
  /** Files listed (any kind); a listing stops here. */
  maxListed: number;
  /** Source files read. */
  maxSourceFiles: number;
  /** One file; larger ones are skipped unread (a 50 MB bundle is not hand-written code). */
  maxFileBytes: number;
  /** All files read together. */
  maxTotalBytes: number;
  /** Wall time for the whole scan. */
  timeBudgetMs: number;
}

export const DEFAULT_SCAN_LIMITS: ScanLimits = {
  maxListed: 200_000,
  maxSourceFiles: 30_000,
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 256 * 1024 * 1024,
  timeBudgetMs: 30_000,
};

const SLASH = 0x2f;
const AT = 0x40;
/** npm's limit on a package name's length. */
const MAX_NAME_LENGTH = 214;

/**
 * True when the text has a string that starts with one of the names as a whole specifier
 * (`'express'`, `"lodash/get"`, `` `@scope/pkg/x` ``): one linear pass over the quotes.
 */
export function mayImportAny(text: string, names: ReadonlySet<string>): boolean {
  for (let index = 0; index < text.length; index++) {
    const quote = text.charCodeAt(index);
    if (quote !== 0x22 && quote !== 0x27 && quote !== 0x60) continue;
    const start = index + 1;
    let slashes = text.charCodeAt(start) === AT ? 1 : 0;
    let end = start;
    while (end < text.length && end - start <= MAX_NAME_LENGTH) {
      const code = text.charCodeAt(end);
      if (code === 0x22 || code === 0x27 || code === 0x60 || code === 0x0a) break;
      if (code === SLASH && slashes-- === 0) break;
      end += 1;
    }
    if (end > start && end - start <= MAX_NAME_LENGTH && names.has(text.slice(start, end))) return true;
  }
  return false;
}

/** Config files read per scan, and bytes of each. */
const MAX_CONFIG_FILES = 200;
const MAX_CONFIG_BYTES = 256 * 1024;
const READ_CONCURRENCY = 16;

export interface ScanInput {
  files: RepositoryFiles;
  /** Bumped package names. */
  packageNames: readonly string[];
  limits?: Partial<ScanLimits>;
  /** Clock for the time budget (injected in tests). */
  now?: () => number;
  signal?: AbortSignal;
}

/**
 * Names whose import counts as using a package: the package itself and, for DefinitelyTyped's
 * `@types/foo` (`@types/scope__pkg`), the module it types (`foo`, `@scope/pkg`).
 */
export function importNamesFor(packageName: string): string[] {
  if (!packageName.startsWith('@types/')) return [packageName];
  const typed = packageName.slice('@types/'.length);
  return [packageName, typed.includes('__') ? `@${typed.replace('__', '/')}` : typed];
}

class Tally {
  private readonly counts = new Map<string, { count: number; example: string }>();
  add(reason: string, path: string): void {
    const entry = this.counts.get(reason);
    if (entry) entry.count += 1;
    else this.counts.set(reason, { count: 1, example: path });
  }
  notes(): string[] {
    return [...this.counts.entries()].map(([reason, { count, example }]) => `${count} ${count === 1 ? 'file' : 'files'} ${reason} (e.g. ${JSON.stringify(example.slice(0, 200))})`);
  }
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let position = text.indexOf('\n'); position >= 0 && position < index; position = text.indexOf('\n', position + 1)) line += 1;
  return line;
}

/** Where a config file names a package: package.json scripts by name, other files by their first mention. */
function configMentions(path: string, text: string, packageName: string): ConfigMention[] {
  const names = importNamesFor(packageName);
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (name === 'package.json') {
    let scripts: unknown;
    try {
      scripts = (JSON.parse(text) as { scripts?: unknown }).scripts;
    } catch {
      return [];
    }
    if (typeof scripts !== 'object' || scripts === null) return [];
    // A script runs a package's command: `eslint .` for eslint, `vitest run` for vitest.
    const command = packageName.slice(packageName.lastIndexOf('/') + 1);
    return Object.entries(scripts as Record<string, unknown>)
      .filter(([, script]) => typeof script === 'string' && (script.includes(packageName) || new RegExp(`(?:^|[\\s;&|(])${command.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[\\s;&|)])`).test(script)))
      .slice(0, 5)
      .map(([script]) => ({ path, line: null, detail: `script ${JSON.stringify(script.slice(0, 100))}` }));
  }
  // tsconfig `"types": ["node"]` names @types/node by its short name.
  const quotedShort = packageName.startsWith('@types/') && name.startsWith('tsconfig') ? `"${names[1]}"` : null;
  const index = [text.indexOf(packageName), quotedShort === null ? -1 : text.indexOf(quotedShort)].filter((found) => found >= 0).sort((a, b) => a - b)[0];
  return index === undefined ? [] : [{ path, line: lineAt(text, index), detail: null }];
}

export async function scanRepository(input: ScanInput): Promise<RepositoryUsage> {
  const limits: ScanLimits = { ...DEFAULT_SCAN_LIMITS, ...input.limits };
  const now = input.now ?? (() => performance.now());
  const started = now();
  const notes: string[] = [];
  const skipped = new Tally();
  let incomplete = false;

  const importNames = new Map<string, string>();
  for (const packageName of input.packageNames) for (const name of importNamesFor(packageName)) if (!importNames.has(name)) importNames.set(name, packageName);
  const targets: ReadonlySet<string> = new Set(importNames.keys());

  const listing = await input.files.list({ maxEntries: limits.maxListed, skipDirectory: isSkippedDirectory, signal: input.signal });
  if (listing.truncated) {
    incomplete = true;
    notes.push(`The repository lists more than ${limits.maxListed.toLocaleString('en-US')} files; only the first ${limits.maxListed.toLocaleString('en-US')} (in path order) were considered.`);
  }
  const candidates = listing.files.filter((file) => !isUnderSkippedDirectory(file.path));
  let sources = candidates.filter((file) => isSourcePath(file.path));
  const configs = candidates.filter((file) => isConfigFile(file.path)).slice(0, MAX_CONFIG_FILES);
  if (sources.length > limits.maxSourceFiles) {
    incomplete = true;
    notes.push(`${sources.length.toLocaleString('en-US')} source files; the scan read the first ${limits.maxSourceFiles.toLocaleString('en-US')} (in path order).`);
    sources = sources.slice(0, limits.maxSourceFiles);
  }

  const scans = new Map<string, PackageScan>(input.packageNames.map((name) => [name, { packageName: name, files: [], configMentions: [] }]));
  let bytesRead = 0;
  let parsed = 0;
  let stopped: string | null = null;
  const overBudget = (): boolean => {
    if (stopped !== null) return true;
    if (input.signal?.aborted) stopped = 'the run was cancelled';
    else if (now() - started > limits.timeBudgetMs) stopped = `the scan reached its time budget (${Math.round(limits.timeBudgetMs / 1000)} s)`;
    else if (bytesRead > limits.maxTotalBytes) stopped = `the scan read its byte budget (${Math.round(limits.maxTotalBytes / 1024 / 1024)} MiB)`;
    return stopped !== null;
  };

  await mapWithConcurrency(sources, READ_CONCURRENCY, async (file) => {
    if (overBudget()) return;
    if (isMinifiedName(file.path)) return skipped.add('skipped as minified (by name)', file.path);
    if (file.size > limits.maxFileBytes) return skipped.add(`skipped as larger than ${Math.round(limits.maxFileBytes / 1024)} KiB`, file.path);
    let content: Buffer | null;
    try {
      content = await input.files.read(file.path);
    } catch {
      content = null;
    }
    if (content === null) return skipped.add('could not be read', file.path);
    bytesRead += content.length;
    if (content.length > limits.maxFileBytes) return skipped.add(`skipped as larger than ${Math.round(limits.maxFileBytes / 1024)} KiB`, file.path);
    if (looksBinary(content)) return skipped.add('skipped as binary', file.path);
    const text = content.toString('utf8');
    // A file without a quoted package name cannot import it: not worth a parse.
    if (!mayImportAny(text, targets)) return;
    if (looksGenerated(text)) return skipped.add('skipped as generated', file.path);
    if (looksMinified(text)) return skipped.add('skipped as minified', file.path);
    const source = parseSource(file.path, text);
    parsed += 1;
    if (source.failures > 0 && source.programs.length === 0) return skipped.add('could not be parsed', file.path);
    const usage = analyseModule(source.programs, targets);
    const perPackage = new Map<string, ImportingFile>();
    for (const [importName, found] of usage.packages) {
      const packageName = importNames.get(importName)!;
      const entry = perPackage.get(packageName) ?? { path: file.path, imports: [], traced: [], untraced: usage.untraced };
      entry.imports.push(...found.imports);
      entry.traced.push(...found.traced);
      perPackage.set(packageName, entry);
    }
    for (const [packageName, entry] of perPackage) scans.get(packageName)!.files.push(entry);
  });
  if (stopped !== null) {
    incomplete = true;
    notes.push(`The scan stopped early: ${stopped}.`);
  }

  for (const file of configs) {
    if (file.size > MAX_CONFIG_BYTES) continue;
    const content = await input.files.read(file.path).catch(() => null);
    if (content === null || looksBinary(content)) continue;
    const text = content.toString('utf8');
    for (const scan of scans.values()) scan.configMentions.push(...configMentions(file.path, text, scan.packageName));
  }

  for (const scan of scans.values()) {
    scan.files.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
    for (const file of scan.files) file.imports.sort((left, right) => left.line - right.line);
    scan.configMentions.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  }
  await input.files.close();
  return {
    status: 'scanned',
    scanned: input.files.describe(),
    filesListed: listing.files.length,
    filesParsed: parsed,
    notes: [...notes, ...skipped.notes()],
    incomplete,
    packages: scans,
  };
}
