/**
 * DependencyFileSource over two directory trees (base and head), e.g. two checkouts.
 * `node_modules` and `.git` are skipped; symbolic links are not followed, so a link
 * cannot make the source read outside its tree.
 */
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { DependencyFileSource } from '../bumps/types.js';

export interface DirectoryFileSourceOptions {
  baseDir: string;
  headDir: string;
}

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git']);

export class DirectoryFileSourceError extends Error {
  override readonly name = 'DirectoryFileSourceError';
}

export function createDirectoryFileSource(options: DirectoryFileSourceOptions): DependencyFileSource {
  const roots = { base: resolve(options.baseDir), head: resolve(options.headDir) };

  const absolutePath = (side: 'base' | 'head', path: string): string => {
    const root = roots[side];
    const target = resolve(root, path);
    const inside = relative(root, target);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
      throw new DirectoryFileSourceError(`Path "${path}" is outside the ${side} directory ${root}: use a repository-relative path`);
    }
    return target;
  };

  // One tree under two names: nothing to list or compare (a large checkout is not read twice).
  let same: Promise<boolean> | undefined;
  const sameTree = (): Promise<boolean> =>
    (same ??= Promise.all([realpath(roots.base), realpath(roots.head)]).then(
      ([base, head]) => base === head,
      () => false,
    ));

  return {
    sameTree,

    async changedPaths(): Promise<string[]> {
      if (await sameTree()) return [];
      const [baseFiles, headFiles] = await Promise.all([listFiles(roots.base), listFiles(roots.head)]);
      const changed: string[] = [];
      for (const path of new Set([...baseFiles.keys(), ...headFiles.keys()])) {
        const baseSize = baseFiles.get(path);
        const headSize = headFiles.get(path);
        if (baseSize === undefined || headSize === undefined || baseSize !== headSize) {
          changed.push(path);
          continue;
        }
        // Same size: compare bytes.
        const [baseBytes, headBytes] = await Promise.all([readFile(join(roots.base, path)), readFile(join(roots.head, path))]);
        if (!baseBytes.equals(headBytes)) changed.push(path);
      }
      return changed.sort();
    },

    async read(side, path): Promise<string | undefined> {
      const target = absolutePath(side, path);
      try {
        const stats = await lstat(target);
        if (!stats.isFile()) return undefined;
        // A linked folder on the way (`pkg` → /elsewhere) must not lead out of the tree: the file's
        // real path must stay under the root's.
        const [realRoot, realTarget] = await Promise.all([realpath(roots[side]), realpath(target)]);
        const inside = relative(realRoot, realTarget);
        if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return undefined;
        return await readFile(target, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
        throw error;
      }
    },

    describe(side): string {
      return roots[side];
    },
  };
}

/**
 * Throws DirectoryFileSourceError unless root is a directory: callers check before a run starts.
 * The root the user names may itself be a link to a directory (a checkout linked into place);
 * links inside the tree are still never followed.
 */
export async function assertDirectory(root: string): Promise<void> {
  const stats = await stat(root).catch(() => undefined);
  if (stats === undefined || !stats.isDirectory()) {
    throw new DirectoryFileSourceError(`Directory ${root} does not exist or is not a directory: check the path`);
  }
}

/** Regular files under root: POSIX relative path → size. */
async function listFiles(root: string): Promise<Map<string, number>> {
  await assertDirectory(root);
  const files = new Map<string, number>();
  const pending = [root];
  while (pending.length > 0) {
    const directory = pending.pop() as string;
    for (const entry of await readdir(directory, { withFileTypes: true })) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) pending.push(path);
      } else if (entry.isFile()) {
        files.set(relative(root, path).split(sep).join('/'), (await lstat(path)).size);
      }
    }
  }
  return files;
}
