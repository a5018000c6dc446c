// Shared by the registry fixture recorders (scripts/record-registry-fixtures.mjs and
// datasets/npm-labelled/record-labelled-registry.mjs): how a recorded snapshot is named,
// fetched and trimmed, so every snapshot reads the same way in createSnapshotRegistryClient
// and the fake registry.

/** Origin placeholder in recorded tarball URLs; the fake registry substitutes its own origin. */
export const REGISTRY_TOKEN = '{{REGISTRY}}';
/** Tarballs above this are not recorded: they would bloat the repository for little test value. */
export const MAX_TARBALL_BYTES = 3 * 1024 * 1024;

/** `--registry <url>` and `--only <name,name>`, the options both recorders take. */
export function parseRecorderArguments(argv) {
  const options = { registry: 'https://registry.npmjs.org', only: null };
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index];
    if (argument === '--registry') options.registry = argv[++index];
    else if (argument === '--only') options.only = new Set(argv[++index].split(','));
    else throw new Error(`Unknown argument ${argument}. Usage: --registry <url> --only <name,name>`);
  }
  options.registry = options.registry.replace(/\/+$/, '');
  return options;
}

/** Same encoding the registry client uses: `@scope/name` → `@scope%2fname`. */
export function encodePackageName(name) {
  return name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}`.replace('%2F', '%2f') : encodeURIComponent(name);
}

export async function fetchOrThrow(url, what) {
  const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'error' });
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} from ${url}`);
  return response;
}

/**
 * Why trim: a full packument of a popular package is megabytes (typescript lists thousands of
 * nightlies). Tests need the whole version list and publish times (versions in range, invented
 * version checks) but manifest details only for the versions a bump names, so other versions
 * keep a `{ name, version }` stub (with its `engines`, if any). Tarball URLs are rewritten to the REGISTRY_TOKEN origin.
 */
export function trimPackument(packument, keep) {
  const versions = {};
  for (const [version, manifest] of Object.entries(packument.versions ?? {})) {
    if (!keep.has(version)) {
      // `engines` stays (a few bytes): the first version of a range that changed it is named.
      versions[version] = manifest?.engines === undefined ? { name: packument.name, version } : { name: packument.name, version, engines: manifest.engines };
      continue;
    }
    const copy = structuredClone(manifest);
    if (copy.dist?.tarball) copy.dist.tarball = `${REGISTRY_TOKEN}${new URL(copy.dist.tarball).pathname}`;
    versions[version] = copy;
  }
  const trimmed = { name: packument.name, 'dist-tags': packument['dist-tags'] ?? {} };
  if (packument.repository !== undefined) trimmed.repository = packument.repository;
  trimmed.time = packument.time ?? {};
  trimmed.versions = versions;
  return trimmed;
}

/** The file names DepVerdict ranks as changelogs (src/ecosystems/npm/tarball-changelog.ts), for the dataset recorders. */
export const CHANGELOG_NAME = /^(?:changelog|changes|history|releases|release-notes|news)(?:[._-].*)?$/i;
