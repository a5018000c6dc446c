import type { DependencyContext } from '../context/types.js';
import { isDefinitelyTyped } from '../ecosystems/npm/packument.js';
import { PIN_MISMATCH_LOCATOR, RUNS_USING_LOCATOR } from '../evidence/action-locators.js';
import { PUBLISHED_FILES_UNCHANGED } from '../evidence/published-files-evidence.js';
import { usesCheckedApi } from '../usage/describe-usage.js';
import type { UsageReport } from '../usage/types.js';
import { FAIL_CLOSED_CODES, type RuntimeErrorCode } from '../runtime/contract.js';
import type { AnalysisResult, EvidenceCoverage, HumanReviewReason, NextAction, RegistrySignals, RiskLevel, ResultStatus, TrustIssue } from './types.js';

/**
 * Human-review policy: which facts about a result mean a person should look before merging,
 * and what to do next. Pure and deterministic; reasons are sorted so the same result always
 * renders the same way.
 *
 * Policy choices worth knowing:
 * - Medium risk ALONE does not require review. Deprecations and runtime-requirement changes
 *   are shown in the comment, but flagging every minor bump that deprecates something made
 *   the original CLI send 46 of 47 updates to review, and teams switch noisy bots off.
 *   Medium still ends in review when another reason applies (thin evidence, dropped claims…).
 * - Supply-chain facts (install scripts added, provenance lost, publisher changed, target
 *   deprecated) are not risk levels; they are their own review reason.
 * - A failed analysis gets ANALYSIS_FAILED plus the reasons that do not depend on the model
 *   (version, downgrade, supply chain, evidence), never UNKNOWN_RISK: nothing was judged.
 */

/** Locally computed evidence about the package or the repository, not text about the releases. */
const NOT_RELEASE_EVIDENCE: ReadonlySet<string> = new Set(['registryFact', 'usage']);

/** Evidence kinds that are release text rather than locally computed facts. */
function hasReleaseText(context: DependencyContext): boolean {
  const selected = new Set(context.metadata.selectedEvidenceIds);
  return context.knowledge.evidence.some((item) => !NOT_RELEASE_EVIDENCE.has(item.kind) && selected.has(item.id));
}

/**
 * none = registry facts only; partial = release text exists but not for the version being
 * adopted; sufficient = release text covers the newest version of the interval.
 * What a reviewer needs is the notes of the release they are moving to (the changelog of a
 * version usually restates its line's history); a missing GitHub token or release page does
 * not make a complete changelog partial, or every tokenless run would need review.
 */
export function evaluateCoverage(context: DependencyContext): EvidenceCoverage {
  if (!hasReleaseText(context)) return 'none';
  const { direction } = context.versions;
  // A GitHub Action's `v4` is not a release: the exact release it runs is what notes are about.
  const from = context.versions.resolved?.from ?? context.versions.from;
  const to = context.versions.resolved?.to ?? context.versions.to;
  const newest = direction === 'downgrade' ? from : to;
  const selected = new Set(context.metadata.selectedEvidenceIds);
  const coversNewest = context.knowledge.evidence.some(
    (item) => !NOT_RELEASE_EVIDENCE.has(item.kind) && selected.has(item.id) && item.releaseVersions.includes(newest),
  );
  return coversNewest ? 'sufficient' : 'partial';
}

export function hasSupplyChainChange(signals: RegistrySignals | null): boolean {
  if (signals === null) return false;
  return (
    signals.installScriptsAdded.length > 0 ||
    signals.provenanceLost ||
    signals.publisherChanged !== null ||
    signals.targetDeprecated !== null ||
    signals.lockfileIntegrityMismatch !== null ||
    (signals.actionPin !== undefined && (signals.actionPin.mismatch !== null || signals.actionPin.pinningWeakened))
  );
}


export interface RiskFloor {
  level: 'medium' | 'high';
  /** The selected evidence the floor rests on (cited as risk evidence when the floor applies). */
  evidenceIds: string[];
}

const FLOOR_RANK: Record<RiskLevel, number> = { low: 1, medium: 2, unknown: 3, high: 4 };

/**
 * A minimum risk set by locally computed facts of a GitHub Action bump: a SHA pin that is not
 * the release its comment names is high (a supply-chain signal that blocks with
 * SUPPLY_CHAIN_CHANGE); a `runs.using` change (node20 → node24 needs a newer runner) is at
 * least medium. Null when no such fact was selected.
 */
export function riskFloorOf(context: DependencyContext, signals: RegistrySignals | null): RiskFloor | null {
  const selected = new Set(context.metadata.selectedEvidenceIds);
  const ids = (locator: string): string[] => context.knowledge.evidence.filter((item) => selected.has(item.id) && item.locator === locator).map((item) => item.id);
  const mismatch = ids(PIN_MISMATCH_LOCATOR);
  if (signals?.actionPin?.mismatch != null && mismatch.length > 0) return { level: 'high', evidenceIds: mismatch };
  const runtime = ids(RUNS_USING_LOCATOR);
  if (runtime.length > 0) return { level: 'medium', evidenceIds: runtime };
  return null;
}

/**
 * Raises a trusted risk to the floor, citing the floor's evidence. `unknown` stays unknown under a
 * medium floor (it already needs review) but becomes high under a high one.
 */
export function applyRiskFloor<T extends { riskLevel: RiskLevel; riskEvidenceRefs: string[] }>(trusted: T, floor: RiskFloor | null): T {
  if (floor === null || FLOOR_RANK[trusted.riskLevel] >= FLOOR_RANK[floor.level]) return trusted;
  const riskEvidenceRefs = trusted.riskLevel === 'unknown' ? [...floor.evidenceIds] : [...new Set([...trusted.riskEvidenceRefs, ...floor.evidenceIds])];
  return { ...trusted, riskLevel: floor.level, riskEvidenceRefs };
}

export type ResultErrorCode = NonNullable<AnalysisResult['error']>['code'];

export interface ReviewInput {
  status: ResultStatus;
  /** null when no context could be built. */
  context: DependencyContext | null;
  direction: AnalysisResult['versions']['direction'];
  riskLevel: RiskLevel;
  trustIssues: TrustIssue[];
  registrySignals: RegistrySignals | null;
  /** The failure code of a failed result; null otherwise. */
  errorCode?: ResultErrorCode | null;
  /** The result's usage report, when the repository was scanned. */
  usage?: UsageReport;
}

export interface ReviewDecision {
  evidenceCoverage: EvidenceCoverage;
  humanReviewReasons: HumanReviewReason[];
  nextAction: NextAction;
}

/**
 * DefinitelyTyped's `@types/*` packages never publish release notes or a changelog: for a
 * minor or patch update of one, having only registry facts is the complete picture, not a gap
 * a person could fill. (A major update still needs review through its risk level.)
 */
function publishesNoReleaseText(context: DependencyContext): boolean {
  return typesOnlyUpdateWithoutReleaseText(context.dependency.name, context.versions.semverClass);
}

/**
 * Release notes of an update that publishes byte-identical files (the "published files
 * unchanged" fact) could only describe changes it does not ship: their absence is no gap.
 */
function publishesTheSameFiles(context: DependencyContext): boolean {
  const selected = new Set(context.metadata.selectedEvidenceIds);
  return context.knowledge.evidence.some((item) => item.locator === PUBLISHED_FILES_UNCHANGED && selected.has(item.id));
}

/** The rule of publishesNoReleaseText on a name and semver class, for the comment to say why no review is asked. */
export function typesOnlyUpdateWithoutReleaseText(name: string, semverClass: string): boolean {
  return isDefinitelyTyped(name) && (semverClass === 'minor' || semverClass === 'patch');
}

export function decideReview(input: ReviewInput): ReviewDecision {
  const reasons = new Set<HumanReviewReason>();
  const evidenceCoverage: EvidenceCoverage = input.context === null ? 'none' : evaluateCoverage(input.context);
  const analyzed = input.status === 'analyzed';

  if (input.status === 'failed') reasons.add('ANALYSIS_FAILED');
  if (analyzed && input.riskLevel === 'high') reasons.add('HIGH_RISK');
  if (analyzed && input.riskLevel === 'unknown') reasons.add('UNKNOWN_RISK');
  if (input.context !== null) {
    if (evidenceCoverage === 'none' && !publishesNoReleaseText(input.context) && !publishesTheSameFiles(input.context)) reasons.add('EVIDENCE_NONE');
    if (evidenceCoverage === 'partial') reasons.add('EVIDENCE_PARTIAL');
    if (!input.context.versions.fromExists || !input.context.versions.toExists) reasons.add('VERSION_UNCERTAIN');
    if (input.context.metadata.warnings.some((warning) => warning.code === 'SOURCE_CONFLICT')) reasons.add('SOURCE_CONFLICT');
  }
  // Any claim removed or overridden by trust (other than for conflicting sources, which has
  // its own reason) means the analyzer said something the evidence does not carry.
  if (input.trustIssues.some((issue) => issue.code !== 'SOURCE_CONFLICT')) reasons.add('CLAIMS_DROPPED');
  if (input.direction === 'downgrade') reasons.add('DOWNGRADE');
  if (hasSupplyChainChange(input.registrySignals)) reasons.add('SUPPLY_CHAIN_CHANGE');
  // The risk stays what the evidence says; a removed API this repository calls is a reason to look.
  // One it does not use adds no reason (the usage report says it is not used).
  if (input.usage !== undefined && usesCheckedApi(input.usage)) reasons.add('BREAKING_API_IN_USE');

  const humanReviewReasons = [...reasons].sort();
  return { evidenceCoverage, humanReviewReasons, nextAction: nextActionFor(input.status, input.errorCode ?? null, humanReviewReasons) };
}

export function nextActionFor(status: ResultStatus, errorCode: ResultErrorCode | null, reasons: HumanReviewReason[]): NextAction {
  if (status === 'failed') {
    // Configuration, capability, auth and identity problems do not go away on a retry.
    return errorCode !== null && FAIL_CLOSED_CODES.has(errorCode as RuntimeErrorCode) ? 'fixConfiguration' : 'retryAnalysis';
  }
  return reasons.length === 0 ? 'proceed' : 'reviewBeforeMerge';
}
