import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { encodePackageName, isValidPackageName, parseJsonDroppingProtoKeys, parsePackument, type Packument } from './packument.js';
import { DEFAULT_REGISTRY_URL, RegistryError, type NpmRegistryClient } from './registry-client.js';

/** Placeholder origin written into recorded tarball URLs by scripts/record-registry-fixtures.mjs. */
export const SNAPSHOT_ORIGIN_TOKEN = '{{REGISTRY}}';

/**
 * A registry read from a recorded snapshot directory instead of the network: the same files
 * scripts/record-registry-fixtures.mjs writes (`packuments/<encoded-name>.json`,
 * `tarballs/<encoded-name>-<version>.tgz`). It makes the shipped sample and air-gapped runs work
 * with real registry data; nothing is synthesised, a package missing from the snapshot is
 * PACKAGE_NOT_FOUND exactly as a registry would say.
 */
export function createSnapshotRegistryClient(options: { directory: string; registryUrl?: string }): NpmRegistryClient {
  const registryUrl = (options.registryUrl ?? DEFAULT_REGISTRY_URL).replace(/\/+$/, '');
  const stats = { packumentRequests: 0, tarballRequests: 0 };
  const packuments = new Map<string, Promise<Packument>>();
  /** Tarball URL (as the packument states it) → snapshot file, learnt from loaded packuments. */
  const tarballFiles = new Map<string, string>();

  async function load(name: string): Promise<Packument> {
    if (!isValidPackageName(name)) throw new RegistryError('PACKAGE_NAME_INVALID', `"${name.slice(0, 100)}" is not a valid npm package name.`, { subject: name });
    stats.packumentRequests += 1;
    const encoded = encodePackageName(name);
    let text: string;
    try {
      text = await readFile(join(options.directory, 'packuments', `${encoded}.json`), 'utf8');
    } catch {
      throw new RegistryError('PACKAGE_NOT_FOUND', `${name} is not in the registry snapshot at ${options.directory} (no packuments/${encoded}.json): record it into the snapshot, or leave out --registry-snapshot to read the npm registry.`, { subject: name });
    }
    const parsed = parsePackument(parseJsonDroppingProtoKeys(text.split(SNAPSHOT_ORIGIN_TOKEN).join(registryUrl)), name);
    if (!parsed.ok) throw new RegistryError('REGISTRY_RESPONSE_INVALID', `The snapshot of ${name} is invalid: ${parsed.problem}.`, { subject: name });
    for (const [version, manifest] of Object.entries(parsed.packument.versions)) {
      const url = manifest.dist?.tarball;
      if (url) tarballFiles.set(url, join(options.directory, 'tarballs', `${encoded}-${version}.tgz`));
    }
    return parsed.packument;
  }

  return {
    registryUrl,
    stats,
    getPackument(name) {
      let pending = packuments.get(name);
      if (!pending) {
        pending = load(name);
        packuments.set(name, pending);
      }
      return pending;
    },
    /**
     * Recorded advisory answers live in `advisories/<encoded-name>.json` (the endpoint's response
     * for that package). Without one the snapshot behaves like a registry without the endpoint,
     * which is what most mirrors are: nothing is invented.
     */
    async getAdvisories(versionsByName) {
      const answer: Record<string, unknown> = {};
      let recorded = false;
      for (const name of Object.keys(versionsByName)) {
        if (!isValidPackageName(name)) continue;
        try {
          const text = await readFile(join(options.directory, 'advisories', `${encodePackageName(name)}.json`), 'utf8');
          answer[name] = (parseJsonDroppingProtoKeys(text) as Record<string, unknown>)[name] ?? [];
          recorded = true;
        } catch {
          // Not recorded for this package.
        }
      }
      if (!recorded) throw new RegistryError('ENDPOINT_UNSUPPORTED', 'The registry snapshot has no recorded advisory data (the advisory endpoint was not recorded).', { subject: Object.keys(versionsByName).join(', ') });
      return answer;
    },
    async getTarball(url, label) {
      stats.tarballRequests += 1;
      const file = tarballFiles.get(url);
      const subject = label ?? url;
      if (!file) throw new RegistryError('PACKAGE_NOT_FOUND', `The tarball of ${subject} is not in the registry snapshot.`, { subject });
      try {
        return await readFile(file);
      } catch {
        throw new RegistryError('PACKAGE_NOT_FOUND', `The tarball of ${subject} was not recorded in the snapshot (${file}).`, { subject });
      }
    },
  };
}

/** A --registry-snapshot directory that cannot be one: said before the run starts, not once per bump. */
export class RegistrySnapshotError extends Error {
  override readonly name = 'RegistrySnapshotError';
  /** A command-line option that cannot work: the run's configuration, not the pull request's files. */
  readonly code = 'CONFIGURATION_ERROR';
}

/** Throws RegistrySnapshotError unless `directory` holds a `packuments/` folder (tarballs/ may be absent: a snapshot of facts only). */
export async function assertRegistrySnapshot(directory: string): Promise<void> {
  const packuments = await stat(join(directory, 'packuments')).catch(() => undefined);
  if (packuments?.isDirectory() === true) return;
  const root = await stat(directory).catch(() => undefined);
  const problem = root === undefined ? 'does not exist' : !root.isDirectory() ? 'is not a directory' : 'has no packuments/ folder';
  throw new RegistrySnapshotError(`--registry-snapshot ${directory} ${problem}: give a recorded snapshot (packuments/ and tarballs/, as samples/registry in DepVerdict's repository), or leave the option out to read the npm registry.`);
}
