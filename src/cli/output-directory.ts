import { lstat, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** An --out that cannot hold the run's files: said before anything runs, not after a paid analysis. */
export class OutputDirectoryError extends Error {}

/**
 * Makes sure `--out` is a directory the run can write into, creating what is missing, before the
 * analysis starts: a file in its place, or a parent that cannot hold directories, stops the run
 * at once with the path named. Missing levels are made one at a time, not with a recursive mkdir
 * (which spins forever under /proc on some Node.js versions).
 */
export async function prepareOutputDirectory(out: string, cwd: string = process.cwd()): Promise<void> {
  const target = resolve(cwd, out);
  const missing: string[] = [];
  let current = target;
  for (;;) {
    const stats = await lstat(current).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' || error.code === 'ENOTDIR' ? null : Promise.reject(error)));
    if (stats !== null) {
      if (!stats.isDirectory()) {
        throw new OutputDirectoryError(current === target ? `--out ${out} is a file, not a directory: give a directory for version-analysis.json, trace.json and comment.md.` : `--out ${out} cannot be created: ${current} is not a directory.`);
      }
      break;
    }
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const directory of missing) {
    try {
      await mkdir(directory);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'an error';
      if (code === 'EEXIST') continue;
      throw new OutputDirectoryError(`--out ${out} cannot be created (${code} at ${directory}): give a directory you can write to.`);
    }
  }
}
