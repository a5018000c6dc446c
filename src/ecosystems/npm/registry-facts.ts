import semver from 'semver';
import type { RegistrySignals } from '../../analysis/types.js';
import type { GitHubRepository, RegistryFacts, VersionManifestFacts } from '../types.js';
import { diffManifestShapes, manifestChangeSubjects } from './manifest-diff.js';
import { manifestShapeOf } from './manifest-shape.js';
import type { Packument, PackumentRepository, PackumentVersion } from './packument.js';

/**
 * Registry facts for one bump, computed locally from a packument. Pure: no I/O, no clock, so
 * the same packument and versions always give the same facts (and evidence IDs).
 */

export const DEFAULT_PACKAGE_PAGE_BASE = 'https://www.npmjs.com/package';

const INSTALL_SCRIPT_NAMES = ['preinstall', 'install', 'postinstall'] as const;

/**
 * Bounds for everything copied out of a packument. A packument is publisher-controlled and may
 * be tens of MiB, so each string is cut where it is read (with a `…` marker) and each list is
 * capped: one hostile version must never make the manifest (whose schema limits strings to
 * 1000 characters) unpublishable, nor make later code pay for megabytes of text.
 */
export const REGISTRY_LIMITS = {
  /** npm package and user names are at most 214 characters. */
  nameChars: 214,
  /** License expressions, engine ranges, dependency ranges. */
  textChars: 200,
  /** Deprecation messages (the manifest allows 20000; nobody needs more than this). */
  deprecationChars: 2000,
  /** Repository and tarball URLs; longer ones are not used at all (a cut URL is a wrong URL). */
  urlChars: 2048,
  /** `repository.directory`; longer ones are ignored. */
  directoryChars: 1000,
  /** `dist.integrity`; a cut value fails verification, which is the safe outcome. */
  integrityChars: 1000,
  engines: 20,
  /** Dependencies kept per version (sorted by name). */
  dependencies: 1000,
  /** Names listed in `RegistrySignals.newDependencies`. */
  newDependencies: 200,
} as const;

export interface RegistryFactsOptions {
  registryUrl: string;
  packagePageBase?: string;
}

/** Cuts text to at most `maxChars` UTF-16 units, ending in `…` when cut (never splitting a surrogate pair). */
export function boundText(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  let cut = Math.max(0, maxChars - 1);
  const last = text.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut -= 1;
  return `${text.slice(0, cut)}…`;
}

/** `text` without trailing `/`s, in linear time (a `/\/+$/` regex is quadratic on hostile input). */
function withoutTrailingSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end -= 1;
  return text.slice(0, end);
}

/** Engines that matter most; kept even when a packument declares dozens of others. */
const KEY_ENGINES: readonly string[] = ['node', 'npm'];

/**
 * A key-sorted copy with at most `maxEntries` entries, keys and values bounded. `keep` names
 * keys taken before all others, so junk entries cannot push them out.
 */
function boundedRecord(record: Record<string, string> | undefined, maxEntries: number, keyChars: number, valueChars: number, keep: readonly string[] = []): Record<string, string> {
  if (!record) return {};
  const chosen = new Map<string, string>();
  const keys = [...keep.filter((key) => Object.hasOwn(record, key)), ...Object.keys(record).sort()];
  for (const key of keys) {
    if (chosen.size >= maxEntries) break;
    const value = record[key];
    if (typeof value !== 'string') continue;
    const boundedKey = boundText(key, keyChars);
    // Two long keys may share a cut prefix: the first one wins.
    if (!chosen.has(boundedKey)) chosen.set(boundedKey, boundText(value, valueChars));
  }
  const out: Record<string, string> = {};
  for (const key of [...chosen.keys()].sort()) out[key] = chosen.get(key) as string;
  return out;
}

function boundedEngines(engines: Record<string, string> | undefined): Record<string, string> {
  return boundedRecord(engines, REGISTRY_LIMITS.engines, REGISTRY_LIMITS.nameChars, REGISTRY_LIMITS.textChars, KEY_ENGINES);
}

/** Registry times come in several ISO shapes (micro-seconds, offsets); store one canonical form. */
function isoTime(value: string | undefined): string | null {
  if (!value) return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

function licenseOf(manifest: PackumentVersion): string | null {
  const { license, licenses } = manifest;
  const bound = (text: string): string => boundText(text, REGISTRY_LIMITS.textChars);
  if (typeof license === 'string' && license.trim()) return bound(license.trim());
  if (license && typeof license === 'object' && license.type?.trim()) return bound(license.type.trim());
  // Legacy `licenses: [{type}]` lists alternatives; a few are plenty to say what they are.
  const types = (licenses ?? [])
    .slice(0, 10)
    .map((entry) => entry.type?.trim())
    .filter((type): type is string => Boolean(type));
  return types.length > 0 ? bound(types.map(bound).join(' OR ')) : null;
}

/**
 * Declared lifecycle install scripts. When the registry marks `hasInstallScript` but none is
 * declared, npm runs an implicit `node-gyp rebuild` as `install` (binding.gyp), so report it.
 */
function installScriptsOf(manifest: PackumentVersion): string[] {
  const scripts = manifest.scripts ?? {};
  const declared: string[] = INSTALL_SCRIPT_NAMES.filter((name) => typeof scripts[name] === 'string' && scripts[name].trim() !== '');
  if (declared.length === 0 && manifest.hasInstallScript === true) declared.push('install');
  return declared.sort();
}

function versionFactsOf(packument: Packument, version: string): VersionManifestFacts | null {
  const manifest = Object.hasOwn(packument.versions, version) ? packument.versions[version] : undefined;
  if (!manifest) return null;
  const deprecated = typeof manifest.deprecated === 'string' && manifest.deprecated.trim() ? boundText(manifest.deprecated, REGISTRY_LIMITS.deprecationChars) : null;
  const publisher = manifest._npmUser?.name?.trim();
  const tarballUrl = manifest.dist?.tarball;
  const integrity = manifest.dist?.integrity;
  return {
    version,
    publishedAt: isoTime(Object.hasOwn(packument.time, version) ? packument.time[version] : undefined),
    deprecated,
    license: licenseOf(manifest),
    engines: boundedEngines(manifest.engines),
    installScripts: installScriptsOf(manifest),
    publisher: publisher ? boundText(publisher, REGISTRY_LIMITS.nameChars) : null,
    provenance: manifest.dist?.attestations?.provenance !== undefined,
    dependencies: boundedRecord(manifest.dependencies, REGISTRY_LIMITS.dependencies, REGISTRY_LIMITS.nameChars, REGISTRY_LIMITS.textChars),
    // A cut URL would fetch something else: an over-long one is treated as absent.
    tarballUrl: tarballUrl && tarballUrl.length <= REGISTRY_LIMITS.urlChars ? tarballUrl : null,
    integrity: integrity ? boundText(integrity, REGISTRY_LIMITS.integrityChars) : null,
    shape: manifestShapeOf(manifest),
  };
}

/**
 * Published versions between from and to: (from, to] for an upgrade and (to, from] for a
 * downgrade — the releases being given up, the same interval the changelog selection, the
 * context and the trust layer use.
 * Prereleases are included only when from or to is itself a prerelease: someone moving between
 * stable releases did not pass through the betas, and listing dozens of nightlies (typescript)
 * would drown the versions that matter.
 */
export function versionsBetween(allVersions: string[], from: string | null, to: string | null): string[] {
  if (!from || !to || !semver.valid(from) || !semver.valid(to)) return [];
  const includePrereleases = semver.prerelease(from) !== null || semver.prerelease(to) !== null;
  const [low, high] = semver.lte(from, to) ? [from, to] : [to, from];
  return allVersions.filter((version) => {
    if (!includePrereleases && semver.prerelease(version) !== null) return false;
    return semver.gt(version, low) && semver.lte(version, high);
  });
}

const GITHUB_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GITHUB_REPO = /^[A-Za-z0-9._-]{1,100}$/;

function gitHubRepositoryOf(owner: string, repo: string, directory: string | null): GitHubRepository | null {
  const cleanRepo = repo.replace(/\.git$/i, '');
  if (!GITHUB_NAME.test(owner) || !GITHUB_REPO.test(cleanRepo) || cleanRepo === '.' || cleanRepo === '..') return null;
  return { owner, repo: cleanRepo, directory };
}

/** `packages/foo/` or `./packages/foo` → `packages/foo`; anything escaping the repo → null. */
function normaliseDirectory(directory: string | undefined): string | null {
  if (!directory || directory.length > REGISTRY_LIMITS.directoryChars) return null;
  const segments = directory.replace(/\\/g, '/').split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => segment === '..')) return null;
  return segments.join('/');
}

/**
 * Turns any git URL form npm accepts into an https URL: `git+https://`, `git://`, `ssh://git@`,
 * scp-like `git@host:path`, hosted shortcuts (`github:`, `gitlab:`, `bitbucket:`, `o/r`).
 * Credentials, `.git` and `#committish` are dropped. Null when it is not a URL we can show, or
 * when it is longer than {@link REGISTRY_LIMITS.urlChars}. The input is publisher-controlled and
 * unbounded, so everything before that cap is linear (indexOf/slice, no `X+$` regexes).
 */
function toHttpsUrl(raw: string): URL | null {
  const hash = raw.indexOf('#');
  let text = withoutTrailingSlashes((hash >= 0 ? raw.slice(0, hash) : raw).trim());
  if (text.length === 0 || text.length > REGISTRY_LIMITS.urlChars) return null;
  const shortcut = /^(github|gitlab|bitbucket):([^/\s]+\/[^/\s]+)$/.exec(text);
  if (shortcut) {
    const host = { github: 'github.com', gitlab: 'gitlab.com', bitbucket: 'bitbucket.org' }[shortcut[1] as 'github' | 'gitlab' | 'bitbucket'];
    text = `https://${host}/${shortcut[2]}`;
  } else if (/^[A-Za-z0-9][\w.-]*\/[\w.-]+$/.test(text)) {
    // npm's `owner/repo` shorthand means GitHub.
    text = `https://github.com/${text}`;
  } else {
    const scpLike = /^(?:[\w.-]+@)?([\w.-]+\.[a-z]{2,}):(?!\/\/)\/?(.+)$/i.exec(text);
    if (scpLike) text = `https://${scpLike[1]}/${scpLike[2]}`;
    text = text.replace(/^git\+/, '').replace(/^(?:git|ssh|http):\/\//, 'https://');
  }
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:') return null;
  parsed.username = '';
  parsed.password = '';
  parsed.port = '';
  parsed.search = '';
  parsed.hash = '';
  parsed.pathname = withoutTrailingSlashes(parsed.pathname.replace(/\.git\/?$/i, ''));
  return parsed;
}

export interface NormalisedRepository {
  repository: GitHubRepository | null;
  /** https form when the repository is not on GitHub (or not a recognisable GitHub repo). */
  repositoryUrl: string | null;
}

/** Normalises a `repository` field (string or `{type, url, directory}`) to a GitHub owner/repo. */
export function normaliseRepository(input: PackumentRepository | undefined | null): NormalisedRepository {
  if (!input) return { repository: null, repositoryUrl: null };
  const rawUrl = typeof input === 'string' ? input : input.url;
  let directory = typeof input === 'string' ? null : normaliseDirectory(input.directory);
  if (!rawUrl) return { repository: null, repositoryUrl: null };
  const url = toHttpsUrl(rawUrl);
  if (!url) return { repository: null, repositoryUrl: null };
  const host = url.hostname.toLowerCase();
  if (host === 'github.com' || host === 'www.github.com') {
    const [owner, repo, ...rest] = url.pathname.split('/').filter(Boolean);
    // https://github.com/o/r/tree/<branch>/<dir> is a common way to point into a monorepo.
    if (!directory && rest[0] === 'tree' && rest.length > 2) directory = normaliseDirectory(rest.slice(2).join('/'));
    const repository = owner && repo ? gitHubRepositoryOf(owner, repo, directory) : null;
    if (repository) return { repository, repositoryUrl: null };
  }
  return { repository: null, repositoryUrl: url.toString() };
}

function withoutCredentials(registryUrl: string): string {
  try {
    const parsed = new URL(registryUrl);
    parsed.username = '';
    parsed.password = '';
    return `${parsed.origin}${withoutTrailingSlashes(parsed.pathname)}`;
  } catch {
    return registryUrl;
  }
}

/** An engines range as semver reads it (`>= 18` and `>=18` are one range); other text trimmed. */
function normalisedRange(range: string | undefined): string | null {
  if (range === undefined) return null;
  try {
    return semver.validRange(range) ?? range.trim();
  } catch {
    return range.trim();
  }
}

/**
 * The first version of an upgrade's range from which `engines` stayed what `to` declares: the
 * range's versions are walked back from `to` while the engines that differ between `from` and
 * `to` (usually `node`) read as the same ranges as in `to` (a version the packument does not hold
 * ends the walk). Spelling (`>= 18`) and an engine the change is not about (an added `npm`) do
 * not end it. Null for a downgrade or an unchanged `engines`.
 */
function enginesSettledIn(packument: Packument, versionsInRange: string[], from: VersionManifestFacts | null, to: VersionManifestFacts | null): string | null {
  // An emptied `engines` is told at the target: a trimmed packument's `{ name, version }` stubs
  // (test recordings) would read as "declares none" all the way back.
  if (from === null || to === null || !semver.lt(from.version, to.version) || sameRecord(from.engines, to.engines) || Object.keys(to.engines).length === 0) return null;
  const changed = [...new Set([...Object.keys(from.engines), ...Object.keys(to.engines)])].filter((key) => normalisedRange(from.engines[key]) !== normalisedRange(to.engines[key]));
  if (changed.length === 0) return null;
  let since: string | null = null;
  for (const version of [...versionsInRange].reverse()) {
    const manifest = Object.hasOwn(packument.versions, version) ? packument.versions[version] : undefined;
    if (manifest === undefined) break;
    const engines = boundedEngines(manifest.engines);
    if (!changed.every((key) => normalisedRange(engines[key]) === normalisedRange(to.engines[key]))) break;
    since = version;
  }
  return since;
}

export function computeRegistryFacts(packument: Packument, from: string | null, to: string | null, options: RegistryFactsOptions): RegistryFacts {
  const allVersions = semver.sort(Object.keys(packument.versions).filter((version) => semver.valid(version) === version));
  const fromFacts = from ? versionFactsOf(packument, from) : null;
  const toFacts = to ? versionFactsOf(packument, to) : null;
  // The target version's declaration is the most current; older ones may point to a moved repo.
  const toManifest = to && Object.hasOwn(packument.versions, to) ? packument.versions[to] : undefined;
  const fromManifest = from && Object.hasOwn(packument.versions, from) ? packument.versions[from] : undefined;
  const repositorySource = toManifest?.repository ?? packument.repository ?? fromManifest?.repository;
  const { repository, repositoryUrl } = normaliseRepository(repositorySource);
  const packagePageBase = withoutTrailingSlashes(options.packagePageBase ?? DEFAULT_PACKAGE_PAGE_BASE);
  const versionsInRange = versionsBetween(allVersions, from, to);
  return {
    packageName: packument.name,
    registryUrl: withoutCredentials(options.registryUrl),
    packagePageUrl: `${packagePageBase}/${packument.name}`,
    from: fromFacts,
    to: toFacts,
    versionsInRange,
    allVersions,
    enginesSince: enginesSettledIn(packument, versionsInRange, fromFacts, toFacts),
    repository,
    repositoryUrl,
  };
}

function sameRecord(left: Record<string, string>, right: Record<string, string>): boolean {
  const leftKeys = Object.keys(left).sort();
  const rightKeys = Object.keys(right).sort();
  return leftKeys.length === rightKeys.length && leftKeys.every((key, index) => key === rightKeys[index] && left[key] === right[key]);
}

/** Runtime dependencies `to` declares and `from` does not, sorted (at most {@link REGISTRY_LIMITS.dependencies}). */
export function newDependencyNames(from: VersionManifestFacts, to: VersionManifestFacts): string[] {
  return Object.keys(to.dependencies)
    .filter((name) => !Object.hasOwn(from.dependencies, name))
    .sort();
}

function boundedNullable(text: string | null, maxChars: number): string | null {
  return text === null ? null : boundText(text, maxChars);
}

/**
 * Supply-chain and compatibility signals between the two versions. Comparisons need both sides;
 * when one is missing (version not found) the signal is "no change known", never a guess.
 * A publisher change is reported only when the registry names both publishers.
 * Strings and lists are bounded again here (idempotent for facts from computeRegistryFacts),
 * so facts from any other source, such as a cache, cannot break the manifest either.
 */
/** Signals that report no change at all: the starting point, and the base of test fixtures. */
export function quietRegistrySignals(overrides: Partial<RegistrySignals> = {}): RegistrySignals {
  return {
    versionsInRange: 0,
    targetPublishedAt: null,
    targetDeprecated: null,
    installScriptsAdded: [],
    installScriptsRemoved: [],
    provenanceLost: false,
    provenanceGained: false,
    publishersCompared: false,
    publisherChanged: null,
    licenseChanged: null,
    enginesChanged: null,
    newDependencies: [],
    lockfileIntegrityMismatch: null,
    manifestChanges: [],
    ...overrides,
  };
}

export function registrySignalsOf(facts: RegistryFacts): RegistrySignals {
  const { from, to } = facts;
  const signals = quietRegistrySignals({
    versionsInRange: facts.versionsInRange.length,
    targetPublishedAt: to?.publishedAt ?? null,
    targetDeprecated: boundedNullable(to?.deprecated ?? null, REGISTRY_LIMITS.deprecationChars),
  });
  if (!from || !to) return signals;
  signals.installScriptsAdded = to.installScripts.filter((name) => !from.installScripts.includes(name));
  signals.installScriptsRemoved = from.installScripts.filter((name) => !to.installScripts.includes(name));
  signals.provenanceLost = from.provenance && !to.provenance;
  signals.provenanceGained = !from.provenance && to.provenance;
  signals.publishersCompared = Boolean(from.publisher && to.publisher);
  if (from.publisher && to.publisher && from.publisher !== to.publisher) {
    signals.publisherChanged = { from: boundText(from.publisher, REGISTRY_LIMITS.nameChars), to: boundText(to.publisher, REGISTRY_LIMITS.nameChars) };
  }
  if (from.license !== to.license) {
    signals.licenseChanged = { from: boundedNullable(from.license, REGISTRY_LIMITS.textChars), to: boundedNullable(to.license, REGISTRY_LIMITS.textChars) };
  }
  if (!sameRecord(from.engines, to.engines)) {
    signals.enginesChanged = { from: boundedEngines(from.engines), to: boundedEngines(to.engines) };
  }
  signals.manifestChanges = diffManifestShapes(from.shape, to.shape, { from: from.dependencies, to: to.dependencies }, { name: facts.packageName, version: to.version }).map((change) => {
    const { subjects, subjectCount } = manifestChangeSubjects(change);
    return { fact: change.fact, effect: change.effect, subjects: subjects.map((name) => boundText(name, REGISTRY_LIMITS.nameChars)), subjectCount };
  });
  signals.newDependencies = newDependencyNames(from, to)
    .slice(0, REGISTRY_LIMITS.newDependencies)
    .map((name) => boundText(name, REGISTRY_LIMITS.nameChars));
  return signals;
}
