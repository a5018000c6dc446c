/**
 * Which repository paths are npm dependency files, and how they relate to each other.
 * Paths are repo-relative POSIX paths as a DependencyFileSource returns them.
 */
import { posix } from 'node:path';

export type LockfileFormat = 'npm' | 'pnpm' | 'yarn';

const LOCKFILE_FORMATS: ReadonlyMap<string, LockfileFormat> = new Map([
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
]);

/** Installed copies of packages are never the project's own declarations. */
function isInsideNodeModules(path: string): boolean {
  return path.split('/').includes('node_modules');
}

export function isManifestPath(path: string): boolean {
  return posix.basename(path) === 'package.json' && !isInsideNodeModules(path);
}

export function lockfileFormatOf(path: string): LockfileFormat | undefined {
  if (isInsideNodeModules(path)) return undefined;
  return LOCKFILE_FORMATS.get(posix.basename(path));
}

/** Directory of a repo-relative path; '' for the repository root. */
export function directoryOf(path: string): string {
  const directory = posix.dirname(path);
  return directory === '.' ? '' : directory;
}

/** Joins repo-relative segments and normalises `./` and `..`; '' is the root. */
export function joinPath(...segments: string[]): string {
  const joined = posix.normalize(posix.join(...segments.filter((segment) => segment !== '')));
  return joined === '.' ? '' : joined.replace(/\/$/, '');
}

export function manifestPathIn(directory: string): string {
  return joinPath(directory, 'package.json');
}

/** True when the path stays inside the repository once normalised (no leading `..`). */
export function isInsideRepository(path: string): boolean {
  return path !== '..' && !path.startsWith('../') && !posix.isAbsolute(path);
}
