import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory DepVerdict is installed in (the one holding profiles/ and samples/). Found by
 * walking up from this module, so it works from src/ under vitest, from dist/index.js on a
 * runner and from dist/cli/index.js as an npm bin.
 */
export function findInstallRoot(marker = join('profiles', 'extractive.yml')): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(directory, marker))) return directory;
    const parent = dirname(directory);
    if (parent === directory) throw new Error(`DepVerdict's install directory was not found (no ${marker} above ${fileURLToPath(import.meta.url)}); reinstall DepVerdict.`);
    directory = parent;
  }
}
