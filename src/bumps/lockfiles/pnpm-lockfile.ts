/**
 * pnpm-lock.yaml, lockfileVersion 5.x, 6.x and 9.x.
 *
 * Direct dependencies come from `importers` (workspaces, v9 always) or, in v5/v6 single
 * projects, from the top-level dependency maps. Versions carry peer suffixes that are not
 * part of the version: `1.2.3(react@18.2.0)` in v6/v9, `1.2.3_react@18.2.0` in v5.
 * Installed packages are the `packages` keys: `/name/1.2.3_peer` (v5), `/name@1.2.3(peer)`
 * (v6), `name@1.2.3` (v9).
 */
import semver from 'semver';
import { parse as parseYaml } from 'yaml';
import { DependencyFileError, isRecord, ownValue } from '../dependency-file-error.js';
import { addInstalled, splitDescriptor, type LockfileSnapshot } from './lockfile-snapshot.js';

type PnpmGeneration = 5 | 6 | 9;

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

export function parsePnpmLockfile(path: string, text: string): LockfileSnapshot {
  let document: unknown;
  try {
    // `yaml` caps alias expansion by default, which defuses "billion laughs" documents.
    // logLevel 'error': its warnings (an unknown `%` directive…) would otherwise go to the
    // process's stderr, quoting the PR's own text into the job log.
    document = parseYaml(text, { logLevel: 'error' });
  } catch {
    throw new DependencyFileError('LOCKFILE_UNPARSEABLE', path, `${path} is not valid YAML: fix or regenerate the lockfile`);
  }
  if (!isRecord(document)) {
    throw new DependencyFileError('LOCKFILE_UNPARSEABLE', path, `${path} is not a YAML mapping: fix or regenerate the lockfile`);
  }
  const generation = generationOf(ownValue(document, 'lockfileVersion'));
  if (generation === undefined) {
    throw new DependencyFileError(
      'LOCKFILE_UNSUPPORTED',
      path,
      `${path} has lockfileVersion ${JSON.stringify(ownValue(document, 'lockfileVersion') ?? null)}, which DepVerdict does not read (supported: 5.x, 6.x, 9.0): regenerate it with pnpm 7, 8 or 9`,
    );
  }

  // importer directory → dependency name → resolved version
  const importers = new Map<string, Map<string, string>>();
  const importerSection = ownValue(document, 'importers');
  if (isRecord(importerSection)) {
    for (const [directory, importer] of Object.entries(importerSection)) {
      if (isRecord(importer)) importers.set(directory === '.' ? '' : directory, directDependencies(importer, generation));
    }
  } else {
    importers.set('', directDependencies(document, generation));
  }

  const installed = new Map<string, Set<string>>();
  const packages = ownValue(document, 'packages');
  if (isRecord(packages)) {
    for (const [key, entry] of Object.entries(packages)) {
      const identity = installedIdentity(key, isRecord(entry) ? entry : {}, generation);
      if (identity !== undefined && semver.valid(identity.version) !== null) addInstalled(installed, identity.name, identity.version);
    }
  }

  return {
    path,
    format: 'pnpm',
    importerDirectories: new Set(importers.keys()),
    resolveDirect: (importerDirectory, name) => importers.get(importerDirectory)?.get(name),
    installed,
    installPaths: new Map(),
  };
}

function generationOf(value: unknown): PnpmGeneration | undefined {
  const major = Number.parseInt(String(value ?? ''), 10);
  return major === 5 || major === 6 || major === 9 ? major : undefined;
}

function directDependencies(importer: Record<string, unknown>, generation: PnpmGeneration): Map<string, string> {
  const versions = new Map<string, string>();
  for (const field of DEPENDENCY_FIELDS) {
    const section = ownValue(importer, field);
    if (!isRecord(section)) continue;
    for (const [name, value] of Object.entries(section)) {
      // v6/v9: { specifier, version }; v5: the version string itself.
      const raw = isRecord(value) ? ownValue(value, 'version') : value;
      if (typeof raw === 'string' || typeof raw === 'number') versions.set(name, normaliseVersion(String(raw), generation));
    }
  }
  return versions;
}

/** Strips peer suffixes and alias paths; keeps `link:`/`file:` locators as they are. */
export function normaliseVersion(raw: string, generation: PnpmGeneration): string {
  if (/^(link|file|workspace):/.test(raw)) return raw;
  let version = raw;
  const parenthesis = version.indexOf('(');
  if (parenthesis > 0) version = version.slice(0, parenthesis);
  if (generation === 5) {
    const underscore = version.indexOf('_');
    if (underscore > 0) version = version.slice(0, underscore);
  }
  if (semver.valid(version) !== null) return version;
  // Aliased dependencies point at another package: `/real/1.0.0`, `/real@1.0.0`, `real@1.0.0`.
  if (generation === 5 && version.startsWith('/')) return version.slice(version.lastIndexOf('/') + 1);
  const aliased = splitDescriptor(version.replace(/^\//, ''));
  if (aliased !== undefined && semver.valid(aliased.range) !== null) return aliased.range;
  return raw;
}

function installedIdentity(key: string, entry: Record<string, unknown>, generation: PnpmGeneration): { name: string; version: string } | undefined {
  // Tarball and git packages record their identity explicitly.
  const explicitName = ownValue(entry, 'name');
  const explicitVersion = ownValue(entry, 'version');
  if (typeof explicitName === 'string' && typeof explicitVersion === 'string') return { name: explicitName, version: explicitVersion };
  const bare = key.replace(/^\//, '');
  if (generation === 5) {
    const separator = bare.lastIndexOf('/');
    if (separator <= 0) return undefined;
    return { name: bare.slice(0, separator), version: normaliseVersion(bare.slice(separator + 1), 5) };
  }
  // indexOf, not `/\(.*$/`: that regex is quadratic on a key with many `(` and a line break.
  const parenthesis = bare.indexOf('(');
  const descriptor = splitDescriptor(parenthesis >= 0 ? bare.slice(0, parenthesis) : bare);
  return descriptor === undefined ? undefined : { name: descriptor.name, version: descriptor.range };
}
