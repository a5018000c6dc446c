import type { Bump, DependencyFileSource } from './types.js';

/**
 * The integrity an npm lockfile records for the version a bump moves to. npm verifies installs
 * against this value, not against the registry, so a lockfile edited to carry another hash
 * (pointing at other bytes) installs something the registry never published for that version.
 * Only npm lockfiles (package-lock.json, npm-shrinkwrap.json) record SRI integrity per entry.
 *
 * `parsedAtHead` holds the head lockfiles detection already parsed (path → JSON document); a
 * lockfile found there is not read or parsed again.
 */
export async function readLockfileIntegrity(source: DependencyFileSource, bump: Pick<Bump, 'name' | 'to' | 'lockfiles'>, parsedAtHead?: ReadonlyMap<string, unknown>): Promise<string | null> {
  if (bump.to === null) return null;
  for (const path of bump.lockfiles) {
    if (!/(^|\/)(package-lock|npm-shrinkwrap)\.json$/.test(path)) continue;
    let document: unknown;
    try {
      if (parsedAtHead?.has(path)) {
        document = parsedAtHead.get(path);
      } else {
        const text = await source.read('head', path);
        if (text === undefined) continue;
        document = JSON.parse(text);
      }
    } catch {
      // Detection already reported an unreadable lockfile; there is nothing to compare here.
      continue;
    }
    const integrity = integrityIn(document, bump.name, bump.to);
    if (integrity !== null) return integrity;
  }
  return null;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function integrityOf(entry: Record<string, unknown> | null, version: string): string | null {
  if (entry === null || entry.version !== version || typeof entry.integrity !== 'string') return null;
  return entry.integrity;
}

function integrityIn(document: unknown, name: string, version: string): string | null {
  const root = asRecord(document);
  if (root === null) return null;
  // lockfileVersion 2 and 3: a flat map of install paths.
  const packages = asRecord(root.packages);
  if (packages !== null) {
    for (const [installPath, entry] of Object.entries(packages)) {
      if (installPath !== `node_modules/${name}` && !installPath.endsWith(`/node_modules/${name}`)) continue;
      const integrity = integrityOf(asRecord(entry), version);
      if (integrity !== null) return integrity;
    }
  }
  // lockfileVersion 1: a nested dependency tree (bounded walk).
  const pending: Array<Record<string, unknown>> = [];
  const top = asRecord(root.dependencies);
  if (top !== null) pending.push(top);
  let visited = 0;
  while (pending.length > 0 && visited < 100_000) {
    const dependencies = pending.pop()!;
    for (const [dependencyName, value] of Object.entries(dependencies)) {
      visited += 1;
      const entry = asRecord(value);
      if (dependencyName === name) {
        const integrity = integrityOf(entry, version);
        if (integrity !== null) return integrity;
      }
      const nested = asRecord(entry?.dependencies);
      if (nested !== null) pending.push(nested);
    }
  }
  return null;
}

/**
 * Compares two SRI strings on the algorithms both carry. Returns true only for a real
 * disagreement: no common algorithm (or a missing value) is "cannot tell", never a mismatch.
 */
export function integritiesDisagree(lockfile: string | null, registry: string | null): boolean {
  if (!lockfile || !registry) return false;
  const parse = (value: string) => {
    const digests = new Map<string, Set<string>>();
    for (const token of value.trim().split(/\s+/)) {
      const dash = token.indexOf('-');
      if (dash <= 0) continue;
      const algorithm = token.slice(0, dash).toLowerCase();
      const digest = token.slice(dash + 1).replace(/\?.*$/, '');
      if (!digests.has(algorithm)) digests.set(algorithm, new Set());
      digests.get(algorithm)!.add(digest);
    }
    return digests;
  };
  const left = parse(lockfile);
  const right = parse(registry);
  let compared = false;
  for (const [algorithm, digests] of left) {
    const other = right.get(algorithm);
    if (!other) continue;
    compared = true;
    if ([...digests].some((digest) => other.has(digest))) return false;
  }
  return compared;
}
