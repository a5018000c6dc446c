/**
 * RepositoryFiles over a directory (the action's checkout, the CLI's --head-dir): a walk that
 * applies every `.gitignore` on the way down (with the `ignore` package, the matcher eslint
 * uses), never enters excluded directories, and never follows a symbolic link — so a symlink
 * loop, or a link pointing out of the repository, is simply not walked. Bounded by entries.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { RepositoryFile, RepositoryFiles } from '../usage/types.js';

/** Directory entries visited (files and directories together) before the walk gives up. */
const VISIT_FACTOR = 4;

interface Rules {
  /** Directory the rules' patterns are relative to ('' for the root). */
  base: string;
  matcher: Ignore;
}

async function rulesOf(root: string, directory: string): Promise<Rules | null> {
  try {
    const text = await readFile(join(root, directory, '.gitignore'), 'utf8');
    return { base: directory, matcher: ignore().add(text) };
  } catch {
    return null;
  }
}

function ignoredBy(rules: readonly Rules[], path: string, isDirectory: boolean): boolean {
  for (const rule of rules) {
    const relative = rule.base === '' ? path : path.slice(rule.base.length + 1);
    if (rule.matcher.ignores(isDirectory ? `${relative}/` : relative)) return true;
  }
  return false;
}

export function createDirectoryTreeFiles(options: { root: string; label?: string }): RepositoryFiles {
  const { root } = options;
  const listed = new Set<string>();
  return {
    describe: () => options.label ?? `directory ${root}`,

    async list({ maxEntries, skipDirectory, signal }) {
      const files: RepositoryFile[] = [];
      let truncated = false;
      let visited = 0;
      // Breadth-first, sorted per directory: a stable order, and shallow files first when bounded.
      const queue: Array<{ directory: string; rules: Rules[] }> = [{ directory: '', rules: [] }];
      while (queue.length > 0 && !truncated) {
        if (signal?.aborted) break;
        const { directory, rules: inherited } = queue.shift()!;
        const own = await rulesOf(root, directory);
        const rules = own === null ? inherited : [...inherited, own];
        let entries;
        try {
          entries = await readdir(join(root, directory), { withFileTypes: true });
        } catch {
          continue;
        }
        entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
        for (const entry of entries) {
          visited += 1;
          if (visited > maxEntries * VISIT_FACTOR) {
            truncated = true;
            break;
          }
          const path = directory === '' ? entry.name : `${directory}/${entry.name}`;
          // Dirent types come from lstat semantics: a symlink is reported as a symlink, not its target.
          if (entry.isSymbolicLink()) continue;
          if (entry.isDirectory()) {
            if (!skipDirectory(entry.name) && !ignoredBy(rules, path, true)) queue.push({ directory: path, rules });
            continue;
          }
          if (!entry.isFile() || ignoredBy(rules, path, false)) continue;
          if (files.length >= maxEntries) {
            truncated = true;
            break;
          }
          files.push({ path, size: -1 });
        }
      }
      // Sizes: one lstat per file, in parallel batches, so the scan can skip large files unread.
      for (let index = 0; index < files.length; index += 256) {
        await Promise.all(
          files.slice(index, index + 256).map(async (file) => {
            try {
              const stats = await lstat(join(root, file.path));
              file.size = stats.isFile() ? stats.size : -1;
            } catch {
              file.size = -1;
            }
          }),
        );
      }
      const regular = files.filter((file) => file.size >= 0);
      for (const file of regular) listed.add(file.path);
      return { files: regular, truncated };
    },

    async read(path) {
      if (!listed.has(path)) return null;
      const full = join(root, path);
      try {
        // Re-checked at read time: a file replaced by a symlink after listing is not followed.
        const stats = await lstat(full);
        if (!stats.isFile()) return null;
        return await readFile(full);
      } catch {
        return null;
      }
    },

    close: async () => {},
  };
}
