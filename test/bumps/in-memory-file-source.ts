/**
 * TEST DOUBLE: a DependencyFileSource over two in-memory file maps. It records every read
 * so tests can see what detection asked for, and can be told to fail reading a path.
 */
import type { DependencyFileSource } from '../../src/bumps/types.js';

export interface InMemoryFileSource extends DependencyFileSource {
  reads: Array<{ side: 'base' | 'head'; path: string }>;
}

export function createInMemoryFileSource(
  base: Record<string, string>,
  head: Record<string, string>,
  options: { failingPaths?: string[] } = {},
): InMemoryFileSource {
  const files = { base: new Map(Object.entries(base)), head: new Map(Object.entries(head)) };
  const reads: InMemoryFileSource['reads'] = [];
  return {
    reads,
    async changedPaths() {
      const paths = new Set([...files.base.keys(), ...files.head.keys()]);
      return [...paths].filter((path) => files.base.get(path) !== files.head.get(path)).sort();
    },
    async read(side, path) {
      reads.push({ side, path });
      if (options.failingPaths?.includes(path)) throw new Error(`simulated read failure for ${path}`);
      return files[side].get(path);
    },
    describe(side) {
      return side === 'base' ? 'base-sha' : 'head-sha';
    },
  };
}

/** Builds a package.json text. */
export function manifestText(fields: Record<string, unknown>): string {
  return `${JSON.stringify({ name: 'app', version: '1.0.0', ...fields }, null, 2)}\n`;
}

/** Builds a package-lock.json v3 text from install path → version. */
export function npmLockText(rootDependencies: Record<string, string>, installed: Record<string, string | Record<string, unknown>>): string {
  const packages: Record<string, unknown> = { '': { name: 'app', version: '1.0.0', dependencies: rootDependencies } };
  for (const [path, entry] of Object.entries(installed)) {
    packages[path] = typeof entry === 'string' ? { version: entry, resolved: `https://registry.npmjs.org/x/-/x-${entry}.tgz` } : entry;
  }
  return `${JSON.stringify({ name: 'app', version: '1.0.0', lockfileVersion: 3, requires: true, packages }, null, 2)}\n`;
}
