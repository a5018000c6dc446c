/**
 * yarn.lock, classic (v1) and berry (`__metadata`). Neither format records which entries
 * are direct, so a direct dependency's version is found by looking up the manifest's
 * declared range in the entry keys: `lodash@^4.17.20` (classic) or `lodash@npm:^4.17.20`
 * (berry). Several descriptors share one entry: `"ms@2.1.2, ms@^2.1.1":`.
 */
import { parseSyml } from '@yarnpkg/parsers';
import semver from 'semver';
import { DependencyFileError, isRecord, ownValue } from '../dependency-file-error.js';
import { addInstalled, splitDescriptor, type LockfileSnapshot } from './lockfile-snapshot.js';

/** Berry `__metadata.version` values we have seen in the wild (Yarn 2 to 4.x). */
const SUPPORTED_BERRY_VERSIONS = new Set([4, 5, 6, 7, 8, 9, 10]);

interface YarnEntry {
  name: string;
  version: string;
}

export function parseYarnLockfile(path: string, text: string): LockfileSnapshot {
  let document: unknown;
  try {
    document = parseSyml(text);
  } catch {
    throw new DependencyFileError('LOCKFILE_UNPARSEABLE', path, `${path} is not a valid yarn.lock: fix or regenerate the lockfile`);
  }
  if (!isRecord(document)) {
    throw new DependencyFileError('LOCKFILE_UNPARSEABLE', path, `${path} is not a valid yarn.lock: fix or regenerate the lockfile`);
  }
  const metadata = ownValue(document, '__metadata');
  const berry = isRecord(metadata);
  if (berry) {
    const version = Number.parseInt(String(ownValue(metadata, 'version') ?? ''), 10);
    if (!SUPPORTED_BERRY_VERSIONS.has(version)) {
      throw new DependencyFileError(
        'LOCKFILE_UNSUPPORTED',
        path,
        `${path} has __metadata.version ${JSON.stringify(ownValue(metadata, 'version') ?? null)}, which DepVerdict does not read (supported: 4 to 10): regenerate it with Yarn 2, 3 or 4`,
      );
    }
  }

  const byDescriptor = new Map<string, YarnEntry>();
  const installed = new Map<string, Set<string>>();
  const importerDirectories = new Set<string>(['']);
  for (const [key, entry] of Object.entries(document)) {
    if (key === '__metadata' || !isRecord(entry)) continue;
    const version = ownValue(entry, 'version');
    if (typeof version !== 'string') continue;
    const descriptors = key.split(',').map((descriptor) => descriptor.trim().replace(/^"|"$/g, '')).filter((descriptor) => descriptor !== '');
    const first = descriptors[0] === undefined ? undefined : splitDescriptor(descriptors[0]);
    if (first === undefined) continue;
    const resolution = ownValue(entry, 'resolution');
    const resolved = typeof resolution === 'string' ? splitDescriptor(resolution) : undefined;
    if (resolved?.range.startsWith('workspace:')) {
      // Berry lists each workspace as `name@workspace:packages/web`.
      const directory = resolved.range.slice('workspace:'.length);
      importerDirectories.add(directory === '.' ? '' : directory);
      continue;
    }
    const classicResolved = ownValue(entry, 'resolved');
    const yarnEntry: YarnEntry = {
      name: resolved?.name ?? first.name,
      version: berry ? displayVersion(version, resolved?.range) : classicDisplayVersion(version, classicResolved),
    };
    for (const descriptor of descriptors) byDescriptor.set(descriptor, yarnEntry);
    // `patch:` entries duplicate the npm entry they patch; count each package once.
    const isPatch = resolved?.range.startsWith('patch:') ?? false;
    if (!isPatch && semver.valid(yarnEntry.version) !== null) addInstalled(installed, yarnEntry.name, yarnEntry.version);
  }

  const resolveDirect = (_importerDirectory: string, name: string, spec: string): string | undefined => {
    const candidates = berry ? [`${name}@${spec}`, `${name}@npm:${spec}`] : [`${name}@${spec}`];
    for (const candidate of candidates) {
      const entry = byDescriptor.get(candidate);
      if (entry !== undefined) return entry.version;
    }
    return undefined;
  };
  return { path, format: 'yarn', importerDirectories, resolveDirect, installed, installPaths: new Map() };
}

/** Git and file resolutions are not registry versions: show the locator instead. */
function displayVersion(version: string, resolutionRange: string | undefined): string {
  if (resolutionRange === undefined || resolutionRange.startsWith('npm:') || resolutionRange.startsWith('patch:')) return version;
  return resolutionRange;
}

/** Classic entries from git or a non-registry tarball URL keep that URL as their identity. */
function classicDisplayVersion(version: string, resolved: unknown): string {
  // Registry tarballs always live under `<registry>/<name>/-/<file>.tgz`.
  if (typeof resolved !== 'string' || resolved.includes('/-/')) return version;
  // indexOf, not `/#.*$/`: that regex is quadratic on a value with many `#` and a line break.
  const hash = resolved.indexOf('#');
  return hash >= 0 ? resolved.slice(0, hash) : resolved;
}
