import type { DependencyFileSource } from '../bumps/types.js';
import type { NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import type { GitHubClient } from '../github/client.js';
import type { PhaseClock } from '../shared/phase-clock.js';

/**
 * Thin wrappers that report to the phase clock what the run's I/O costs, without the pure
 * code below knowing about timing: registry and tarball reads, GitHub reads, file reads.
 */

/** Packuments and advisories count as `registry`, tarballs as `tarballs`; counts come from the client's totals. */
export function timedRegistry(registry: NpmRegistryClient, phases: PhaseClock): NpmRegistryClient {
  const start = { ...registry.stats };
  const delta = (key: keyof NpmRegistryClient['stats']): number => (registry.stats[key] ?? 0) - (start[key] ?? 0);
  phases.countFrom('registry', () => ({
    requests: delta('packumentRequests') + delta('advisoryRequests'),
    bytes: delta('packumentBytes'),
    cacheHits: delta('packumentsNotModified'),
  }));
  phases.countFrom('tarballs', () => ({ requests: delta('tarballRequests'), bytes: delta('tarballBytes'), cacheHits: delta('tarballCacheHits') }));
  return {
    get registryUrl() {
      return registry.registryUrl;
    },
    get stats() {
      return registry.stats;
    },
    getPackument: (name) => phases.track('registry', () => registry.getPackument(name)),
    getAdvisories: (versionsByName) => phases.track('registry', () => registry.getAdvisories(versionsByName)),
    getTarball: (url, label, integrity) => phases.track('tarballs', () => registry.getTarball(url, label, integrity)),
  };
}

/**
 * Counts and times GitHub API requests as `repository` while `active()` holds: the action's
 * client also reads the pull request's files (detection) and posts the comment (publication),
 * which belong to other phases.
 */
export function timeGitHubReads(client: GitHubClient | null | undefined, phases: PhaseClock, active: () => boolean): void {
  if (!client) return;
  client.hook.wrap('request', async (request, options) => {
    if (!active()) return request(options);
    phases.count('repository', { requests: 1 });
    const response = await phases.track('repository', async () => request(options));
    const length = Number(response.headers?.['content-length']);
    if (Number.isFinite(length)) phases.count('repository', { bytes: length });
    return response;
  });
}

/**
 * Each file is read once per side and run, whoever asks (detection, the lockfile-integrity
 * check), and the changed paths are listed once: a second read is answered from memory. Reads
 * count as `detection` requests.
 */
export function readOnce(source: DependencyFileSource, phases?: PhaseClock): DependencyFileSource {
  const reads = new Map<string, Promise<string | undefined>>();
  // Detection, workflow detection and the detection line all ask: one listing (a directory pair is walked and compared).
  let changed: Promise<string[]> | undefined;
  return {
    changedPaths: () => (changed ??= source.changedPaths()),
    describe: (side) => source.describe(side),
    ...(source.sameTree === undefined ? {} : { sameTree: () => source.sameTree!() }),
    read(side, path) {
      const key = `${side}\u0000${path}`;
      let pending = reads.get(key);
      if (pending === undefined) {
        phases?.count('detection', { requests: 1 });
        pending = source.read(side, path);
        reads.set(key, pending);
      }
      return pending;
    },
  };
}
