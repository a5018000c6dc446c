import { lstat, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** An --out that cannot hold the run's files: said before anything runs, not after a paid analysis. */
export class OutputDirectoryError extends Error {}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? 'an error';

/** What is at `path`, following symbolic links (a linked work directory is a directory); null when nothing is. */
async function entryAt(path: string, out: string): Promise<'directory' | 'other' | null> {
  try {
    return (await stat(path)).isDirectory() ? 'directory' : 'other';
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      // A link whose target is gone is in the way, not missing.
      const link = await lstat(path).catch(() => null);
      if (link?.isSymbolicLink()) throw new OutputDirectoryError(`--out ${out} cannot be used: ${path} is a symbolic link to nothing.`);
      return null;
    }
    throw new OutputDirectoryError(`--out ${out} cannot be checked (${code} at ${path}): give a directory you can write to.`);
  }
}

/**
 * Makes sure `--out` is a directory the run can write into, creating what is missing, before the
 * analysis starts: a file in its place, a parent that cannot hold directories, or a directory
 * that refuses a file stops the run at once with the path named. Missing levels are made one at
 * a time, not with a recursive mkdir (which spins forever under /proc on some Node.js versions).
 */
export async function prepareOutputDirectory(out: string, cwd: string = process.cwd(), files = 'version-analysis.json, trace.json and comment.md'): Promise<void> {
  const target = resolve(cwd, out);
  const missing: string[] = [];
  let current = target;
  for (;;) {
    const entry = await entryAt(current, out);
    if (entry === 'other') {
      throw new OutputDirectoryError(current === target ? `--out ${out} is a file, not a directory: give a directory for ${files}.` : `--out ${out} cannot be created: ${current} is not a directory.`);
    }
    if (entry === 'directory') break;
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const directory of missing) {
    try {
      await mkdir(directory);
    } catch (error) {
      if (codeOf(error) === 'EEXIST') continue;
      throw new OutputDirectoryError(`--out ${out} cannot be created (${codeOf(error)} at ${directory}): give a directory you can write to.`);
    }
  }
  // A directory can exist and still refuse files (read-only, sysfs): the run writes files, so a file is the test.
  const probe = join(target, `.depverdict-write-check-${process.pid}`);
  try {
    await writeFile(probe, '');
    await rm(probe, { force: true });
  } catch (error) {
    throw new OutputDirectoryError(`--out ${out} does not accept files (${codeOf(error)}): give a directory you can write to.`);
  }
}
