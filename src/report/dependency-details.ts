import type { AnalysisResult, RegistrySignals } from '../analysis/types.js';
import { MANIFEST_CHANGE_TITLE } from '../ecosystems/npm/manifest-diff.js';
import { typesOnlyUpdateWithoutReleaseText } from '../analysis/review-policy.js';
import { isPublishedFilesFact } from '../evidence/published-files-evidence.js';
import { codeSpan, escapeInline, escapeInlineWithCode, htmlCode, safeLink } from './markdown.js';
import { FINDING_KIND_LABEL, failureAdvice } from './explanations.js';
import { describeRiskBasis, reviewReasonExplanation } from './risk-basis.js';
import { renderUsage } from './usage-lines.js';

/**
 * The collapsible per-dependency section of the PR comment. Every text that came from a
 * changelog, the registry or a model goes through markdown.ts; links are only ever the
 * sourceUrl of an evidence item the claim itself cites.
 */

/** Missing-information codes caused by the run's setup, not the package: reported once per comment. */
export const RUN_LEVEL_MISSING_CODES: ReadonlySet<string> = new Set(['RELEASE_NOTES_NEED_TOKEN', 'ADVISORIES_NEED_TOKEN']);

export const TEXT_BOUNDS = { summary: 1200, finding: 600, message: 400, title: 80, name: 214, version: 64, list: 12 } as const;

const DAY_MS = 86_400_000;
/** A release younger than this is flagged: most malicious versions are caught within days. */
const YOUNG_RELEASE_DAYS = 3;

export interface DetailOptions {
  now: Date;
  /** Leave out the registry-facts paragraph (first thing truncation drops for low-risk results). */
  omitRegistryFacts: boolean;
  /** Where the trace is, for failure advice: "the `depverdict-trace` artifact" or "`trace.json`". */
  tracePlace: string;
  /** Code of a fail-closed run: a dependency that failed only because of it needs no block of its own. */
  failClosedCode: string | null;
}

export const RISK_LABEL: Readonly<Record<AnalysisResult['riskLevel'], string>> = {
  high: '🔴 high',
  medium: '🟠 medium',
  low: '🟢 low',
  unknown: '⚪ unknown',
};

/**
 * Links to the evidence items a claim cites (deduplicated by URL), labelled by title: "History.md
 * — 5.0.0-alpha.1 — Notes" tells a reviewer where to look before they click, where a bare
 * "evidence" did not (review 13: fourteen express findings all read "evidence").
 */
function evidenceLinks(result: AnalysisResult, refs: readonly string[]): string {
  const cited = result.evidence.filter((item) => refs.includes(item.id));
  const allowed = new Set(cited.map((item) => item.sourceUrl));
  const seen = new Set<string>();
  const links: string[] = [];
  for (const item of cited) {
    if (seen.has(item.sourceUrl)) continue;
    seen.add(item.sourceUrl);
    links.push(safeLink(item.title, item.sourceUrl, allowed));
  }
  return links.join(' · ');
}

/** `total`: how many names there are, when `names` holds only the first of them. */
function namesList(names: readonly string[], bound: number, total = names.length): string {
  const shown = names.slice(0, bound).map((name) => codeSpan(name, { maxLength: TEXT_BOUNDS.name }));
  const more = total > shown.length ? ` … and ${total - shown.length} more` : '';
  return `${shown.join(', ')}${more}`;
}

function engineText(engines: Record<string, string>): string {
  const entries = Object.entries(engines).sort(([left], [right]) => (left < right ? -1 : 1));
  return entries.length === 0 ? 'none' : entries.map(([engine, range]) => codeSpan(`${engine} ${range}`, { maxLength: 100 })).join(', ');
}

function releaseAge(publishedAt: string, now: Date): string | null {
  const published = new Date(publishedAt);
  if (Number.isNaN(published.getTime())) return null;
  const days = Math.floor((now.getTime() - published.getTime()) / DAY_MS);
  const date = published.toISOString().slice(0, 10);
  if (days < 0) return `released ${date}`;
  const age = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
  return days < YOUNG_RELEASE_DAYS ? `⚠️ released ${date} (${age}: very recent)` : `released ${date} (${age})`;
}

/** Locally computed registry facts as one line of facts, warnings first-class (⚠️). */
export function registryFactsLine(signals: RegistrySignals, now: Date): string {
  const facts: string[] = [`${signals.versionsInRange} ${signals.versionsInRange === 1 ? 'version' : 'versions'} in range`];
  if (signals.actionPin !== undefined) return [...facts, ...actionPinFacts(signals.actionPin)].join(' · ');
  if (signals.targetPublishedAt) {
    const age = releaseAge(signals.targetPublishedAt, now);
    if (age) facts.push(age);
  }
  if (signals.targetDeprecated !== null) {
    facts.push(`⚠️ target version is deprecated: “${escapeInline(signals.targetDeprecated, TEXT_BOUNDS.message)}”`);
  }
  facts.push(
    signals.installScriptsAdded.length > 0
      ? `⚠️ install scripts added: ${namesList(signals.installScriptsAdded, TEXT_BOUNDS.list)}`
      : 'no install scripts added',
  );
  if (signals.installScriptsRemoved.length > 0) facts.push(`install scripts removed: ${namesList(signals.installScriptsRemoved, TEXT_BOUNDS.list)}`);
  if (signals.provenanceLost) facts.push('⚠️ provenance lost (the earlier version had a provenance attestation, this one has none)');
  if (signals.lockfileIntegrityMismatch) facts.push('⚠️ the lockfile\'s integrity for this version differs from the registry\'s: the bytes it would install are not the published package');
  else if (signals.provenanceGained) facts.push('provenance attestation added');
  const person = (name: string | null): string => (name === null ? 'unknown' : codeSpan(name, { maxLength: 100 }));
  if (signals.publisherChanged) {
    facts.push(`⚠️ publisher changed from ${person(signals.publisherChanged.from)} to ${person(signals.publisherChanged.to)}`);
  } else facts.push(signals.publishersCompared ? 'publisher unchanged' : 'publisher not named by the registry');
  if (signals.licenseChanged) facts.push(`license changed from ${person(signals.licenseChanged.from)} to ${person(signals.licenseChanged.to)}`);
  if (signals.enginesChanged) facts.push(`engines changed from ${engineText(signals.enginesChanged.from)} to ${engineText(signals.enginesChanged.to)}`);
  if (signals.newDependencies.length > 0) facts.push(`new dependencies: ${namesList(signals.newDependencies, TEXT_BOUNDS.list)}`);
  for (const change of signals.manifestChanges) {
    // Fixed wording per fact and the names it is about; ranges and versions are in the cited evidence.
    const subjects = change.subjects.length > 0 ? `: ${namesList(change.subjects, TEXT_BOUNDS.list, change.subjectCount)}` : '';
    facts.push(`${change.effect === 'breaking' ? '⚠️ ' : ''}${MANIFEST_CHANGE_TITLE[change.fact]}${subjects}`);
  }
  return facts.join(' · ');
}

/** A GitHub Action's facts come from its repository's tags, not a registry: only the pin checks are said. */
function actionPinFacts(pin: NonNullable<RegistrySignals['actionPin']>): string[] {
  const facts: string[] = [];
  // The sentence is built from names and SHAs, but the names come from the PR: escaped all the same.
  if (pin.mismatch !== null) facts.push(`⚠️ pin mismatch: ${escapeInline(pin.mismatch, TEXT_BOUNDS.message)}`);
  else facts.push('SHA pins (if any) match the releases their comments name');
  if (pin.pinningWeakened) facts.push('⚠️ pinning weakened: a commit SHA pin was replaced by a tag or branch');
  return facts;
}

export function versionChange(result: AnalysisResult, inTable: boolean): string {
  const from = codeSpan(result.versions.from, { maxLength: TEXT_BOUNDS.version, inTable });
  const to = codeSpan(result.versions.to, { maxLength: TEXT_BOUNDS.version, inTable });
  const kind = result.versions.direction === 'downgrade' ? `downgrade, ${result.versions.semverClass}` : result.versions.semverClass;
  return `${from} → ${to} (${kind})`;
}

function summaryLine(result: AnalysisResult, includeAnalysis: boolean): string {
  // Under a fail-closed run the risk level is model output too, so it is not shown.
  let label: string = result.riskLevel;
  if (!includeAnalysis) label = 'verdict withheld';
  else if (result.status === 'failed') label = '⚠️ failed';
  else if (result.status === 'skipped') label = 'skipped';
  const versions = `${htmlCode(result.versions.from, TEXT_BOUNDS.version)} → ${htmlCode(result.versions.to, TEXT_BOUNDS.version)}`;
  return `<details><summary>${htmlCode(result.dependency.name, TEXT_BOUNDS.name)} ${versions} — ${label}</summary>`;
}

/**
 * The `<details>` block for one dependency. `includeAnalysis` is false under a fail-closed run:
 * then only deterministic facts (registry facts, missing information) are rendered.
 */
export function renderDependencyDetails(result: AnalysisResult, options: DetailOptions & { includeAnalysis: boolean }): string {
  const blocks: string[] = [summaryLine(result, options.includeAnalysis), ''];
  if (options.includeAnalysis && result.status === 'analyzed') {
    const summaryLinks = evidenceLinks(result, result.summaryEvidenceRefs);
    blocks.push(`**Summary.** ${escapeInlineWithCode(result.summary, TEXT_BOUNDS.summary)}${summaryLinks ? ` (${summaryLinks})` : ''}`, '');
    const basis = describeRiskBasis(result);
    if (basis !== null) blocks.push(`**Risk** ${RISK_LABEL[result.riskLevel]} — basis: ${basis}.`, '');
    if (result.findings.length > 0) {
      blocks.push('**Findings**');
      for (const finding of result.findings) {
        const kind = FINDING_KIND_LABEL[finding.kind] ?? 'Finding';
        const versions = finding.appliesToVersions.length > 0 ? ` (${finding.appliesToVersions.slice(0, 6).map((version) => escapeInline(version, TEXT_BOUNDS.version)).join(', ')})` : '';
        const links = evidenceLinks(result, finding.evidenceRefs);
        blocks.push(`- ${kind}${versions}: ${escapeInlineWithCode(finding.summary, TEXT_BOUNDS.finding)}${links ? ` — ${links}` : ''}`);
      }
      blocks.push('');
    }
  }
  if (result.usage !== undefined) blocks.push(...renderUsage(result.usage, { includeChecks: options.includeAnalysis }));
  // Under a fail-closed run, a dependency cancelled by that stop has no failure of its own.
  const cancelledByFailClosed = options.failClosedCode !== null && result.error?.code === 'CANCELLED';
  if (result.status === 'failed' && result.error && result.error.code !== options.failClosedCode && !cancelledByFailClosed) {
    blocks.push(
      `**Analysis failed** — ${codeSpan(result.error.code)}: ${sentence(escapeInline(result.error.message, TEXT_BOUNDS.message))} ${failureAdvice(result.error.code, options.tracePlace)}`,
      '',
    );
  }
  if (options.includeAnalysis && result.humanReviewReasons.length > 0) {
    blocks.push('**Why review**');
    for (const reason of result.humanReviewReasons) blocks.push(`- ${reason}: ${reviewReasonExplanation(reason, result)}`);
    blocks.push('');
  } else if (options.includeAnalysis && result.status === 'analyzed' && result.evidenceCoverage === 'none') {
    // Every other bump without evidence is sent to a person (EVIDENCE_NONE): say why this one is not.
    if (typesOnlyUpdateWithoutReleaseText(result.dependency.name, result.versions.semverClass)) {
      blocks.push('**Why no review** — `@types/*` packages publish no release notes, and a minor or patch of type declarations can at most affect type checking: the registry facts are the whole picture.', '');
    } else if (result.evidence.some(isPublishedFilesFact)) {
      blocks.push('**Why no review** — the new version publishes the same files as the old one, byte for byte, with the same dependencies and entry points: release notes could only describe changes it does not ship.', '');
    }
  }
  // A dependency the run stopped before (a cancel) was not checked: that is the whole story,
  // not missing evidence or an unreadable registry.
  if (result.error?.code === 'CANCELLED') {
    blocks.push('**Not checked** — the run was stopped before this dependency was analysed.', '', '</details>');
    return blocks.join('\n');
  }
  // Gaps that hold for every bump of the run (no token) are said once, under the table.
  const missingHere = result.missingInformation.filter((missing) => !RUN_LEVEL_MISSING_CODES.has(missing.code));
  if (missingHere.length > 0) {
    blocks.push('**Missing information**');
    for (const missing of missingHere.slice(0, TEXT_BOUNDS.list)) {
      blocks.push(`- ${escapeInline(missing.message, TEXT_BOUNDS.message)} (${codeSpan(missing.code)})`);
    }
    if (missingHere.length > TEXT_BOUNDS.list) blocks.push(`- … and ${missingHere.length - TEXT_BOUNDS.list} more in the manifest`);
    blocks.push('');
  } else if (result.evidence.length === 0) {
    blocks.push('**Missing information** — no evidence was found for these versions.', '');
  }
  if (!options.omitRegistryFacts) {
    blocks.push(
      result.registrySignals
        ? `**${result.dependency.ecosystem === 'github-actions' ? 'Repository tags' : 'Registry facts'}** — ${registryFactsLine(result.registrySignals, options.now)}.`
        : '**Registry facts** — not available (the registry could not be read for this package).',
      '',
    );
  }
  if (options.includeAnalysis && result.limitations.length > 0) {
    blocks.push(`**Limitations** — ${result.limitations.slice(0, 4).map((text) => escapeInline(text, TEXT_BOUNDS.message)).join(' · ')}`, '');
  }
  blocks.push('</details>');
  return blocks.join('\n');
}

/** A message ended as a sentence, so the advice after it does not run on (`… (ENOTFOUND) The endpoint…`). */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
