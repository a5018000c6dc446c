/**
 * TEST DOUBLE: an npm registry in memory serving one package `pkg`, each version with its own
 * tarball (integrity computed from the bytes) and manifest fields; it offers no advisories
 * endpoint. Used by the evidence tests that gather from built tarballs.
 */
import { createHash } from 'node:crypto';
import type { Bump, SemverClass } from '../../src/bumps/types.js';
import type { NpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { parsePackument } from '../../src/ecosystems/npm/packument.js';

export const REGISTRY = 'https://registry.example';

/** The registry double, with the tarball URLs it was asked for, in order (for tests of what is downloaded). */
export type InMemoryRegistry = NpmRegistryClient & { requestedTarballs: string[] };

export function inMemoryRegistry(versions: Record<string, { tarball: Buffer; fields?: Record<string, unknown> }>): InMemoryRegistry {
  const sri = (bytes: Buffer) => `sha512-${createHash('sha512').update(bytes).digest('base64')}`;
  const urlOf = (version: string) => `${REGISTRY}/pkg/-/pkg-${version}.tgz`;
  const manifests = Object.fromEntries(
    Object.entries(versions).map(([version, { tarball, fields }]) => [version, { name: 'pkg', version, ...fields, dist: { tarball: urlOf(version), integrity: sri(tarball) } }]),
  );
  const parsed = parsePackument({ name: 'pkg', versions: manifests, time: {} }, 'pkg');
  if (!parsed.ok) throw new Error(parsed.problem);
  const byUrl = new Map(Object.entries(versions).map(([version, { tarball }]) => [urlOf(version), tarball]));
  const requestedTarballs: string[] = [];
  return {
    registryUrl: REGISTRY,
    stats: { packumentRequests: 0, tarballRequests: 0 },
    requestedTarballs,
    getPackument: async () => parsed.packument,
    getTarball: async (url) => {
      requestedTarballs.push(url);
      const tarball = byUrl.get(url);
      if (tarball === undefined) throw new Error(`no tarball at ${url}`);
      return tarball;
    },
    getAdvisories: async () => {
      throw new Error('not offered');
    },
  };
}

/** A direct production bump of `pkg`, as detection reports a manifest change from `from` to `to`. */
export function bumpOfPkg(from: string, to: string, semverClass: SemverClass): Bump {
  return {
    ecosystem: 'npm',
    name: 'pkg',
    manifests: ['package.json'],
    dependencyTypes: ['prod'],
    from,
    to,
    fromSpec: from,
    toSpec: to,
    direction: 'upgrade',
    semverClass,
    versionSource: 'manifest',
    lockfiles: [],
    installPaths: [],
    direct: true,
  };
}
