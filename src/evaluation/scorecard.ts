import type { FindingKind, HumanReviewReason, RiskLevel } from '../analysis/types.js';
import type { RuntimeErrorCode } from '../runtime/contract.js';
import type { ExpectedRisk } from './dataset.js';
import { computeMetrics, type AccuracyMetrics } from './metrics.js';

/**
 * The scorecard: what one profile scored on one dataset, and whether that meets the quality
 * gate for production (seed 003 §10). Every metric is computed against the human labels or
 * against the evidence, never against DepVerdict's own output, and every one is defined here
 * in the words docs/evaluation.md repeats.
 *
 * The labels are risk levels only. What they say about review is one rule, stated once
 * (`expectedReview`): a bump a reviewer labelled `high` must reach a person *because of its
 * risk*; a bump labelled `medium` or `low` must not be sent to one on risk grounds. Review for
 * thin evidence or supply-chain facts (EVIDENCE_NONE, SUPPLY_CHAIN_CHANGE, …) is neither
 * right nor wrong against these labels: it is reported (`reviewRate`), not scored.
 */

export const SCORECARD_VERSION = '1';

/** Reasons that send a bump to review because of its risk judgement (or the lack of one). */
export const RISK_REVIEW_REASONS: ReadonlySet<HumanReviewReason> = new Set(['HIGH_RISK', 'UNKNOWN_RISK', 'ANALYSIS_FAILED']);

/** One repeat of one sample: what the trusted result said, and what the call cost. */
export interface SampleAttempt {
  status: 'analyzed' | 'failed' | 'skipped';
  riskLevel: RiskLevel;
  riskEvidenceRefs: number;
  findings: Array<{ kind: FindingKind; summary: string; appliesToVersions: string[]; evidenceRefs: string[] }>;
  requiresHumanReview: boolean;
  reasons: HumanReviewReason[];
  /** Did the candidate parse and validate against the exact schema? null: no candidate came back. */
  schemaValid: boolean | null;
  trustIssueCodes: string[];
  errorCode: string | null;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  costUsd: number | null;
  /** HTTP attempts the runtime made (0 for the extractive analyzer, which sends nothing). */
  requests: number;
}

export interface ScoredSample {
  case: string;
  expected: ExpectedRisk;
  attempts: SampleAttempt[];
}

export interface ExcludedSample {
  case: string;
  reason: string;
  code: RuntimeErrorCode | 'GATEWAY_FALLBACK';
}

export type MetricName =
  | 'riskAccuracy'
  | 'reviewAccuracy'
  | 'reasonAccuracy'
  | 'evidenceRefValidity'
  | 'evidenceCoverage'
  | 'schemaValidity'
  | 'unsupportedClaimRate'
  | 'determinism';

export type Metrics = Record<MetricName, number | null>;

export interface Threshold {
  metric: MetricName;
  comparator: '>=' | '<=';
  value: number;
}

/** The quality gate of seed 003 §10 (MVP-04/MVP-05), unchanged. */
export const DEFAULT_THRESHOLDS: readonly Threshold[] = [
  { metric: 'riskAccuracy', comparator: '>=', value: 0.9 },
  { metric: 'reviewAccuracy', comparator: '>=', value: 0.95 },
  { metric: 'reasonAccuracy', comparator: '>=', value: 0.95 },
  { metric: 'evidenceRefValidity', comparator: '>=', value: 0.95 },
  { metric: 'evidenceCoverage', comparator: '>=', value: 0.95 },
  { metric: 'schemaValidity', comparator: '>=', value: 0.98 },
  { metric: 'unsupportedClaimRate', comparator: '<=', value: 0.05 },
  { metric: 'determinism', comparator: '>=', value: 1 },
];

export interface ThresholdResult extends Threshold {
  actual: number | null;
  passed: boolean;
}

/** Expected review on risk grounds, from the label alone. */
export function expectedReview(label: ExpectedRisk): boolean {
  return label === 'high';
}

function riskReview(attempt: SampleAttempt): boolean {
  return attempt.reasons.some((reason) => RISK_REVIEW_REASONS.has(reason));
}

/** high → a person sees it (for any reason); medium/low → no risk-driven review. */
export function reviewCorrect(expected: ExpectedRisk, attempt: SampleAttempt): boolean {
  return expectedReview(expected) ? attempt.requiresHumanReview : !riskReview(attempt);
}

/** high → review *because* the risk is high (HIGH_RISK); medium/low → no risk-driven reason. */
export function reasonCorrect(expected: ExpectedRisk, attempt: SampleAttempt): boolean {
  return expectedReview(expected) ? attempt.reasons.includes('HIGH_RISK') : !riskReview(attempt);
}

const REFERENCE_ISSUES = new Set(['EVIDENCE_REFERENCE_INVALID', 'INVENTED_URL']);

function share(items: readonly boolean[]): number | null {
  return items.length === 0 ? null : items.filter(Boolean).length / items.length;
}

/** Risk and findings, the part of a result determinism compares across repeats. */
function verdictOf(attempt: SampleAttempt): string {
  return JSON.stringify({ risk: attempt.riskLevel, findings: attempt.findings });
}

/**
 * The metrics over scored samples. Accuracy metrics read each sample's first repeat (the
 * answer a run would publish); schemaValidity counts every call; determinism compares repeats
 * and is null (not measured) with a single repeat.
 */
export function computeScorecardMetrics(samples: readonly ScoredSample[]): { metrics: Metrics; accuracy: AccuracyMetrics | null } {
  const first = samples.flatMap((sample) => (sample.attempts[0] === undefined ? [] : [{ expected: sample.expected, attempt: sample.attempts[0] }]));
  const analysed = first.filter(({ attempt }) => attempt.status === 'analyzed');
  const allAttempts = samples.flatMap((sample) => sample.attempts);
  const repeated = samples.filter((sample) => sample.attempts.length >= 2);
  const metrics: Metrics = {
    riskAccuracy: share(first.map(({ expected, attempt }) => attempt.riskLevel === expected)),
    reviewAccuracy: share(first.map(({ expected, attempt }) => reviewCorrect(expected, attempt))),
    reasonAccuracy: share(first.map(({ expected, attempt }) => reasonCorrect(expected, attempt))),
    // Of the candidates that came back: every reference cites selected evidence, no URL invented.
    evidenceRefValidity: share(analysed.map(({ attempt }) => !attempt.trustIssueCodes.some((code) => REFERENCE_ISSUES.has(code)))),
    // Of all samples: the published risk is a judgement (not unknown) that cites evidence.
    evidenceCoverage: share(first.map(({ attempt }) => attempt.status === 'analyzed' && attempt.riskLevel !== 'unknown' && attempt.riskEvidenceRefs > 0)),
    schemaValidity: share(allAttempts.map((attempt) => attempt.schemaValid === true)),
    // The CLAIMS_DROPPED proxy: samples where the trust layer removed or overrode a claim.
    unsupportedClaimRate: share(analysed.map(({ attempt }) => attempt.trustIssueCodes.some((code) => code !== 'SOURCE_CONFLICT'))),
    determinism: repeated.length === 0 || repeated.length < samples.length ? null : share(repeated.map((sample) => new Set(sample.attempts.map(verdictOf)).size === 1)),
  };
  const accuracy = first.length === 0 ? null : computeMetrics(first.map(({ expected, attempt }) => ({ expected, predicted: attempt.riskLevel })));
  return { metrics, accuracy };
}

export function checkThresholds(metrics: Metrics, thresholds: readonly Threshold[] = DEFAULT_THRESHOLDS): ThresholdResult[] {
  return thresholds.map((threshold) => {
    const actual = metrics[threshold.metric];
    // A metric that could not be measured does not pass: nothing was shown.
    const passed = actual !== null && (threshold.comparator === '>=' ? actual >= threshold.value : actual <= threshold.value);
    return { ...threshold, actual, passed };
  });
}

/** Nearest-rank percentile of known values; null when there are none. */
export function percentile(values: readonly number[], fraction: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1] ?? null;
}

export interface Scorecard {
  scorecardVersion: typeof SCORECARD_VERSION;
  toolVersion: string;
  createdAt: string;
  dataset: {
    name: string;
    digest: string;
    sampleCount: number;
    /**
     * How far two independent readings of the scored bumps agreed, when the dataset records them
     * (`labels`): how reliable the labels are, and about what one careful reader scores against
     * them. null when no scored bump was read twice.
     */
    labelAgreement: { readTwice: number; agreed: number; kappa: number | null } | null;
  };
  profile: { id: string; digest: string; adapter: string; model: string | null; mode: string };
  promptVersion: string;
  candidateSchemaDigest: string;
  repeats: number;
  limit: number | null;
  /** Samples selected for this run (the dataset, or its first --limit entries). */
  sampleCount: number;
  scoredCount: number;
  excludedCount: number;
  metrics: Metrics;
  /** Human review for any reason, first repeat: reported, not scored against the labels. */
  reviewRate: number | null;
  confusion: AccuracyMetrics['confusion'] | null;
  perClass: AccuracyMetrics['perClass'] | null;
  thresholds: ThresholdResult[];
  /**
   * Every threshold passed, nothing excluded, every sample of the whole dataset ran (a `--limit`
   * below the dataset's size never passes), and the run did not fail closed.
   */
  passed: boolean;
  /** Why `passed` is false, one sentence per cause; empty when it passed. */
  failures: string[];
  stoppedEarly: { reason: string } | null;
  failedClosed: { code: string; message: string } | null;
  failuresByCode: Record<string, number>;
  requests: number;
  latency: { p50Ms: number | null; p95Ms: number | null };
  tokens: { input: number | null; output: number | null };
  /** Known cost in USD; null when the endpoint reported none. */
  costUsd: number | null;
  samples: Array<{
    case: string;
    expected: ExpectedRisk;
    predicted: RiskLevel[];
    correct: boolean;
    reviewExpected: boolean;
    reviewRequired: boolean;
    reasons: HumanReviewReason[];
    schemaValid: Array<boolean | null>;
    trustIssues: string[];
    errorCodes: string[];
    latencyMs: Array<number | null>;
    tokens: { input: number | null; output: number | null };
    costUsd: number | null;
  }>;
  excluded: ExcludedSample[];
}

function sumKnown(values: ReadonlyArray<number | null>): number | null {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : known.reduce((total, value) => total + value, 0);
}

export interface ScorecardInput {
  toolVersion: string;
  createdAt: string;
  dataset: Scorecard['dataset'];
  profile: Scorecard['profile'];
  promptVersion: string;
  candidateSchemaDigest: string;
  repeats: number;
  limit: number | null;
  sampleCount: number;
  scored: ScoredSample[];
  excluded: ExcludedSample[];
  /**
   * Calls made for samples that are not scored (excluded, or cut short by a stop): paid for, so
   * counted in requests, tokens and cost, never in the metrics.
   */
  unscoredAttempts?: readonly SampleAttempt[];
  stoppedEarly: Scorecard['stoppedEarly'];
  failedClosed: Scorecard['failedClosed'];
  thresholds?: readonly Threshold[];
}

export function buildScorecard(input: ScorecardInput): Scorecard {
  const { metrics, accuracy } = computeScorecardMetrics(input.scored);
  const thresholds = checkThresholds(metrics, input.thresholds);
  const attempts = [...input.scored.flatMap((sample) => sample.attempts)];
  const paidFor = [...attempts, ...(input.unscoredAttempts ?? [])];
  const failuresByCode: Record<string, number> = {};
  for (const attempt of attempts) if (attempt.errorCode !== null) failuresByCode[attempt.errorCode] = (failuresByCode[attempt.errorCode] ?? 0) + 1;
  for (const excluded of input.excluded) failuresByCode[excluded.code] = (failuresByCode[excluded.code] ?? 0) + 1;

  const failures: string[] = [];
  if (input.failedClosed !== null) failures.push(`The run failed closed (${input.failedClosed.code}): ${input.failedClosed.message}`);
  if (input.stoppedEarly !== null) failures.push(`The run stopped early: ${input.stoppedEarly.reason}`);
  if (input.scored.length === 0) failures.push('No sample was scored.');
  // A profile is approved on the dataset, not on a sample of it: the first N entries of a set
  // are no measure of the rest (the shipped set is ordered by wave, not shuffled).
  if (input.sampleCount < input.dataset.sampleCount) failures.push(`Only the first ${input.sampleCount} of the dataset's ${input.dataset.sampleCount} samples were selected (--limit); a profile is approved only on a run over the whole dataset.`);
  if (input.excluded.length > 0) failures.push(`${input.excluded.length} sample(s) were excluded because their route broke the profile's identity or routing policy; a profile is approved only on a run where every sample was answered by the locked route.`);
  const unscored = input.sampleCount - input.scored.length - input.excluded.length;
  if (unscored > 0 && input.stoppedEarly === null && input.failedClosed === null) failures.push(`${unscored} sample(s) did not run.`);
  for (const threshold of thresholds) {
    if (!threshold.passed) failures.push(`${threshold.metric} ${threshold.actual === null ? 'was not measured' : threshold.actual.toFixed(3)} (needs ${threshold.comparator} ${threshold.value})${threshold.metric === 'determinism' && threshold.actual === null ? '; run with --repeats 2 or more' : ''}.`);
  }

  const latencies = attempts.map((attempt) => attempt.latencyMs).filter((value): value is number => value !== null);
  return {
    scorecardVersion: SCORECARD_VERSION,
    toolVersion: input.toolVersion,
    createdAt: input.createdAt,
    dataset: input.dataset,
    profile: input.profile,
    promptVersion: input.promptVersion,
    candidateSchemaDigest: input.candidateSchemaDigest,
    repeats: input.repeats,
    limit: input.limit,
    sampleCount: input.sampleCount,
    scoredCount: input.scored.length,
    excludedCount: input.excluded.length,
    metrics,
    reviewRate: share(input.scored.flatMap((sample) => (sample.attempts[0] ? [sample.attempts[0].requiresHumanReview] : []))),
    confusion: accuracy?.confusion ?? null,
    perClass: accuracy?.perClass ?? null,
    thresholds,
    passed: failures.length === 0,
    failures,
    stoppedEarly: input.stoppedEarly,
    failedClosed: input.failedClosed,
    failuresByCode,
    requests: paidFor.reduce((total, attempt) => total + attempt.requests, 0),
    latency: { p50Ms: percentile(latencies, 0.5), p95Ms: percentile(latencies, 0.95) },
    tokens: { input: sumKnown(paidFor.map((attempt) => attempt.inputTokens)), output: sumKnown(paidFor.map((attempt) => attempt.outputTokens)) },
    costUsd: sumKnown(paidFor.map((attempt) => attempt.costUsd)),
    samples: input.scored.map((sample) => {
      const first = sample.attempts[0]!;
      return {
        case: sample.case,
        expected: sample.expected,
        predicted: sample.attempts.map((attempt) => attempt.riskLevel),
        correct: first.riskLevel === sample.expected,
        reviewExpected: expectedReview(sample.expected),
        reviewRequired: first.requiresHumanReview,
        reasons: first.reasons,
        schemaValid: sample.attempts.map((attempt) => attempt.schemaValid),
        trustIssues: [...new Set(sample.attempts.flatMap((attempt) => attempt.trustIssueCodes))].sort(),
        errorCodes: [...new Set(sample.attempts.flatMap((attempt) => (attempt.errorCode === null ? [] : [attempt.errorCode])))].sort(),
        latencyMs: sample.attempts.map((attempt) => attempt.latencyMs),
        tokens: { input: sumKnown(sample.attempts.map((attempt) => attempt.inputTokens)), output: sumKnown(sample.attempts.map((attempt) => attempt.outputTokens)) },
        costUsd: sumKnown(sample.attempts.map((attempt) => attempt.costUsd)),
      };
    }),
    excluded: input.excluded,
  };
}
