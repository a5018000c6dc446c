import type { Candidate, CandidateFinding, FindingKind, RiskLevel } from '../../../analysis/types.js';
import type { DependencyContext } from '../../../context/types.js';
import type { EvidenceItem, EvidenceKind } from '../../../evidence/types.js';
import { excerpts, ownReleaseText, strongestMarker, type MarkerClass } from './release-text.js';

/**
 * The extractive analyzer: a candidate built by fixed rules from evidence KINDS and release
 * text MARKERS, never from what the text asks for. Rules, strongest first:
 * - breakingChanges evidence, or release text with a breaking marker → high;
 * - deprecations / compatibility / migration-guide evidence, a deprecation or compatibility
 *   marker, or an engines change (`fact/engines`) → medium;
 * - other release text only → low, except a major version change, which is never low
 *   (medium, citing the release text and the semver fact);
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

const RELEASE_TEXT_KINDS: ReadonlySet<EvidenceKind> = new Set(['releaseNotes', 'changelog', 'breakingChanges', 'deprecations', 'compatibility', 'migrationGuide']);
/** Kinds whose text is scanned for markers because the kind itself does not classify it. */
const GENERAL_TEXT_KINDS: ReadonlySet<EvidenceKind> = new Set(['releaseNotes', 'changelog', 'migrationGuide']);

const FINDING_KIND_OF_MARKER: Record<MarkerClass, FindingKind> = {
  breaking: 'breakingChange',
  deprecation: 'deprecation',
  compatibility: 'compatibility',
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

interface Classified {
  item: EvidenceItem;
  /** What this item contributes to the risk level. */
  level: 'high' | 'medium' | 'low' | 'none';
  findingKind: FindingKind | null;
  markerClass: MarkerClass | undefined;
}

function classify(item: EvidenceItem): Classified {
  switch (item.kind) {
    case 'breakingChanges':
      return { item, level: 'high', findingKind: 'breakingChange', markerClass: undefined };
    case 'deprecations':
      return { item, level: 'medium', findingKind: 'deprecation', markerClass: undefined };
    case 'compatibility':
      return { item, level: 'medium', findingKind: 'compatibility', markerClass: undefined };
    case 'advisory':
      // An advisory in range may be what this update fixes; it is reported, not scored.
      return { item, level: 'none', findingKind: 'security', markerClass: undefined };
    case 'registryFact':
      return item.locator === 'fact/engines'
        ? { item, level: 'medium', findingKind: 'compatibility', markerClass: undefined }
        : { item, level: 'none', findingKind: null, markerClass: undefined };
    default: {
      const marker = GENERAL_TEXT_KINDS.has(item.kind) ? strongestMarker(ownReleaseText(item.content)) : null;
      if (marker === 'breaking') return { item, level: 'high', findingKind: 'breakingChange', markerClass: marker };
      if (marker !== null) return { item, level: 'medium', findingKind: FINDING_KIND_OF_MARKER[marker], markerClass: marker };
      // A migration guide exists because something needs migrating.
      if (item.kind === 'migrationGuide') return { item, level: 'medium', findingKind: null, markerClass: undefined };
      return { item, level: 'low', findingKind: null, markerClass: undefined };
    }
  }
}

function uniqueVersions(versions: string[]): string[] {
  return [...new Set(versions.filter((version) => version.length > 0 && version.length <= 64))].slice(0, 20);
}

function references(items: EvidenceItem[]): string[] {
  return [...new Set(items.map((item) => item.id))].slice(0, MAX_REFERENCES);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** `@types/*` packages are DefinitelyTyped's declaration-only packages. */
function isTypeDeclarationsOnly(name: string): boolean {
  return name.startsWith('@types/');
}

export function extractCandidate(context: DependencyContext): Candidate {
  const selected = new Set(context.metadata.selectedEvidenceIds);
  const evidence = context.knowledge.evidence.filter((item) => selected.has(item.id));
  const classified = evidence.map(classify);
  const releaseText = evidence.filter((item) => RELEASE_TEXT_KINDS.has(item.kind));
  const semverFact = evidence.find((item) => item.kind === 'registryFact' && item.locator === 'fact/semver-class');
  const isMajor = context.versions.semverClass === 'major';
  const { from, to } = context.versions;

  const high = classified.filter((entry) => entry.level === 'high').map((entry) => entry.item);
  const medium = classified.filter((entry) => entry.level === 'medium').map((entry) => entry.item);

  let riskLevel: RiskLevel;
  let riskItems: EvidenceItem[];
  let summary: string;
  if (high.length > 0) {
    riskLevel = 'high';
    riskItems = high;
    summary = `Extractive analysis: the release text for ${from} → ${to} marks breaking changes (${plural(high.length, 'evidence item')}). Read the cited evidence before merging.`;
  } else if (medium.length > 0) {
    riskLevel = 'medium';
    riskItems = medium;
    summary = `Extractive analysis: the evidence for ${from} → ${to} reports deprecations, compatibility or runtime-requirement changes (${plural(medium.length, 'evidence item')}) and no breaking-change markers.`;
  } else if (releaseText.length > 0 && isMajor) {
    // Semver says callers may break; release text without markers does not prove otherwise.
    riskLevel = 'medium';
    riskItems = semverFact === undefined ? releaseText : [semverFact, ...releaseText];
    summary = `Extractive analysis: ${from} → ${to} is a major version change; the release text has no breaking-change markers, but a major change may still break callers.`;
  } else if (releaseText.length > 0) {
    riskLevel = 'low';
    riskItems = releaseText;
    summary = `Extractive analysis: the release text for ${from} → ${to} lists changes and fixes with no breaking, deprecation or compatibility markers.`;
  } else if (isMajor && semverFact !== undefined && /\bmajor\b/i.test(semverFact.content)) {
    riskLevel = 'high';
    riskItems = [semverFact];
    summary = `Extractive analysis: no release notes or changelog were found; ${from} → ${to} is a major version change, which by semver may break callers.`;
  } else if (isTypeDeclarationsOnly(context.dependency.name) && !isMajor && semverFact !== undefined) {
    // DefinitelyTyped publishes no release notes, ever; its packages hold only `.d.ts` files,
    // so a minor or patch update can at most change type checking, never runtime behaviour.
    riskLevel = 'low';
    riskItems = [semverFact];
    summary = `Extractive analysis: ${context.dependency.name} ships only TypeScript declarations (no runtime code) and publishes no release notes; ${from} → ${to} is not a major change, so it can at most affect type checking.`;
  } else {
    riskLevel = 'unknown';
    riskItems = [];
    summary = `Extractive analysis: no release notes or changelog were found for ${from} → ${to}; risk cannot be judged from registry facts alone.`;
  }

  const counters = new Map<FindingKind, number>();
  const findings: CandidateFinding[] = [];
  // One finding per change line (a few per item), so a release that removes five APIs shows
  // five findings; the same line repeated by later releases is reported once.
  const seenSummaries = new Set<string>();
  // When the registry's engines fact states the Node.js requirement of the target, older
  // release notes about Node.js support ("Requires Node.js 4+" in an early beta) are stale.
  const enginesFactPresent = evidence.some((item) => item.kind === 'registryFact' && item.locator === 'fact/engines');
  for (const entry of classified) {
    if (entry.findingKind === null) continue;
    const findingKind = entry.findingKind;
    const lines = excerpts(ownReleaseText(entry.item.content), FINDING_SUMMARY_LENGTH, entry.markerClass, FINDINGS_PER_ITEM);
    for (const summary of lines.length > 0 ? lines : [FINDING_FALLBACK[findingKind]]) {
      const supersededByEngines = enginesFactPresent && entry.item.kind !== 'registryFact' && findingKind === 'compatibility' && /\bnode(?:\.js)?\b/i.test(summary);
      if (supersededByEngines || findings.length >= MAX_FINDINGS || seenSummaries.has(`${findingKind}\u0000${summary}`)) continue;
      seenSummaries.add(`${findingKind}\u0000${summary}`);
      const count = (counters.get(findingKind) ?? 0) + 1;
      counters.set(findingKind, count);
      findings.push({
        id: `${FINDING_ID_PREFIX[findingKind]}-${count}`,
        kind: findingKind,
        summary,
        appliesToVersions: uniqueVersions(entry.item.releaseVersions),
        evidenceRefs: [entry.item.id],
      });
    }
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
