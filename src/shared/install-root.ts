import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Marker of DepVerdict's install directory: the shipped extractive profile. */
const INSTALL_MARKER = join('profiles', 'extractive.yml');

/** The nearest directory at or above `start` that contains `marker`, or null. */
export function findDirectoryAbove(start: string, marker: string = INSTALL_MARKER): string | null {
  let directory = start;
  for (;;) {
    if (existsSync(join(directory, marker))) return directory;
    const parent = dirname(directory);
    if (parent === directory) return null;
    directory = parent;
  }
}

/**
 * The directory DepVerdict is installed in (the one holding profiles/ and samples/). Found by
 * walking up from this module, so it works from src/ under vitest, from dist/index.js on a
 * runner and from dist/cli/index.js as an npm bin.
 */
export function findInstallRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const root = findDirectoryAbove(here);
  if (!root) throw new Error(`DepVerdict's install directory was not found (no ${INSTALL_MARKER} above ${here}); reinstall DepVerdict.`);
  return root;
}
