import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';

/**
 * The bundles in dist/ carry every runtime dependency, so each one's `engines.node` must accept
 * the Node versions DepVerdict promises: the oldest our own `engines` allows (the CLI on a
 * developer's Node 20) and the major the action runs on (`runs.using` in action.yml). A
 * dependency that raises its floor shows up here, not as an EBADENGINE warning nobody reads.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as Record<string, unknown>;

interface LockedPackage {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  engines?: { node?: string } | string[];
}

function promisedNodeVersions(): string[] {
  const engines = (readJson('package.json').engines as { node: string }).node;
  const oldest = semver.minVersion(engines);
  const action = parseYaml(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string } };
  const actionMajor = /^node(\d+)$/.exec(action.runs.using)?.[1];
  if (oldest === null || actionMajor === undefined) throw new Error('package.json engines or action.yml runs.using is not what this test expects');
  return [oldest.version, `${actionMajor}.0.0`];
}

describe('Node.js versions', () => {
  it('every runtime dependency in the lockfile accepts the Node versions DepVerdict promises', () => {
    const packages = readJson('package-lock.json').packages as Record<string, LockedPackage>;
    const versions = promisedNodeVersions();
    const refusing: string[] = [];
    for (const [path, entry] of Object.entries(packages)) {
      if (path === '' || entry.dev === true || entry.devOptional === true) continue;
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (range === undefined) continue;
      for (const version of versions) {
        if (!semver.satisfies(version, range)) refusing.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'} needs node ${range} (not ${version})`);
      }
    }
    expect(refusing).toEqual([]);
  });
});
