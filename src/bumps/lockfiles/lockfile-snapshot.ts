/**
 * What bump detection needs from any lockfile format: which workspace packages it covers,
 * the version it resolved for a direct dependency, and every installed registry package.
 */
import type { LockfileFormat } from '../dependency-files.js';

export interface LockfileSnapshot {
  path: string;
  format: LockfileFormat;
  /**
   * Directories of the projects the lockfile resolves, relative to the lockfile's own
   * directory ('' is the directory itself). Workspace packages appear here.
   */
  importerDirectories: Set<string>;
  /**
   * Resolved version of `name` as a direct dependency of the importer, or undefined when
   * the lockfile does not say. Non-registry resolutions (git, file, link) come back as
   * their raw, non-semver locator so a change is still visible.
   */
  resolveDirect(importerDirectory: string, name: string, spec: string): string | undefined;
  /** Registry packages installed anywhere in the tree: name → versions. */
  installed: Map<string, Set<string>>;
  /**
   * Where each installed version sits: name → version → install paths relative to the
   * lockfile's directory (`node_modules/lerna/node_modules/nx`). Only npm lockfiles record
   * locations; pnpm and yarn record one entry per version, so theirs is empty.
   */
  installPaths: Map<string, Map<string, string[]>>;
  /**
   * The parsed JSON of an npm lockfile, kept so the lockfile-integrity check reads the same parse
   * instead of reading and parsing the file again for every bump.
   */
  document?: unknown;
}

export function addInstalled(installed: Map<string, Set<string>>, name: string, version: string): void {
  const versions = installed.get(name);
  if (versions === undefined) installed.set(name, new Set([version]));
  else versions.add(version);
}

export function addInstallPath(installPaths: Map<string, Map<string, string[]>>, name: string, version: string, installPath: string): void {
  let byVersion = installPaths.get(name);
  if (byVersion === undefined) {
    byVersion = new Map();
    installPaths.set(name, byVersion);
  }
  const paths = byVersion.get(version);
  if (paths === undefined) byVersion.set(version, [installPath]);
  else paths.push(installPath);
}

/** Splits `name@range` (scoped names start with `@`) at the separating `@`. */
export function splitDescriptor(descriptor: string): { name: string; range: string } | undefined {
  const separator = descriptor.indexOf('@', 1);
  if (separator <= 0) return undefined;
  return { name: descriptor.slice(0, separator), range: descriptor.slice(separator + 1) };
}
