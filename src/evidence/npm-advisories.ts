import semver from 'semver';
import { RegistryError, type NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { makeEvidenceItem } from './evidence-item.js';
import type { EvidenceResult } from './github-release-notes.js';
import type { EvidenceItem } from './types.js';

/**
 * Security advisories from the npm registry itself, through the bulk endpoint `npm audit` uses
 * (`POST /-/npm/v1/security/advisories/bulk`), so a run with no GitHub token (a fork PR, a
 * private mirror, a GitHub outage) still learns which advisories a bump fixes or brings in.
 *
 * The request names the package with both versions; the answer lists every advisory affecting
 * any version asked about, each with `vulnerable_versions` as a semver range. Which side is
 * affected is decided here, locally, with semver:
 * - fixed: affects `from`, not `to` (what merging resolves);
 * - introduced: affects `to`, not `from` (what merging brings in: a reason to stop);
 * - unfixed: affects both (the bump neither helps nor hurts; said so a reviewer knows).
 * A registry without the endpoint (mirrors answer 404/405) is missing information, not an error.
 */

/** A message continued after a colon: "The registry …" → "the registry …"; a name such as "GitHub" keeps its case. */
function asClause(message: string): string {
  return /^[A-Z][a-z]+\b/.test(message) && !/^[A-Z][a-z]*[A-Z]/.test(message) ? `${message.charAt(0).toLowerCase()}${message.slice(1)}` : message;
}

export const NPM_ADVISORY_SOURCE_ID = 'npm-advisory';
/** Advisories kept per package: a real answer has a handful; more is noise or hostile. */
const MAX_ADVISORIES = 50;
const MAX_TITLE_CHARS = 300;
/** Vulnerable ranges quoted per advisory. */
const MAX_RANGES_QUOTED = 8;
const GHSA_IN_URL = /\/advisories\/(GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})$/i;
const SEVERITIES: ReadonlySet<string> = new Set(['info', 'low', 'moderate', 'high', 'critical']);
/** Least to most severe; `unknown` (a severity the answer did not give) ranks lowest. */
const SEVERITY_RANK: readonly string[] = ['unknown', 'info', 'low', 'moderate', 'high', 'critical'];

export type AdvisoryEffect = 'fixed' | 'introduced' | 'unfixed';

export interface NpmAdvisory {
  /** The GHSA ID from the advisory URL; the deduplication key across sources. */
  ghsaId: string;
  title: string;
  severity: string;
  vulnerableVersions: string;
  sourceUrl: string;
  effect: AdvisoryEffect;
}

export interface NpmAdvisoriesRequest {
  registry: NpmRegistryClient;
  packageName: string;
  from: string;
  to: string;
  logger: Logger;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function effectOf(affectsFrom: boolean, affectsTo: boolean): AdvisoryEffect | null {
  if (affectsFrom && !affectsTo) return 'fixed';
  if (!affectsFrom && affectsTo) return 'introduced';
  if (affectsFrom && affectsTo) return 'unfixed';
  return null;
}

/** One GHSA as the entries of a bulk answer describe it, before its effect is decided. */
interface AdvisoryRanges {
  title: string;
  severity: string;
  /** Every vulnerable range listed for it, as written (deduplicated). */
  ranges: string[];
  affectsFrom: boolean;
  affectsTo: boolean;
}

/**
 * The advisories of one package in a bulk answer (external data), reduced to what evidence
 * quotes, once per GHSA ID, sorted by it. Entries that are not well-formed are skipped.
 * npm lists an advisory that covers several version lines once per line, each entry with its own
 * id and range but the same GHSA URL (brace-expansion's `>=1.0.0 <=1.1.11` and `>=2.0.0 <=2.0.1`):
 * the ranges of one GHSA are joined before its effect is decided, so an advisory that affects
 * `from` through one entry and `to` through another is "not fixed", never "fixed".
 */
export function selectNpmAdvisories(answer: unknown, packageName: string, from: string, to: string): NpmAdvisory[] {
  if (!isObject(answer) || !Object.hasOwn(answer, packageName)) return [];
  const entries = answer[packageName];
  if (!Array.isArray(entries)) return [];
  const byId = new Map<string, AdvisoryRanges>();
  const unreadable = new Set<string>();
  for (const entry of entries.slice(0, MAX_ADVISORIES * 4)) {
    if (!isObject(entry) || typeof entry.url !== 'string') continue;
    const ghsa = GHSA_IN_URL.exec(entry.url.slice(0, 200));
    if (!ghsa) continue;
    const ghsaId = normaliseGhsaId(ghsa[1]!);
    const range = typeof entry.vulnerable_versions === 'string' && entry.vulnerable_versions.length <= 200 ? semver.validRange(entry.vulnerable_versions) : null;
    if (range === null) {
      // A line of this advisory whose range cannot be read may cover the new version: never "fixed".
      unreadable.add(ghsaId);
      continue;
    }
    let advisory = byId.get(ghsaId);
    if (advisory === undefined) {
      if (byId.size >= MAX_ADVISORIES) continue;
      advisory = {
        title: typeof entry.title === 'string' ? sanitizeMessage(entry.title, MAX_TITLE_CHARS) : '',
        severity: typeof entry.severity === 'string' && SEVERITIES.has(entry.severity) ? entry.severity : 'unknown',
        ranges: [],
        affectsFrom: false,
        affectsTo: false,
      };
      byId.set(ghsaId, advisory);
    }
    // Every range counts for the effect; a handful are quoted (a real advisory has one or two).
    if (advisory.ranges.length < MAX_RANGES_QUOTED && !advisory.ranges.includes(entry.vulnerable_versions as string)) advisory.ranges.push(entry.vulnerable_versions as string);
    // The most severe line speaks for the advisory.
    const severity = typeof entry.severity === 'string' && SEVERITIES.has(entry.severity) ? entry.severity : 'unknown';
    if (SEVERITY_RANK.indexOf(severity) > SEVERITY_RANK.indexOf(advisory.severity)) advisory.severity = severity;
    advisory.affectsFrom ||= semver.satisfies(from, range, { includePrerelease: true });
    advisory.affectsTo ||= semver.satisfies(to, range, { includePrerelease: true });
  }
  const kept: NpmAdvisory[] = [];
  for (const [ghsaId, advisory] of byId) {
    const effect = effectOf(advisory.affectsFrom, advisory.affectsTo);
    if (effect === null || (effect === 'fixed' && unreadable.has(ghsaId))) continue;
    kept.push({
      ghsaId,
      title: advisory.title,
      severity: advisory.severity,
      vulnerableVersions: advisory.ranges.join(' || '),
      // Rebuilt, never copied: the only link an advisory gets is its own github.com page.
      sourceUrl: `https://github.com/advisories/${ghsaId}`,
      effect,
    });
  }
  return kept.sort((left, right) => left.ghsaId.localeCompare(right.ghsaId));
}

const EFFECT_WORDS: Readonly<Record<AdvisoryEffect, (from: string, to: string) => string>> = {
  fixed: (from, to) => `affects ${from}, not ${to}: fixed by this update`,
  introduced: (from, to) => `affects ${to}, not ${from}: introduced by this update`,
  unfixed: (from, to) => `affects both ${from} and ${to}: not fixed by this update`,
};

export function npmAdvisoryEvidence(packageName: string, from: string, to: string, advisory: NpmAdvisory): EvidenceItem {
  return makeEvidenceItem({
    packageId: `npm:${packageName}`,
    sourceId: NPM_ADVISORY_SOURCE_ID,
    kind: 'advisory',
    // The effect is part of the locator: the extractive analyzer scores an introduced advisory,
    // not a fixed one, and a model reads the same word.
    locator: `advisory/${advisory.ghsaId}/${advisory.effect}`,
    title: `npm advisory ${advisory.ghsaId} (${advisory.severity}) — ${advisory.effect}`,
    sourceUrl: advisory.sourceUrl,
    releaseVersions: advisory.effect === 'introduced' || advisory.effect === 'unfixed' ? [to] : [],
    content: [
      advisory.title,
      `Severity: ${advisory.severity}`,
      `Vulnerable versions: ${advisory.vulnerableVersions}`,
      `This advisory ${EFFECT_WORDS[advisory.effect](from, to)}.`,
      `Identifiers: ${advisory.ghsaId}`,
    ].join('\n'),
  });
}

export async function fetchNpmAdvisories(request: NpmAdvisoriesRequest): Promise<EvidenceResult> {
  const { registry, packageName, from, to, logger } = request;
  if (semver.valid(from) === null || semver.valid(to) === null) {
    return { evidence: [], missing: [{ code: 'ADVISORIES_UNAVAILABLE', message: `npm advisories for ${packageName} were not checked: ${from} → ${to} is not a semver range.` }] };
  }
  let answer: unknown;
  try {
    answer = await registry.getAdvisories({ [packageName]: [from, to] });
  } catch (error) {
    if (error instanceof RegistryError && error.code === 'ENDPOINT_UNSUPPORTED') {
      return {
        evidence: [],
        // The client's words: a live registry "does not offer" the endpoint, a recorded snapshot "has no recorded advisory data".
        missing: [{ code: 'ADVISORIES_UNAVAILABLE', message: `npm advisories for ${packageName} were not checked: ${asClause(error.message.replace(/\.$/, ''))}.` }],
      };
    }
    const reason = sanitizeMessage(error instanceof Error ? error.message : String(error));
    logger.warning(`npm security advisories for ${packageName} unavailable: ${reason}`);
    return { evidence: [], missing: [{ code: 'ADVISORIES_UNAVAILABLE', message: `npm security advisories for ${packageName} could not be read: ${reason}` }] };
  }
  if (!isObject(answer)) {
    return { evidence: [], missing: [{ code: 'ADVISORIES_UNAVAILABLE', message: `The npm registry's advisory answer for ${packageName} is not a JSON object; npm advisories were not checked.` }] };
  }
  const advisories = selectNpmAdvisories(answer, packageName, from, to);
  return { evidence: advisories.map((advisory) => npmAdvisoryEvidence(packageName, from, to, advisory)), missing: [] };
}

/** GHSA ID of an advisory evidence item from either source (`advisory/<GHSA>[/effect]`). */
export function ghsaIdOf(item: EvidenceItem): string | null {
  const match = /^advisory\/(GHSA(?:-[23456789cfghjmpqrvwx]{4}){3})(?:\/|$)/i.exec(item.locator);
  return match ? normaliseGhsaId(match[1]!) : null;
}

/** `ghsa-35JH-…` → `GHSA-35jh-…`, the spelling GitHub uses. */
function normaliseGhsaId(id: string): string {
  return `GHSA${id.slice(4).toLowerCase()}`;
}
