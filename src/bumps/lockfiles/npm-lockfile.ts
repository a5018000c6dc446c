/**
 * package-lock.json / npm-shrinkwrap.json, lockfileVersion 1, 2 and 3.
 * v1 nests a `dependencies` tree; v2 and v3 have a flat `packages` map keyed by install
 * path (`node_modules/a/node_modules/b`), where keys without `node_modules` are workspace
 * packages and `link: true` entries point at them.
 */
import semver from 'semver';
import { DependencyFileError, isRecord, ownValue, parseJsonFile } from '../dependency-file-error.js';
import { addInstalled, addInstallPath, type LockfileSnapshot } from './lockfile-snapshot.js';

const NODE_MODULES = 'node_modules/';

export function parseNpmLockfile(path: string, text: string): LockfileSnapshot {
  const document = parseJsonFile(path, text, 'lockfile');
  if (!isRecord(document)) {
    throw new DependencyFileError('LOCKFILE_UNPARSEABLE', path, `${path} is not a JSON object: fix or regenerate the lockfile`);
  }
  const version = ownValue(document, 'lockfileVersion');
  if (version === 2 || version === 3) {
    const packages = ownValue(document, 'packages');
    if (!isRecord(packages)) {
      throw new DependencyFileError('LOCKFILE_UNPARSEABLE', path, `${path} has lockfileVersion ${version} but no "packages" map: regenerate the lockfile`);
    }
    return { ...packagesSnapshot(path, packages), document };
  }
  if (version === 1) return { ...dependencyTreeSnapshot(path, ownValue(document, 'dependencies')), document };
  throw new DependencyFileError(
    'LOCKFILE_UNSUPPORTED',
    path,
    `${path} has lockfileVersion ${JSON.stringify(version ?? null)}, which DepVerdict does not read (supported: 1, 2, 3): regenerate it with npm 6 or later`,
  );
}

/** Registry tarballs resolve over http(s); anything else (git, file) identifies itself by URL. */
function isRegistryResolution(resolved: unknown): boolean {
  return resolved === undefined || (typeof resolved === 'string' && /^https?:\/\//.test(resolved));
}

function entryVersion(entry: Record<string, unknown>): string | undefined {
  const resolved = ownValue(entry, 'resolved');
  if (!isRegistryResolution(resolved)) return resolved as string;
  const version = ownValue(entry, 'version');
  return typeof version === 'string' ? version : undefined;
}

/** Package name of an install path: the part after the last `node_modules/`. */
function nameOfInstallPath(installPath: string): string {
  return installPath.slice(installPath.lastIndexOf(NODE_MODULES) + NODE_MODULES.length);
}

function packagesSnapshot(path: string, packages: Record<string, unknown>): LockfileSnapshot {
  const importerDirectories = new Set<string>(['']);
  const installed = new Map<string, Set<string>>();
  const installPaths = new Map<string, Map<string, string[]>>();
  for (const [installPath, entry] of Object.entries(packages)) {
    if (!isRecord(entry)) continue;
    if (!installPath.includes(NODE_MODULES)) {
      // A workspace package (or the root, ''): it is a project, not an installed package.
      importerDirectories.add(installPath);
      continue;
    }
    if (ownValue(entry, 'link') === true) continue;
    const version = entryVersion(entry);
    if (version === undefined || semver.valid(version) === null) continue;
    // An alias (`"x": "npm:y@1"`) stores the real package name in `name`.
    const realName = ownValue(entry, 'name');
    const name = typeof realName === 'string' ? realName : nameOfInstallPath(installPath);
    addInstalled(installed, name, version);
    addInstallPath(installPaths, name, version, installPath);
  }

  const entryAt = (key: string): Record<string, unknown> | undefined => {
    const entry = Object.hasOwn(packages, key) ? packages[key] : undefined;
    return isRecord(entry) ? entry : undefined;
  };
  const resolveDirect = (importerDirectory: string, name: string): string | undefined => {
    // Node's lookup order: the importer's own node_modules first, then the hoisted root.
    const candidates = importerDirectory === '' ? [`${NODE_MODULES}${name}`] : [`${importerDirectory}/${NODE_MODULES}${name}`, `${NODE_MODULES}${name}`];
    for (const candidate of candidates) {
      const entry = entryAt(candidate);
      if (entry === undefined) continue;
      if (ownValue(entry, 'link') === true) {
        const target = ownValue(entry, 'resolved');
        const targetEntry = typeof target === 'string' ? entryAt(target) : undefined;
        const targetVersion = targetEntry === undefined ? undefined : ownValue(targetEntry, 'version');
        return typeof targetVersion === 'string' ? targetVersion : `link:${String(target)}`;
      }
      return entryVersion(entry);
    }
    return undefined;
  };
  return { path, format: 'npm', importerDirectories, resolveDirect, installed, installPaths };
}

function dependencyTreeSnapshot(path: string, dependencies: unknown): LockfileSnapshot {
  const installed = new Map<string, Set<string>>();
  const installPaths = new Map<string, Map<string, string[]>>();
  const root = isRecord(dependencies) ? dependencies : {};
  // Iterative walk: a deep tree in a hostile file must not exhaust the call stack. Each level
  // carries its install path prefix, so v1 copies get the same paths v2 and v3 would write.
  const pending: Array<{ level: Record<string, unknown>; prefix: string }> = [{ level: root, prefix: '' }];
  while (pending.length > 0) {
    const { level, prefix } = pending.pop() as { level: Record<string, unknown>; prefix: string };
    for (const [name, entry] of Object.entries(level)) {
      if (!isRecord(entry)) continue;
      const installPath = `${prefix}${NODE_MODULES}${name}`;
      const version = ownValue(entry, 'version');
      if (typeof version === 'string') {
        // Aliases are written as `npm:real-name@1.2.3`.
        const alias = /^npm:(@?[^@]+)@(.+)$/.exec(version);
        const identity = alias?.[1] !== undefined && alias[2] !== undefined ? { name: alias[1], version: alias[2] } : { name, version };
        if (semver.valid(identity.version) !== null) {
          addInstalled(installed, identity.name, identity.version);
          addInstallPath(installPaths, identity.name, identity.version, installPath);
        }
      }
      const nested = ownValue(entry, 'dependencies');
      if (isRecord(nested)) pending.push({ level: nested, prefix: `${installPath}/` });
    }
  }
  const resolveDirect = (importerDirectory: string, name: string): string | undefined => {
    if (importerDirectory !== '') return undefined;
    const entry = Object.hasOwn(root, name) ? root[name] : undefined;
    if (!isRecord(entry)) return undefined;
    const version = ownValue(entry, 'version');
    if (typeof version !== 'string') return undefined;
    const alias = /^npm:@?[^@]+@(.+)$/.exec(version);
    return alias?.[1] ?? version;
  };
  return { path, format: 'npm', importerDirectories: new Set(['']), resolveDirect, installed, installPaths };
}
