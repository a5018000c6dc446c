import semver from 'semver';
import type { Bump } from '../bumps/types.js';
import { packageIdOf } from '../bumps/types.js';
import type { EvidenceItem, EvidenceKind, EvidenceWarning, MissingInformation } from '../evidence/types.js';
import { digestOf } from '../shared/canonical-json.js';
import type { DependencyContext, DependencyContextBody } from './types.js';

/** Bounds of one context: what a model is asked to read. An overflowing item is skipped, never cut. */
export interface ContextBounds {
  maxItems: number;
  maxChars: number;
}

export const DEFAULT_CONTEXT_BOUNDS: ContextBounds = { maxItems: 24, maxChars: 24_000 };

/**
 * Most decision-relevant first. Registry facts are tiny and always kept (they carry the
 * semver class, so a major bump is never left without evidence); among release texts,
 * breaking changes outrank everything because they are what a reviewer must see.
 */
const KIND_RANK: Record<EvidenceKind, number> = {
  registryFact: 0,
  breakingChanges: 1,
  apiSurface: 1,
  advisory: 2,
  // Where the repository uses the package: what turns "removes X" into "removes X, used at …".
  usage: 2,
  migrationGuide: 3,
  compatibility: 4,
  deprecations: 5,
  releaseNotes: 6,
  changelog: 7,
  // Commit subjects: read only when no release text exists, and the least curated text.
  commitLog: 8,
};

export interface ContextInput {
  bump: Bump;
  /** Published versions in range (from registry facts); empty when the registry was unavailable. */
  versionsInRange: string[];
  fromExists: boolean;
  toExists: boolean;
  /** Every candidate item: registry facts, changelog sections, release notes, advisories. */
  evidence: EvidenceItem[];
  missingInformation: MissingInformation[];
  warnings: EvidenceWarning[];
  bounds?: ContextBounds;
  /**
   * The exact releases the two sides run, when the bump's versions are refs that are not exact
   * versions (a GitHub Action's `v4`): they set the relevant interval and are recorded in the
   * context. Absent for npm, whose versions are exact.
   */
  resolvedVersions?: { from: string | null; to: string | null };
}

/** The (low, high] interval of a bump, whichever direction it goes. */
export function relevantInterval(from: string, to: string): { low: string; high: string } {
  const fromClean = semver.valid(from);
  const toClean = semver.valid(to);
  if (fromClean && toClean && semver.lt(toClean, fromClean)) return { low: toClean, high: fromClean };
  return { low: from, high: to };
}

/** True when a version lies in (low, high] by semver (prereleases included). */
export function isInInterval(version: string, interval: { low: string; high: string }): boolean {
  const clean = semver.valid(version);
  if (!clean || !semver.valid(interval.low) || !semver.valid(interval.high)) return false;
  return semver.gt(clean, interval.low) && semver.lte(clean, interval.high);
}

function newestVersion(item: EvidenceItem): string | null {
  const valid = item.releaseVersions.filter((version) => semver.valid(version));
  return valid.length > 0 ? valid.sort(semver.rcompare)[0]! : null;
}

/**
 * A release's credits ("Contributors to this release", "New Contributors", "Thanks"): names and
 * avatars, nothing a reviewer decides on. axios ships one per release, and ten of them once took
 * the place of 1.7.0's Features in a 1.6 → 1.7 context (review 13), so they rank after every
 * other item and are the first to go when the bounds are reached. Read from the locator's slug,
 * which is derived from the heading alone.
 */
const CREDITS_SLUG = /^(?:new-)?contributors(?:-to-this-release|-to-this-version)?$|^(?:special-)?thanks(?:-to)?$|^credits$|^acknowledge?ments$/;

function isCredits(item: EvidenceItem): boolean {
  if (item.kind !== 'changelog' && item.kind !== 'releaseNotes') return false;
  return CREDITS_SLUG.test(item.locator.slice(item.locator.lastIndexOf('/') + 1));
}

/** Below every kind: credits are kept only when everything else fits. */
const CREDITS_RANK = Math.max(...Object.values(KIND_RANK)) + 1;

const rankOf = (item: EvidenceItem): number => (isCredits(item) ? CREDITS_RANK : KIND_RANK[item.kind]);

/** Deterministic ranking: kind (credits last), then newest release first, then locator and ID as tie-breakers. */
export function compareEvidence(left: EvidenceItem, right: EvidenceItem): number {
  const byKind = rankOf(left) - rankOf(right);
  if (byKind !== 0) return byKind;
  const leftVersion = newestVersion(left);
  const rightVersion = newestVersion(right);
  if (leftVersion && rightVersion && leftVersion !== rightVersion) return semver.rcompare(leftVersion, rightVersion);
  if (leftVersion && !rightVersion) return -1;
  if (!leftVersion && rightVersion) return 1;
  if (left.locator !== right.locator) return left.locator < right.locator ? -1 : 1;
  return left.id < right.id ? -1 : left.id > right.id ? 1 : 0;
}

function byCodeThenMessage<T extends { code: string; message: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items
    .filter((item) => {
      const key = `${item.code}\u0000${item.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .sort((a, b) => (a.code === b.code ? (a.message < b.message ? -1 : 1) : a.code < b.code ? -1 : 1));
}

/**
 * Builds the Dependency AI Context of one analysable bump: drops evidence that is not about
 * versions in the bump's interval, de-duplicates, ranks, bounds, and hashes. Nothing here reads
 * a clock or depends on input order, so the same evidence always gives the same contextId.
 */
export function buildDependencyContext(input: ContextInput): DependencyContext {
  const { bump } = input;
  if (bump.from === null || bump.to === null) throw new Error(`buildDependencyContext: ${bump.name} has no from/to version`);
  const bounds = input.bounds ?? DEFAULT_CONTEXT_BOUNDS;
  const resolved = input.resolvedVersions;
  const interval = relevantInterval(resolved?.from ?? bump.from, resolved?.to ?? bump.to);

  // Version-relevant items only; items about no particular release (whole-range facts) stay.
  const relevant = input.evidence.filter(
    (item) => item.releaseVersions.length === 0 || item.releaseVersions.some((version) => isInInterval(version, interval)),
  );
  const unique = new Map<string, EvidenceItem>();
  const seenContent = new Set<string>();
  for (const item of [...relevant].sort(compareEvidence)) {
    if (unique.has(item.id)) continue;
    // The same text published twice (changelog and release notes) is one piece of evidence.
    const contentKey = `${item.kind}\u0000${item.contentDigest}`;
    if (item.kind !== 'registryFact' && seenContent.has(contentKey)) continue;
    seenContent.add(contentKey);
    unique.set(item.id, item);
  }

  const selected: EvidenceItem[] = [];
  let usedChars = 0;
  let dropped = 0;
  for (const item of unique.values()) {
    const fits = selected.length < bounds.maxItems && usedChars + item.content.length <= bounds.maxChars;
    if (item.kind === 'registryFact' || fits) {
      selected.push(item);
      usedChars += item.content.length;
    } else {
      dropped += 1;
    }
  }

  const missingInformation = [...input.missingInformation];
  if (dropped > 0) {
    missingInformation.push({
      code: 'EVIDENCE_BUDGET_EXCEEDED',
      // Said in a reviewer's words: what was left out, and the per-bump limit that left it out.
      message: `${dropped} lower-ranked evidence item(s) were left out: the analysis reads at most ${bounds.maxItems} items (${bounds.maxChars.toLocaleString('en-US')} characters) per bump, most relevant first.`,
    });
  }

  const body: DependencyContextBody = {
    contextVersion: '1',
    dependency: {
      ecosystem: bump.ecosystem,
      name: bump.name,
      packageId: packageIdOf(bump),
      dependencyTypes: [...bump.dependencyTypes].sort(),
      manifests: [...bump.manifests].sort(),
    },
    versions: {
      from: bump.from,
      to: bump.to,
      direction: bump.direction,
      semverClass: bump.semverClass,
      inRange: [...input.versionsInRange],
      fromExists: input.fromExists,
      toExists: input.toExists,
      ...(resolved === undefined ? {} : { resolved: { from: resolved.from, to: resolved.to } }),
    },
    knowledge: { evidence: selected },
    metadata: {
      selectedEvidenceIds: selected.map((item) => item.id),
      missingInformation: byCodeThenMessage(missingInformation),
      warnings: byCodeThenMessage(input.warnings),
      droppedEvidenceCount: dropped,
    },
  };
  return { contextId: digestOf(body), ...body };
}
