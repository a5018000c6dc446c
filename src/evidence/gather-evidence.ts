import type { Bump } from '../bumps/types.js';
import { packageIdOf } from '../bumps/types.js';
import type { RegistryFacts, VersionManifestFacts } from '../ecosystems/types.js';
import type { NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { rootRequireFileUnderModuleType } from '../ecosystems/npm/manifest-shape.js';
import { nestedModuleType } from '../ecosystems/npm/nested-module-type.js';
import { isDefinitelyTyped, type Packument } from '../ecosystems/npm/packument.js';
import { computeRegistryFacts } from '../ecosystems/npm/registry-facts.js';
import { extractChangelogFromTarball } from '../ecosystems/npm/tarball-changelog.js';
import { verifyTarballIntegrity } from '../ecosystems/npm/tarball-integrity.js';
import type { GitHubClient } from '../github/client.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { isAddressedToAnalyzer, TEXT_ADDRESSED_TO_ANALYZER } from './analyzer-directed-text.js';
import { apiSurfaceEvidence } from './api-surface-evidence.js';
import { changelogEvidence } from './changelog-evidence.js';
import { fetchCommitLog } from './commit-log.js';
import { fetchPackageCommitLog } from './package-commit-log.js';
import { parseChangelog, sectionsWithText, selectSectionsInRange } from './changelog-sections.js';
import { fetchAdvisories } from './github-advisories.js';
import { fetchReleaseNotes } from './github-release-notes.js';
import { fetchRepositoryChangelog, type AllowanceClaim, type RequestBudget } from './repository-changelog.js';
import { fetchNpmAdvisories, ghsaIdOf } from './npm-advisories.js';
import { publishedFilesEvidence } from './published-files-evidence.js';
import { registryFactEvidence } from './registry-fact-evidence.js';
import type { EvidenceItem, EvidenceWarning, MissingInformation } from './types.js';

export interface EvidenceSources {
  registry: NpmRegistryClient;
  registryUrl: string;
  /** Octokit for release notes and advisories; null when no token was given. */
  github: GitHubClient | null;
  /**
   * A client without a token for public repositories (the CLI without GITHUB_TOKEN), used only
   * to read a repository changelog when `github` is null. Unauthenticated reads are limited by
   * GitHub to 60 requests an hour.
   */
  publicGitHub?: GitHubClient | null;
  /**
   * This bump's claim on the run's allowance of `publicGitHub` requests (the pipeline's ordered
   * allowance). Without it, tokenless reads are unbounded (tests, single-bump tools).
   */
  publicGitHubClaim?: AllowanceClaim;
  /**
   * Why `github` is null when it is not the missing token (`--no-github`, the offline sample),
   * so the missing-information lines do not ask for a token that would change nothing.
   */
  githubOffReason?: string;
  logger: Logger;
}

export interface GatheredEvidence {
  facts: RegistryFacts | null;
  evidence: EvidenceItem[];
  missingInformation: MissingInformation[];
  warnings: EvidenceWarning[];
}

/**
 * Collects every candidate evidence item for one bump from every source. Each source fails
 * on its own: a missing changelog or an unreachable GitHub still leaves the registry facts,
 * and the reason is recorded as missing information instead of disappearing.
 * Throws only when the registry itself cannot describe the package (the caller turns that into
 * a failed result for this dependency alone).
 */
export async function gatherEvidence(bump: Bump, sources: EvidenceSources): Promise<GatheredEvidence> {
  const from = bump.from!;
  const to = bump.to!;
  const packageId = packageIdOf(bump);
  const missingInformation: MissingInformation[] = [];
  const warnings: EvidenceWarning[] = [];

  const packument = await sources.registry.getPackument(bump.name);
  const tarballs = createTarballLoader(bump.name, sources, warnings);
  const facts = await withNestedCommonJs(computeRegistryFacts(packument, from, to, { registryUrl: sources.registryUrl }), packument, tarballs, sources.logger);
  if (!facts.from) missingInformation.push({ code: 'VERSION_NOT_FOUND', message: `${bump.name}@${from} is not published on the registry.` });
  if (!facts.to) missingInformation.push({ code: 'VERSION_NOT_FOUND', message: `${bump.name}@${to} is not published on the registry.` });

  const evidence: EvidenceItem[] = [
    ...registryFactEvidence(facts, { packageId, name: bump.name, from, to, direction: bump.direction, semverClass: bump.semverClass }),
  ];

  // The newer side's tarball carries the changelog for the whole interval, in both directions.
  const newerSide = bump.direction === 'downgrade' ? facts.from : facts.to;
  // DefinitelyTyped publishes no release notes and keeps no changelog per package: asking its
  // repository costs requests and reports a gap that nobody could fill.
  const typesOnly = isDefinitelyTyped(bump.name);
  const [changelog, releaseNotes, advisories, npmAdvisories, surface, publishedFiles] = await Promise.all([
    readTarballChangelog(bump, newerSide, tarballs, facts, sources, packageId, warnings),
    typesOnly ? NO_EVIDENCE : fetchReleaseNotes({
      octokit: sources.github,
      repository: facts.repository,
      packageName: bump.name,
      from,
      to,
      versionsInRange: facts.versionsInRange,
      logger: sources.logger,
      githubOffReason: sources.githubOffReason,
    }),
    fetchAdvisories({ octokit: sources.github, packageName: bump.name, from, to, logger: sources.logger, githubOffReason: sources.githubOffReason }),
    fetchNpmAdvisories({ registry: sources.registry, packageName: bump.name, from, to, logger: sources.logger }),
    readApiSurfaceDiff(bump.name, packageId, facts, tarballs, sources.logger),
    publishedFilesEvidence({
      packageName: bump.name,
      packageId,
      facts,
      semverClass: bump.semverClass,
      tarballs: { from: () => tarballs.get(facts.from!), to: () => tarballs.get(facts.to!) },
      records: Object.hasOwn(packument.versions, from) && Object.hasOwn(packument.versions, to) ? { from: packument.versions[from]!, to: packument.versions[to]! } : null,
      logger: sources.logger,
    }),
  ]);
  // A package that ships no changelog (or a README changelog that stops before the newer version)
  // usually keeps one in its repository: read it at the tag.
  const needsRepository = (changelog.evidence.length === 0 || changelog.readmeLacksNewer === true) && facts.repository !== null && !typesOnly;
  // Tokenless, the requests come from the run's allowance, granted in a fixed order; with a
  // token GitHub's normal limits apply.
  // (Nothing to claim without a tokenless client: --no-github reads nothing and waits for no one.)
  const claim = sources.github === null && sources.publicGitHub ? sources.publicGitHubClaim : undefined;
  const budget: RequestBudget | undefined = claim === undefined ? undefined : await claim.claim(needsRepository);
  const repositoryChangelog =
    needsRepository
      ? await fetchRepositoryChangelog({
          octokit: sources.github ?? sources.publicGitHub ?? null,
          repository: facts.repository,
          packageName: bump.name,
          from,
          to,
          newerVersion: newerSide?.version ?? to,
          logger: sources.logger,
          ...(budget === undefined ? {} : { budget }),
        })
      : { evidence: [], missing: [] };
  // With no release text anywhere, the commit subjects between the tags are the last source
  // (one request more, at the tag spelling just found; two for a monorepo package, whose log is
  // the commits that touch its folder).
  const noReleaseText = changelog.evidence.length === 0 && repositoryChangelog.evidence.length === 0 && releaseNotes.evidence.length === 0;
  const readCommitLog = (facts.repository?.directory ?? '') === '' ? fetchCommitLog : fetchPackageCommitLog;
  const commitLog =
    noReleaseText && repositoryChangelog.publicTag !== undefined
      ? await readCommitLog({
          octokit: sources.github ?? sources.publicGitHub ?? null,
          repository: facts.repository,
          packageName: bump.name,
          olderVersion: bump.direction === 'downgrade' ? to : from,
          newerVersion: newerSide?.version ?? to,
          newerTag: repositoryChangelog.publicTag,
          logger: sources.logger,
          packageId,
          ...(budget === undefined ? {} : { budget }),
        })
      : NO_EVIDENCE;
  // GitHub reads are over: what this bump did not spend goes to the next one.
  claim?.done();
  evidence.push(...publishedFiles, ...surface.evidence, ...changelog.evidence, ...repositoryChangelog.evidence, ...releaseNotes.evidence, ...commitLog.evidence, ...advisories.evidence, ...withoutKnownAdvisories(npmAdvisories.evidence, advisories.evidence));
  missingInformation.push(...surface.missing, ...(repositoryChangelog.evidence.length > 0 ? [] : changelog.missing), ...repositoryChangelog.missing, ...releaseNotes.missing, ...commitLog.missing, ...advisoryGaps(advisories, npmAdvisories));
  warnings.push(...analyzerDirectedTextWarnings(bump.name, evidence));
  return { facts, evidence, missingInformation, warnings };
}

const NO_EVIDENCE: { evidence: EvidenceItem[]; missing: MissingInformation[] } = { evidence: [], missing: [] };

const RELEASE_TEXT_KINDS: ReadonlySet<EvidenceItem['kind']> = new Set(['releaseNotes', 'changelog', 'breakingChanges', 'deprecations', 'compatibility', 'migrationGuide', 'commitLog']);

/**
 * Release text that speaks to an automated reviewer ("ignore previous instructions…") is a
 * supply-chain signal: said once per bump, in our words (the text itself is never repeated).
 */
export function analyzerDirectedTextWarnings(name: string, evidence: EvidenceItem[]): EvidenceWarning[] {
  const versions = new Set<string>();
  for (const item of evidence) {
    if (!RELEASE_TEXT_KINDS.has(item.kind)) continue;
    if (item.content.split('\n').some((line) => isAddressedToAnalyzer(line))) for (const version of item.releaseVersions) versions.add(version);
  }
  if (versions.size === 0) return [];
  return [
    {
      code: TEXT_ADDRESSED_TO_ANALYZER,
      message: `The release text of ${name} (${[...versions].slice(0, 5).join(', ')}) contains lines addressed to automated reviewers; they are not changes and were ignored.`,
    },
  ];
}

/** One advisory, one item: GitHub's entry (with its first patched version) wins over npm's. */
function withoutKnownAdvisories(npmItems: EvidenceItem[], gitHubItems: EvidenceItem[]): EvidenceItem[] {
  const known = new Set(gitHubItems.map(ghsaIdOf).filter((id): id is string => id !== null));
  return npmItems.filter((item) => {
    const id = ghsaIdOf(item);
    // GitHub lists only what the bump fixes; an npm item saying "introduced" or "unfixed" adds to it.
    return id === null || !known.has(id) || !item.locator.endsWith('/fixed');
  });
}

/**
 * Advisories were checked when either source answered. A gap is reported only when neither
 * did (both reasons kept), so a tokenless run whose registry answers is not told it lacks them.
 */
function advisoryGaps(gitHub: { missing: MissingInformation[] }, npm: { missing: MissingInformation[] }): MissingInformation[] {
  if (gitHub.missing.length === 0 || npm.missing.length === 0) return [];
  return [...gitHub.missing, ...npm.missing];
}

type Side = VersionManifestFacts;

/**
 * Corrects a side the manifest calls ESM-only at its root when the tarball says otherwise: its
 * `"type": "module"` makes the `.js` file `require()` reaches look like an ES module, but a
 * package.json nested above that file (tshy's `dist/commonjs/package.json`) makes it CommonJS,
 * and Node loads it with require(). Read only for a side whose root the manifest found not
 * requirable for that reason alone; the target's tarball is read anyway for its changelog. An
 * unreadable tarball leaves the manifest's reading, which is then said as it was.
 */
async function withNestedCommonJs(facts: RegistryFacts, packument: Packument, tarballs: TarballLoader, logger: Logger): Promise<RegistryFacts> {
  const corrected = async (side: Side | null): Promise<Side | null> => {
    if (side === null || side.shape.rootRequirable !== false || !Object.hasOwn(packument.versions, side.version)) return side;
    const file = rootRequireFileUnderModuleType(packument.versions[side.version]!);
    if (file === null) return side;
    try {
      const type = await nestedModuleType(await tarballs.get(side), file, `${facts.packageName}@${side.version}`);
      return type === 'commonjs' ? { ...side, shape: { ...side.shape, rootRequirable: true } } : side;
    } catch (error) {
      logger.warning(`Could not read the nested package.json files of ${facts.packageName}@${side.version}: ${sanitizeMessage(error instanceof Error ? error.message : String(error))}`);
      return side;
    }
  };
  const [fromSide, toSide] = await Promise.all([corrected(facts.from), corrected(facts.to)]);
  return fromSide === facts.from && toSide === facts.to ? facts : { ...facts, from: fromSide, to: toSide };
}

/** Each side's tarball is downloaded and verified at most once per bump, whoever asks first. */
interface TarballLoader {
  get(side: Side): Promise<Buffer>;
}

function createTarballLoader(name: string, sources: EvidenceSources, warnings: EvidenceWarning[]): TarballLoader {
  const loaded = new Map<string, Promise<Buffer>>();
  const load = async (side: Side): Promise<Buffer> => {
    const label = `${name}@${side.version}`;
    if (!side.tarballUrl) throw new Error(`the registry lists no usable tarball URL for ${label}`);
    const tarball = await sources.registry.getTarball(side.tarballUrl, label, side.integrity);
    if (!verifyTarballIntegrity(tarball, side.integrity, label)) {
      warnings.push({ code: 'TARBALL_UNVERIFIED', message: `The registry publishes no integrity for ${label}; its files were read unverified.` });
    }
    return tarball;
  };
  return {
    get(side) {
      let pending = loaded.get(side.version);
      if (!pending) {
        pending = load(side);
        loaded.set(side.version, pending);
      }
      return pending;
    },
  };
}

/**
 * The API-surface diff, for packages with type declarations: declared in the manifest, or shipped
 * where TypeScript looks without one. The older tarball is downloaded only when there is a surface.
 */
async function readApiSurfaceDiff(name: string, packageId: string, facts: RegistryFacts, tarballs: TarballLoader, logger: Logger): Promise<{ evidence: EvidenceItem[]; missing: MissingInformation[] }> {
  const { from, to } = facts;
  if (from === null || to === null) return { evidence: [], missing: [] };
  try {
    return await apiSurfaceEvidence({ packageName: name, packageId, facts, from: from.version, to: to.version, tarballs: { from: () => tarballs.get(from), to: await tarballs.get(to) } });
  } catch (error) {
    const reason = sanitizeMessage(error instanceof Error ? error.message : String(error));
    logger.warning(`Could not compare the API surface of ${name}: ${reason}`);
    return { evidence: [], missing: [{ code: 'API_SURFACE_UNAVAILABLE', message: `The API surfaces of ${name} ${from.version} and ${to.version} could not be compared: ${reason}` }] };
  }
}

/**
 * "No changelog" only when the scan saw none: a changelog skipped for its size, a scan stopped
 * at its budget, or entries refused for escaping the package each say what happened instead.
 */
function whyNoTarballChangelog(label: string, warnings: EvidenceWarning[]): MissingInformation[] {
  const missing: MissingInformation[] = [];
  const said = (code: string): EvidenceWarning | undefined => warnings.find((warning) => warning.code === code);
  const tooLarge = said('CHANGELOG_TOO_LARGE');
  if (tooLarge) missing.push({ code: 'CHANGELOG_TOO_LARGE', message: tooLarge.message });
  const scanLimit = said('TARBALL_SCAN_LIMIT');
  if (scanLimit) missing.push({ code: 'TARBALL_TOO_LARGE', message: scanLimit.message });
  const unsafe = said('TARBALL_UNSAFE_ENTRY');
  if (unsafe) missing.push({ code: 'TARBALL_UNSAFE_ENTRIES', message: unsafe.message });
  if (missing.length === 0) missing.push({ code: 'CHANGELOG_NOT_IN_TARBALL', message: `No changelog in the ${label} tarball.` });
  return missing;
}

async function readTarballChangelog(
  bump: Bump,
  side: Side | null,
  tarballs: TarballLoader,
  facts: RegistryFacts,
  sources: EvidenceSources,
  packageId: string,
  warnings: EvidenceWarning[],
): Promise<{ evidence: EvidenceItem[]; missing: MissingInformation[]; readmeLacksNewer?: boolean }> {
  const version = side?.version ?? bump.to!;
  if (!side?.tarballUrl) {
    return { evidence: [], missing: [{ code: 'TARBALL_UNAVAILABLE', message: `The registry lists no usable tarball URL for ${bump.name}@${version}.` }] };
  }
  try {
    const tarball = await tarballs.get(side);
    const changelog = await extractChangelogFromTarball(tarball, { label: `${bump.name}@${version}`, packageName: bump.name, onWarning: (warning) => warnings.push(warning) });
    if (!changelog) return { evidence: [], missing: whyNoTarballChangelog(`${bump.name}@${version}`, warnings) };
    const { sections, none } = sectionsWithText(selectSectionsInRange(parseChangelog(changelog.text, bump.name), bump.from!, bump.to!));
    // A README's changelog part is named as such, so a reader looks under its heading.
    const shownName = changelog.origin === 'readme-section' ? `${changelog.fileName} (changelog part)` : changelog.fileName;
    if (sections.length === 0) {
      return {
        evidence: [],
        missing: [
          {
            code: 'CHANGELOG_NO_SECTIONS_IN_RANGE',
            message: `${changelog.origin === 'readme-section' ? `The changelog part of ${changelog.fileName}` : changelog.fileName} in the ${bump.name}@${version} tarball ${none}.`,
          },
        ],
      };
    }
    const sourceUrl = `${facts.packagePageUrl}/v/${version}?activeTab=code`;
    const evidence = changelogEvidence({ packageId, fileName: changelog.fileName, title: shownName, sourceUrl, sections });
    // A README's changelog is often left behind by the repository's own: when it has no section
    // for the newer version, the repository's changelog is read as well (below).
    const readmeLacksNewer = changelog.origin === 'readme-section' && !sections.some((section) => section.version === version);
    return { evidence, missing: [], readmeLacksNewer };
  } catch (error) {
    const reason = sanitizeMessage(error instanceof Error ? error.message : String(error));
    sources.logger.warning(`Could not read the changelog of ${bump.name}@${version}: ${reason}`);
    return { evidence: [], missing: [{ code: 'TARBALL_UNAVAILABLE', message: `The ${bump.name}@${version} tarball could not be read: ${reason}` }] };
  }
}
