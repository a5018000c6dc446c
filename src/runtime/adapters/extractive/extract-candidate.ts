import semver from 'semver';
import type { Candidate, CandidateFinding, FindingKind, RiskLevel } from '../../../analysis/types.js';
import type { DependencyContext } from '../../../context/types.js';
import type { EvidenceItem, EvidenceKind } from '../../../evidence/types.js';
import { isAddressedToAnalyzer } from '../../../evidence/analyzer-directed-text.js';
import { isTypeOnlyRemoval } from '../../../evidence/api-surface-evidence.js';
import { isDefinitelyTyped } from '../../../ecosystems/npm/packument.js';
import { FOLDER_COMMIT_LOG_SOURCE_ID } from '../../../evidence/package-commit-log.js';
import { PUBLISHED_FILES_UNCHANGED, REMOVED_ROOT_MODULES } from '../../../evidence/published-files-evidence.js';
import { changesADefault, dropsNodeAndNothingElse, excerpts, hasMarker, hedgesABreak, isNonBehaviouralPart, isRuntimeSupportOnly, namesIntroduced, ownReleaseText, strongestMarker, type MarkerClass } from './release-text.js';

/**
 * The extractive analyzer: a candidate built by fixed rules from evidence KINDS and release
 * text MARKERS, never from what the text asks for. Rules, strongest first:
 * - breakingChanges evidence, release text with a breaking marker, or exports removed from the
 *   type declarations → high (removed type-only names, interfaces and type aliases, are a
 *   compatibility finding that does not raise the risk in a minor or patch);
 * - deprecations / compatibility / migration-guide evidence, a deprecation or compatibility
 *   marker, or an engines change (`fact/engines`) → medium (a Node.js drop only in a minor's or
 *   patch's commit log, with no engines change on the registry, is the CI's: shown, low);
 * - other release text only → low, except a major version change, which is never low
 *   (medium, citing the release text and the semver fact; high when the only text is the
 *   commit log, which does not explain the major);
 * - no release text: a major change is high when the registry's semver fact says major; a
 *   minor/patch update of a declaration-only `@types/*` package is low; otherwise unknown.
 * Install-script, provenance and publisher facts are supply-chain signals reported next to
 * the analysis, not risk. The output goes through the same parse → schema → trust path as
 * a model's, so this module has no shortcut around the AI Core.
 */

const MAX_FINDINGS = 20;
/** Change lines taken from one evidence item: enough to show a release's removals, bounded. */
const FINDINGS_PER_ITEM = 4;
const MAX_REFERENCES = 16;
const FINDING_SUMMARY_LENGTH = 280;

const RELEASE_TEXT_KINDS: ReadonlySet<EvidenceKind> = new Set(['releaseNotes', 'changelog', 'breakingChanges', 'deprecations', 'compatibility', 'migrationGuide', 'commitLog']);
/** Kinds whose text is scanned for markers because the kind itself does not classify it. */
const GENERAL_TEXT_KINDS: ReadonlySet<EvidenceKind> = new Set(['releaseNotes', 'changelog', 'migrationGuide', 'commitLog']);

const FINDING_KIND_OF_MARKER: Record<MarkerClass, FindingKind> = {
  breaking: 'breakingChange',
  deprecation: 'deprecation',
  compatibility: 'compatibility',
  security: 'security',
  migrationGuide: 'breakingChange',
  defaultChange: 'breakingChange',
  hedgedBreak: 'breakingChange',
};

const FINDING_ID_PREFIX: Record<FindingKind, string> = {
  breakingChange: 'breaking-change',
  deprecation: 'deprecation',
  compatibility: 'compatibility',
  security: 'security',
};

const FINDING_FALLBACK: Record<FindingKind, string> = {
  breakingChange: 'The cited release text lists a breaking change.',
  deprecation: 'The cited release text lists a deprecation.',
  compatibility: 'The cited evidence lists a compatibility change.',
  security: 'The cited advisory concerns a version in this range.',
};

const MIGRATION_GUIDE_FINDING = 'The release notes of this major version send readers to an upgrade or migration guide: existing code may need changes (read the cited section and its guide).';

/** When one change line would become two findings, the stronger kind is kept. */
const FINDING_KIND_STRENGTH: Record<FindingKind, number> = { breakingChange: 4, security: 3, compatibility: 2, deprecation: 1 };

/**
 * Registry facts (computed locally from the two manifests) and what they mean for callers.
 * `fact/engines` is medium: a raised Node.js floor needs action but breaks no code on a
 * supported runtime. Facts not listed (semver class, versions, dates, new dependencies,
 * dependency majors) describe the update without rating it.
 */
const REGISTRY_FACT_EFFECT: Readonly<Record<string, { level: 'high' | 'medium' | 'low'; findingKind: FindingKind }>> = {
  'fact/module-format': { level: 'high', findingKind: 'breakingChange' },
  // ESM-only on a Node.js floor that can require() ES modules: action for old toolchains, no break.
  'fact/module-format-requirable': { level: 'medium', findingKind: 'compatibility' },
  'fact/exports-removed': { level: 'high', findingKind: 'breakingChange' },
  'fact/bin-removed': { level: 'high', findingKind: 'breakingChange' },
  'fact/engines': { level: 'medium', findingKind: 'compatibility' },
  // engines declared where the current version declared none: in a major, a floor like any
  // other; in a minor or patch it is shown without rating the bump (withFirstEnginesDeclaration).
  'fact/engines-declared': { level: 'medium', findingKind: 'compatibility' },
  // An added exports map closes deep imports of files it does not list. Those paths were never
  // documented API (the package root keeps resolving, or module-format says it does not), so the
  // finding is shown without raising the risk: independent readers of every such minor in the
  // labelled set (classnames 2.5, eslint-config-prettier 10.1, fdir 6.5, tiny-invariant 1.3 —
  // the last closes `<name>/package.json` too, which its finding then says) rated it low.
  'fact/exports-added': { level: 'low', findingKind: 'compatibility' },
  'fact/types-dropped': { level: 'medium', findingKind: 'compatibility' },
  'fact/peer-dependencies': { level: 'medium', findingKind: 'compatibility' },
  // A peer installs must add, or move up a major (withPeerUpgradeInMajor makes it a break in a major).
  'fact/peer-upgrade': { level: 'medium', findingKind: 'compatibility' },
  'fact/platform': { level: 'medium', findingKind: 'compatibility' },
  // GitHub Actions: a SHA pin that is not the release its comment names.
  'fact/pin-mismatch': { level: 'high', findingKind: 'security' },
};

/**
 * Registry facts that make a patch more than routine: supply-chain changes and a deprecated
 * target. A patch without any of them (and without the facts above) has "clean" registry facts.
 */
const UNCLEAN_PATCH_FACTS: ReadonlySet<string> = new Set(['fact/install-scripts', 'fact/publisher', 'fact/deprecated', 'fact/pinning-weakened']);

interface Classified {
  item: EvidenceItem;
  /** What this item contributes to the risk level. */
  level: 'high' | 'medium' | 'low' | 'none';
  findingKind: FindingKind | null;
  markerClass: MarkerClass | undefined;
}

function classifyAdvisory(item: EvidenceItem): Classified {
  // npm's bulk answer says which side an advisory affects; GitHub's lists only what is fixed.
  // Bringing in a known vulnerability is a reason to stop; fixing one is reported, not scored.
  const introduced = item.locator.endsWith('/introduced');
  return { item, level: introduced ? 'high' : 'none', findingKind: 'security', markerClass: undefined };
}

/**
 * "See the breaking changes from `0.4.1` release. It was accidentally released as patch version."
 * (class-transformer 0.5.0): a pointer to the breaks of the release the caller already runs, or
 * an older one, is not a break of this update. The phrase is reworded, so the line's other words
 * still count; a version after `from` (the range's own) keeps it.
 */
const BREAKS_OF_A_RELEASE = /\bbreaking[ \t]+changes?[ \t]+(?:from|in|of)[ \t]+(?:the[ \t]+)?(?:release[ \t]+)?`?v?(\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,40})?)`?/gi;

function withoutBreaksOfReleasesAtOrBefore(text: string, from: string | null): string {
  if (from === null || semver.valid(from) === null) return text;
  return text.replace(BREAKS_OF_A_RELEASE, (phrase: string, version: string) => (semver.valid(version) !== null && semver.lte(version, from) ? `changes of ${version}` : phrase));
}

/** A section heading that says only "Breaking changes" (any markup or emoji around it). */
const PLAIN_BREAKING_HEADING = /^[^\w`\n]*breaking[ \t_-]*changes?[^\w`\n]*$/i;
/** A line that is a pointer and nothing else: it opens with the pointer ("See the breaking changes from …"). */
const POINTER_LINE = /^[^\w`\n]*(?:(?:see|read|check|refer[ \t]+to)[ \t]+)?(?:the[ \t]+)?breaking[ \t]+changes?[ \t]+(?:from|in|of)\b/i;

/**
 * A breaking section that only points to the breaks of `from` or an older release: a plain
 * "Breaking Changes" heading over lines that each open with such a pointer ("See the breaking
 * changes from `0.4.1` release. It was accidentally released as patch version."). A heading or a
 * line that says anything else, first or after the pointer (`` `Client#query` callbacks are
 * removed, completing the breaking changes from 3.0.0``; "See the breaking changes from 0.4.1;
 * `legacy()` was removed too"), keeps the section a break.
 */
function onlyPointsToEarlierBreaks(content: string, from: string | null): boolean {
  const [heading = '', ...rest] = content.split('\n');
  const lines = rest.filter((line) => line.trim() !== '');
  if (!PLAIN_BREAKING_HEADING.test(heading.trim()) || lines.length === 0) return false;
  return lines.every((line) => {
    if (!POINTER_LINE.test(line)) return false;
    const rewritten = withoutBreaksOfReleasesAtOrBefore(line, from);
    // Whatever the line says besides the pointer must name no change of its own ("…; `Client#query`
    // callbacks are now removed too"): no code span but a version, no marker, no removal verb.
    const besides = rewritten.replace(/`v?\d[\w.-]{0,40}`/g, '');
    return rewritten !== line && !besides.includes('`') && strongestMarker(besides) === null && !/\b(?:remov|renam|drop|delet)\w*/i.test(besides);
  });
}

function classify(item: EvidenceItem, introducedInRange: ReadonlySet<string>, upgradedFrom: string | null): Classified {
  switch (item.kind) {
    case 'breakingChanges':
      if (onlyPointsToEarlierBreaks(ownReleaseText(item.content), upgradedFrom)) return { item, level: 'low', findingKind: null, markerClass: undefined };
      // "BREAKING CHANGES: drop Node.js 16" breaks nobody on a supported runtime.
      if (isRuntimeSupportOnly(ownReleaseText(item.content))) return { item, level: 'medium', findingKind: 'compatibility', markerClass: undefined };
      return { item, level: 'high', findingKind: 'breakingChange', markerClass: undefined };
    case 'deprecations':
      return { item, level: 'medium', findingKind: 'deprecation', markerClass: undefined };
    case 'compatibility':
      return { item, level: 'medium', findingKind: 'compatibility', markerClass: undefined };
    case 'advisory':
      return classifyAdvisory(item);
    case 'apiSurface':
      // Removed interfaces and type aliases fail the compile of code that names them, which the
      // pull request's own type check reports; nothing breaks at runtime. In a minor or patch the
      // finding is shown without raising the risk: the independent readers rated all five such
      // bumps of the labelled set low (class-validator 0.14.1, regexparam 1.3.0, estree-walker
      // 3.0.3, is-reference 3.0.3, copy-webpack-plugin 13.0.1), and BREAKING_API_IN_USE still asks
      // for review when this repository imports a removed name. withTypeRemovalInMajor keeps it a
      // break in a major.
      if (isTypeOnlyRemoval(item)) return { item, level: 'low', findingKind: 'compatibility', markerClass: undefined };
      return { item, level: 'high', findingKind: 'breakingChange', markerClass: undefined };
    case 'usage':
      // Where this repository uses the package says nothing about the release itself.
      return { item, level: 'none', findingKind: null, markerClass: undefined };
    case 'registryFact': {
      const effect = REGISTRY_FACT_EFFECT[item.locator];
      return effect ? { item, ...effect, markerClass: undefined } : { item, level: 'none', findingKind: null, markerClass: undefined };
    }
    default: {
      const releaseText = withoutBreaksOfReleasesAtOrBefore(ownReleaseText(item.content), upgradedFrom);
      const marker = GENERAL_TEXT_KINDS.has(item.kind) ? strongestMarker(releaseText, { ignoreApiRemovals: isNonBehaviouralPart(item.content), introducedInRange }) : null;
      if (marker === 'breaking') return { item, level: 'high', findingKind: 'breakingChange', markerClass: marker };
      if (marker !== null) return { item, level: 'medium', findingKind: FINDING_KIND_OF_MARKER[marker], markerClass: marker };
      // A migration guide exists because something needs migrating.
      if (item.kind === 'migrationGuide') return { item, level: 'medium', findingKind: null, markerClass: undefined };
      return { item, level: 'low', findingKind: null, markerClass: undefined };
    }
  }
}

/**
 * A major whose release notes send readers to an upgrade or migration guide ("See
 * UPGRADE-3.0.md for a complete & living upgrade guide"): the authors are saying existing code
 * needs changes, even where no line carries a breaking marker. Commit subjects do not count:
 * a commit that edits a migration guide says nothing about this release.
 */
function withMigrationGuide(entry: Classified): Classified {
  if (entry.level === 'high' || entry.item.kind === 'commitLog' || !GENERAL_TEXT_KINDS.has(entry.item.kind)) return entry;
  if (!hasMarker(ownReleaseText(entry.item.content), 'migrationGuide')) return entry;
  return { item: entry.item, level: 'high', findingKind: 'breakingChange', markerClass: 'migrationGuide' };
}

/** Release text that names a security fix adds a `security` finding next to its risk finding. */
function securityMentions(item: EvidenceItem): Classified[] {
  if (!RELEASE_TEXT_KINDS.has(item.kind) || !hasMarker(ownReleaseText(item.content), 'security')) return [];
  return [{ item, level: 'none', findingKind: 'security', markerClass: 'security' }];
}

function uniqueVersions(versions: string[]): string[] {
  return [...new Set(versions.filter((version) => version.length > 0 && version.length <= 64))].slice(0, 20);
}

function references(items: EvidenceItem[]): string[] {
  return [...new Set(items.map((item) => item.id))].slice(0, MAX_REFERENCES);
}

function plural(count: number, word: string, pluralWord = `${word}s`): string {
  return `${count} ${count === 1 ? word : pluralWord}`;
}

/** The registry fact at one of `locators` (`fact/engines`…), if the evidence holds one. */
function registryFact(evidence: EvidenceItem[], ...locators: string[]): EvidenceItem | undefined {
  return evidence.find((item) => item.kind === 'registryFact' && locators.includes(item.locator));
}

/**
 * Semver-major for callers: the major moved, or, below 1.0.0, the first non-zero part moved
 * (`^0.3.0` does not accept 0.4.0, so a 0.x minor is as breaking as a major by semver's rules).
 */
function isMajorForCallers(from: string, to: string, semverClass: string): boolean {
  if (semverClass === 'major') return true;
  const low = semver.valid(from) && semver.valid(to) ? (semver.lt(from, to) ? from : to) : null;
  const high = low === from ? to : from;
  if (low === null) return false;
  if (semver.major(low) !== 0) return false;
  if (semver.minor(low) !== semver.minor(high)) return true;
  return semver.minor(low) === 0 && semver.patch(low) !== semver.patch(high);
}

interface RiskDecision {
  riskLevel: RiskLevel;
  riskItems: EvidenceItem[];
  summary: string;
}

/**
 * The risk when no release text was found: calibrated on registry facts alone, and always
 * saying so. Evidence that rated the bump (API removals, ESM-only, engines…) is handled before
 * this; what is left is the semver class and whether the registry facts are clean.
 */
function riskWithoutReleaseText(context: DependencyContext, evidence: EvidenceItem[], majorForCallers: boolean): RiskDecision {
  const { from, to, direction, semverClass } = context.versions;
  const semverFact = registryFact(evidence, 'fact/semver-class');
  if (semverFact === undefined) {
    return { riskLevel: 'unknown', riskItems: [], summary: `Extractive analysis: the registry facts of ${from} → ${to} could not be read, so the risk cannot be judged.` };
  }
  const unclean = evidence.filter((item) => item.kind === 'registryFact' && (UNCLEAN_PATCH_FACTS.has(item.locator) || (item.locator === 'fact/provenance' && /provenance lost/.test(item.content))));
  if (direction === 'downgrade') {
    return {
      riskLevel: majorForCallers ? 'high' : 'medium',
      riskItems: [semverFact],
      summary: `Extractive analysis: ${from} → ${to} is a ${majorForCallers ? 'semver-major ' : ''}downgrade; no release notes found. Going back can reintroduce fixed bugs or vulnerabilities.`,
    };
  }
  if (majorForCallers) {
    return { riskLevel: 'high', riskItems: [semverFact], summary: `Extractive analysis: semver-major; no release notes found. ${from} → ${to} may break callers, and nothing says how.` };
  }
  if (isDefinitelyTyped(context.dependency.name)) {
    // DefinitelyTyped publishes no release notes, ever; its packages hold only `.d.ts` files,
    // so a minor or patch update can at most change type checking, never runtime behaviour.
    return {
      riskLevel: 'low',
      riskItems: [semverFact],
      summary: `Extractive analysis: ${context.dependency.name} ships only TypeScript declarations (no runtime code) and publishes no release notes; ${from} → ${to} is not a major change, so it can at most affect type checking.`,
    };
  }
  if (semverClass === 'minor') {
    return {
      riskLevel: 'medium',
      riskItems: [semverFact, ...unclean],
      summary: `Extractive analysis: feature release; no release notes found, so deprecations or behaviour changes in ${from} → ${to} cannot be ruled out.`,
    };
  }
  if (semverClass === 'patch' && unclean.length === 0 && context.dependency.ecosystem === 'github-actions') {
    return {
      riskLevel: 'low',
      riskItems: [semverFact],
      summary: `Extractive analysis: patch release by the repository's tags, with no interface change found in action.yml; no release notes found, so this rests on the tags and action.yml only.`,
    };
  }
  if (semverClass === 'patch' && unclean.length === 0) {
    // An added exports map does not rate the patch, but "clean" must not read as "nothing changed".
    const exportsAdded = registryFact(evidence, 'fact/exports-added') !== undefined;
    const enginesDeclared = registryFact(evidence, 'fact/engines-declared') !== undefined;
    return {
      riskLevel: 'low',
      riskItems: [semverFact],
      summary: `Extractive analysis: patch release with clean registry facts (no publisher change seen, no install script added, provenance not lost, ${enginesDeclared ? 'engines declared for the first time' : 'engines not narrowed'}, not deprecated, no API removal found)${exportsAdded ? '; its added exports map closes only deep imports of unlisted files' : ''}; no release notes found, so this rests on registry facts only.`,
    };
  }
  return {
    riskLevel: 'medium',
    riskItems: [semverFact, ...unclean],
    summary:
      unclean.length > 0
        ? `Extractive analysis: no release notes found, and the registry facts of ${from} → ${to} are not routine (${unclean.map((item) => item.locator.replace('fact/', '')).join(', ')}).`
        : `Extractive analysis: ${from} → ${to} is a ${semverClass} version change; no release notes found.`,
  };
}

function decideRisk(context: DependencyContext, evidence: EvidenceItem[], classified: Classified[], majorForCallers: boolean): RiskDecision {
  const { from, to } = context.versions;
  const releaseText = evidence.filter((item) => RELEASE_TEXT_KINDS.has(item.kind));
  const semverFact = registryFact(evidence, 'fact/semver-class');
  const high = classified.filter((entry) => entry.level === 'high').map((entry) => entry.item);
  const medium = classified.filter((entry) => entry.level === 'medium').map((entry) => entry.item);
  const basis = (items: EvidenceItem[]): string => describeBasis(items);
  if (high.length > 0 && high.every((item) => item.kind === 'advisory')) {
    // An introduced advisory breaks no caller: it brings in a known vulnerability, and says so.
    return {
      riskLevel: 'high',
      riskItems: high,
      summary: `Extractive analysis: ${to} is affected by ${plural(high.length, 'published security advisory', 'published security advisories')} that ${from} is not (${high.length === 1 ? 'it is' : 'they are'} introduced by this update).${majorForCallers && releaseText.length === 0 ? ' It is also a semver-major with no release notes found, so it may break callers too.' : ''} Read the cited advisories before merging.`,
    };
  }
  if (high.length > 0) {
    return {
      riskLevel: 'high',
      riskItems: high,
      summary: `Extractive analysis: changes that break existing callers in ${from} → ${to}, documented by ${basis(high)} (${plural(high.length, 'evidence item')}). Read the cited evidence before merging.`,
    };
  }
  // A monorepo package's folder log is part of its release, not all of it: the packages released
  // beside it at the same tag carry changes its users meet too (jest 30.0.0's folder names only the
  // Node.js floor; its breaking changes are in jest-config, jest-runtime…; remark 15 and rehype 13
  // are wrappers of parsers that majored with them). It cannot explain a major away, unless the
  // two versions publish the same files (then the siblings it depends on are the same too, and the
  // unchanged-files rule below decides). A 0.x minor is read as its commits say, as with a whole
  // repository's log: below 1.0.0 the minor is the feature bump.
  const folderLogOnly = releaseText.length > 0 && releaseText.every((item) => item.sourceId === FOLDER_COMMIT_LOG_SOURCE_ID);
  if (folderLogOnly && context.versions.semverClass === 'major' && registryFact(evidence, PUBLISHED_FILES_UNCHANGED) === undefined) {
    return {
      riskLevel: 'high',
      riskItems: [...new Set([...(semverFact === undefined ? [] : [semverFact]), ...medium, ...releaseText])],
      summary: `Extractive analysis: semver-major; no release notes found, and the commits that touch this package's folder in its monorepo mark ${medium.length > 0 ? 'only deprecations or runtime requirements' : 'no breaking change'}; the packages released beside it may carry the major's breaking changes, so it may break callers in ways these commits do not say.`,
    };
  }
  // Without release text, a major's registry facts (an engines change, say) do not show it is
  // only that: nothing says what else changed, so the semver rule below decides (high).
  if (medium.length > 0 && (releaseText.length > 0 || !majorForCallers)) {
    return {
      riskLevel: 'medium',
      riskItems: medium,
      summary: `Extractive analysis: deprecations, compatibility or runtime-requirement changes in ${from} → ${to}, documented by ${basis(medium)} (${plural(medium.length, 'evidence item')}), and no breaking-change markers.`,
    };
  }
  // Nothing rated the bump and it publishes the same files with the same manifest: whatever the
  // number says, no code that runs changes (mlly 0.5.17 → 1.0.0, empathic 0.0.3 → 1.0.0 and
  // openapi-types 11.1.0 → 12.0.0 republish identical files; every reader rated them low). Release
  // text that announces a change without shipping one (fresh 2.0.0: "Drop support for Node.js
  // <18", same files) is rated above and stays what it says.
  const unchanged = medium.length === 0 ? registryFact(evidence, PUBLISHED_FILES_UNCHANGED) : undefined;
  if (unchanged !== undefined) {
    return {
      riskLevel: 'low',
      riskItems: [unchanged],
      summary: `Extractive analysis: ${to} publishes the same files as ${from}, byte for byte, with the same entry points, dependencies and engines, and nothing in ${releaseText.length > 0 ? 'its release text' : 'the evidence'} names a breaking, deprecation or compatibility change: the update changes no code that runs.`,
    };
  }
  // Commit subjects are not release notes: authors do not write them for callers, so a major
  // whose commits name no breaking change, deprecation or runtime requirement is not shown to
  // be harmless. Unexplained, it stays what semver says it is. A first 1.0.0 too: its commits
  // were read as its notes until session 12, which was right 6 times and wrong 9 times (mri,
  // sisteransi, esquery, shell-quote, async-retry and mime-db 1.0.0 broke callers and were rated
  // low); as a major it is as often right and never silently low. A 0.x minor is read like its
  // notes would be (below): below 1.0.0 authors bump the minor for features (xml2js 0.6, tinyexec
  // 0.3, universalify 0.2 and mkdirp 0.5 were labelled low; sirv 0.4 and uvu 0.5 high: the
  // running count is in docs/evaluation.md).
  const curatedText = releaseText.filter((item) => item.kind !== 'commitLog');
  const fromZero = semver.valid(from) !== null && semver.major(from) === 0;
  const zeroZero = fromZero && semver.minor(from) === 0;
  const firstOne = fromZero && semver.valid(to) !== null && semver.major(to) === 1;
  if (curatedText.length === 0 && releaseText.length > 0 && (context.versions.semverClass === 'major' || (majorForCallers && zeroZero))) {
    return {
      riskLevel: 'high',
      riskItems: semverFact === undefined ? releaseText : [semverFact, ...releaseText],
      summary: `Extractive analysis: semver-major; no release notes found, and the commit log of ${from} → ${to} names no breaking change, deprecation or runtime requirement that would explain the major, so it may break callers in ways the commits do not say.`,
    };
  }
  // With release notes to read, only a real major is suspect: 0.x minors with plain fix notes
  // (the jshttp family's habit) are what their notes say they are, and so is a first 1.0.0
  // whose notes say nothing breaks: leaving 0.x declares the API stable, and the authors who
  // break it there say so (send 1.0, yup 1.0, pinia 2.0 are read as breaking from their notes).
  // Examples and the running count (picocolors, radix3 1.0.0 labelled low; ufo, source-map-js
  // 1.0.0 missed) are in docs/evaluation.md.
  const leavesZeroWithNotes = firstOne && curatedText.some((item) => item.releaseVersions.includes(to));
  if (releaseText.length > 0 && context.versions.semverClass === 'major' && !leavesZeroWithNotes) {
    // Semver says callers may break; release text without markers does not prove otherwise.
    return {
      riskLevel: 'medium',
      riskItems: semverFact === undefined ? releaseText : [semverFact, ...releaseText],
      summary: `Extractive analysis: ${from} → ${to} is a major version change; the release text has no breaking-change markers, but a major change may still break callers.`,
    };
  }
  if (releaseText.length > 0) {
    return {
      riskLevel: context.versions.direction === 'downgrade' ? 'medium' : 'low',
      riskItems: releaseText,
      summary:
        context.versions.direction === 'downgrade'
          ? `Extractive analysis: ${from} → ${to} is a downgrade; the release text given up lists no breaking, deprecation or compatibility markers, but going back can reintroduce fixed bugs.`
          : curatedText.length === 0
            ? `Extractive analysis: no release notes found; the commit log of ${from} → ${to} lists changes and fixes with no breaking, deprecation or compatibility markers.`
            : `Extractive analysis: the release text for ${from} → ${to} lists changes and fixes with no breaking, deprecation or compatibility markers.`,
    };
  }
  return riskWithoutReleaseText(context, evidence, majorForCallers);
}

/** "the release text", "the registry facts", "the API-surface diff and the release text"… */
function describeBasis(items: EvidenceItem[]): string {
  const parts = new Set<string>();
  for (const item of items) {
    if (item.kind === 'registryFact' && item.locator === PUBLISHED_FILES_UNCHANGED) parts.add('the published files');
    else if (item.kind === 'registryFact') parts.add(item.sourceId === 'github-tags' ? "the repository's tags" : 'the registry facts');
    else if (item.sourceId === 'github-action-metadata') parts.add('the action.yml diff');
    else if (item.kind === 'apiSurface') parts.add('the API-surface diff');
    else if (item.kind === 'advisory') parts.add('the security advisories');
    else if (item.kind === 'commitLog') parts.add('the commit log');
    else parts.add('the release text');
  }
  const list = [...parts];
  return list.length <= 1 ? (list[0] ?? 'the evidence') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/**
 * A minor or patch that declares `engines` for the first time, with a floor that turns away only
 * end-of-life Node.js lines (`fact/engines-declared`; a newer floor is `fact/engines`), usually
 * writes down the floor the package already had, so it is shown but does not rate the bump: the
 * readers of both such minors in the labelled set (fdir 6.5 `>=12`, anymatch 3.1 `>= 8`) rated
 * them low. In a major it stays a raised floor (medium), as a narrowed range does.
 */
function withFirstEnginesDeclaration(entry: Classified, majorForCallers: boolean): Classified {
  if (majorForCallers || entry.item.kind !== 'registryFact' || entry.item.locator !== 'fact/engines-declared') return entry;
  return { ...entry, level: 'low' };
}

/**
 * Removed type-only names in a major stay a breaking change: there they come with the reshaped
 * API the version number announces, not an internal type exported by accident. Independent
 * readers labelled high five of the six majors in the labelled set whose declarations drop only
 * types (p-retry 7, fdir 6, eventemitter3 5, fastify-plugin 6, is-reference 3; chokidar 5 was
 * medium), and low all four such minors and patches (regexparam 1.3.0, estree-walker 3.0.3,
 * is-reference 3.0.3, class-validator 0.14.1).
 */
function withTypeRemovalInMajor(entry: Classified, majorForCallers: boolean): Classified {
  if (!majorForCallers || !isTypeOnlyRemoval(entry.item)) return entry;
  return { ...entry, level: 'high', findingKind: 'breakingChange' };
}

/**
 * A major after which no install that worked keeps working without upgrading a peer (its range
 * accepts no version the old one did: ajv-keywords 5 needs ajv 8 where 4 took ajv 7; autoprefixer
 * 10 asks for postcss 8 where 9 brought postcss 7 itself) cannot be taken alone: existing setups
 * break until the peer moves too. Every such major in the labelled set (5 of 5:
 * @typescript-eslint/eslint-plugin 8, autoprefixer 10, ts-jest 29, redux-thunk 3, ajv-keywords 5)
 * was labelled high by its readers. In a minor or patch it stays a compatibility finding, and a range
 * that still overlaps the old one (`vite ^4 || … || ^8 → ^8`, `webpack >=5 → >=5.61.0`) is not
 * this fact.
 */
function withPeerUpgradeInMajor(entry: Classified, majorForCallers: boolean): Classified {
  if (!majorForCallers || entry.item.kind !== 'registryFact' || entry.item.locator !== 'fact/peer-upgrade') return entry;
  return { ...entry, level: 'high', findingKind: 'breakingChange' };
}

/**
 * Root module files a newer version no longer publishes (`require('graphql-tag/parser')` fails)
 * break the callers that load them by path. Every such bump of the labelled set was a major (22
 * of 23 labelled high: graphql-tag 2, prettier 3, readable-stream 4, rxjs 7, tailwindcss 4…). In
 * a minor the removal is shown as a compatibility change for those callers: a file deep-required
 * by few, which release notes rarely call a break there.
 */
function withRootModuleRemovalOutsideMajor(entry: Classified, majorForCallers: boolean): Classified {
  if (majorForCallers || entry.item.kind !== 'apiSurface' || !entry.item.locator.endsWith(REMOVED_ROOT_MODULES)) return entry;
  return { ...entry, level: 'medium', findingKind: 'compatibility' };
}

/**
 * Lifts a general release-text item of a major to a break when `reads` finds its line, and makes
 * the finding quote that line (`markerClass`), not the one that made the item medium (a Node.js
 * floor, a deprecation). An item at another level than `levels` stays as it is.
 */
function liftedInMajor(entry: Classified, majorForCallers: boolean, levels: readonly Classified['level'][], reads: (text: string) => boolean, markerClass: MarkerClass): Classified {
  if (!majorForCallers || !levels.includes(entry.level) || !GENERAL_TEXT_KINDS.has(entry.item.kind) || !reads(ownReleaseText(entry.item.content))) return entry;
  return { ...entry, level: 'high', findingKind: 'breakingChange', markerClass };
}

/**
 * "Technically a backwards-incompatible change" hedges in a minor or patch (@apollo/server 5.5.0,
 * whose authors know of no client it affects): a compatibility change. In a major the same words
 * are the authors' reason for the major: a break.
 */
const withHedgedBreakInMajor = (entry: Classified, majorForCallers: boolean): Classified => liftedInMajor(entry, majorForCallers, ['medium'], hedgesABreak, 'hedgedBreak');

/**
 * A major whose release text changes a default ("Disables URL rebasing by default", clean-css
 * 5.0.0, beside a Node.js drop) breaks callers who relied on it: high, not the Node.js floor's
 * medium, and high too where nothing else in the text is marked (the line alone would leave the
 * major medium without a finding). An item already high stays as it is.
 */
const withChangedDefaultInMajor = (entry: Classified, majorForCallers: boolean): Classified => liftedInMajor(entry, majorForCallers, ['medium', 'low'], changesADefault, 'defaultChange');

/**
 * A minor or patch whose commit log drops a Node.js line ("Drop Node 18, run format on Ubuntu
 * 24.04", argon2 0.43.1) while the registry states no engines change: the drop is the repository's
 * CI matrix, not the package's requirement, so the line is shown without raising the risk. Release
 * notes are written for callers and keep their weight, and so does a major's commit log (there the
 * drop is read as the major's reason: fast-uri 2, slice-ansi 7, sonic-boom 5 and tsup 8 were
 * labelled medium, as a floor). A line that says anything else a caller sees keeps it.
 */
function withNodeDropOnlyInCommits(entry: Classified, majorForCallers: boolean, enginesFactPresent: boolean): Classified {
  if (majorForCallers || enginesFactPresent || entry.item.kind !== 'commitLog' || entry.markerClass !== 'compatibility') return entry;
  const lines = excerpts(ownReleaseText(entry.item.content), FINDING_SUMMARY_LENGTH, 'compatibility', MAX_FINDINGS);
  if (lines.length === 0 || !lines.every(dropsNodeAndNothingElse)) return entry;
  return { ...entry, level: 'low' };
}

export function extractCandidate(context: DependencyContext): Candidate {
  const selected = new Set(context.metadata.selectedEvidenceIds);
  const evidence = context.knowledge.evidence.filter((item) => selected.has(item.id));
  const { from, to, semverClass, direction } = context.versions;
  const majorForCallers = isMajorForCallers(from, to, semverClass);
  const enginesFactPresent = registryFact(evidence, 'fact/engines', 'fact/engines-declared') !== undefined;
  // Names the range's own release text adds: removing one of them later in the range is no break.
  const introducedInRange = new Set(evidence.filter((item) => RELEASE_TEXT_KINDS.has(item.kind)).flatMap((item) => [...namesIntroduced(ownReleaseText(item.content))]));
  const classified = evidence
    .map((item) => classify(item, introducedInRange, direction === 'upgrade' ? from : null))
    .map((entry) => withFirstEnginesDeclaration(entry, majorForCallers))
    .map((entry) => withNodeDropOnlyInCommits(entry, majorForCallers, enginesFactPresent))
    .map((entry) => withTypeRemovalInMajor(entry, majorForCallers))
    .map((entry) => withPeerUpgradeInMajor(entry, majorForCallers))
    .map((entry) => withRootModuleRemovalOutsideMajor(entry, majorForCallers))
    .map((entry) => withHedgedBreakInMajor(entry, majorForCallers))
    .map((entry) => withChangedDefaultInMajor(entry, majorForCallers))
    .map((entry) => (majorForCallers && direction === 'upgrade' ? withMigrationGuide(entry) : entry));
  const releaseText = evidence.filter((item) => RELEASE_TEXT_KINDS.has(item.kind));
  const { riskLevel, riskItems, summary } = decideRisk(context, evidence, classified, majorForCallers);

  // One finding per change line (a few per item), so a release that removes five APIs shows
  // five findings; a line repeated by later releases, or read as two kinds, is reported once,
  // with the stronger kind.
  const drafts = new Map<string, { kind: FindingKind; summary: string; item: EvidenceItem; order: number }>();
  let nextOrder = 0;
  const addDraft = (entry: Classified & { findingKind: FindingKind }, line: string): void => {
    // When the registry's engines fact states the Node.js requirement of the target, older
    // release notes about Node.js support ("Requires Node.js 4+" in an early beta) are stale.
    const supersededByEngines = enginesFactPresent && entry.item.kind !== 'registryFact' && entry.findingKind === 'compatibility' && /\bnode(?:\.js)?\b/i.test(line);
    if (supersededByEngines || isAddressedToAnalyzer(line)) return;
    const known = drafts.get(line);
    if (known !== undefined && FINDING_KIND_STRENGTH[known.kind] >= FINDING_KIND_STRENGTH[entry.findingKind]) return;
    drafts.set(line, { kind: entry.findingKind, summary: line, item: entry.item, order: known?.order ?? nextOrder++ });
  };
  const withFindings = [...classified, ...evidence.flatMap(securityMentions)].filter((entry): entry is Classified & { findingKind: FindingKind } => entry.findingKind !== null);
  for (const entry of withFindings) {
    // Registry facts and API diffs are local sentences: their text is the finding.
    // The lines naming a guide are often about editing it ("Improve `UPGRADE-3.0.md`"): say what it means instead.
    const lines = entry.markerClass === 'migrationGuide' ? [MIGRATION_GUIDE_FINDING] : excerpts(ownReleaseText(entry.item.content), FINDING_SUMMARY_LENGTH, entry.markerClass, FINDINGS_PER_ITEM);
    for (const line of lines.length > 0 ? lines : [FINDING_FALLBACK[entry.findingKind]]) addDraft(entry, line);
  }
  // Every item has had its first lines; the slots left go to the rest of the breaking lines, in
  // rank order. Express 5's "remove:" list names ten APIs in one release, and each one left out
  // is a removal the usage scan cannot look for (review 13: `res.sendfile` in use went unseen).
  for (const entry of withFindings) {
    if (drafts.size >= MAX_FINDINGS) break;
    if (entry.findingKind !== 'breakingChange' || entry.markerClass === 'migrationGuide' || entry.item.kind === 'registryFact' || entry.item.kind === 'apiSurface') continue;
    const lines = excerpts(ownReleaseText(entry.item.content), FINDING_SUMMARY_LENGTH, entry.markerClass, MAX_FINDINGS);
    for (const line of lines.slice(FINDINGS_PER_ITEM)) {
      if (drafts.size >= MAX_FINDINGS) break;
      addDraft(entry, line);
    }
  }
  // Which drafts are kept is decided in the order they were made (every item's first lines,
  // then the rest of the breaking lines), so an advisory or a registry fact that ranks high keeps
  // its place however many removals a major lists (review 19). The kept ones are then shown
  // strongest kind first (breaking changes, then security, compatibility, deprecations), each
  // kind in the context's rank order and each item's lines in their own order: shown in the
  // order made, a release's removals were split around a security line.
  const rank = new Map(evidence.map((item, index) => [item.id, index]));
  const kept = [...drafts.values()].sort((a, b) => a.order - b.order).slice(0, MAX_FINDINGS);
  const ordered = kept.sort(
    (a, b) =>
      FINDING_KIND_STRENGTH[b.kind] - FINDING_KIND_STRENGTH[a.kind] ||
      (rank.get(a.item.id) ?? evidence.length) - (rank.get(b.item.id) ?? evidence.length) ||
      a.order - b.order,
  );
  const counters = new Map<FindingKind, number>();
  const findings: CandidateFinding[] = [];
  for (const draft of ordered) {
    if (findings.length >= MAX_FINDINGS) break;
    const count = (counters.get(draft.kind) ?? 0) + 1;
    counters.set(draft.kind, count);
    findings.push({
      id: `${FINDING_ID_PREFIX[draft.kind]}-${count}`,
      kind: draft.kind,
      summary: draft.summary,
      appliesToVersions: uniqueVersions(draft.item.releaseVersions),
      evidenceRefs: [draft.item.id],
    });
  }

  // The summary rests on the same evidence as the risk; with no risk evidence, on whatever
  // was collected (release text first, then registry facts) so the reader can check it.
  const summaryItems = riskItems.length > 0 ? riskItems : releaseText.length > 0 ? releaseText : evidence;
  return {
    summary,
    summaryEvidenceRefs: references(summaryItems),
    riskLevel,
    riskEvidenceRefs: references(riskItems),
    findings,
  };
}
