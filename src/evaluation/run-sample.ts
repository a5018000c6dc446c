import type { AnalyzeDependencyOutput } from '../analysis/analyze-dependency.js';
import type { AnalysisResult } from '../analysis/types.js';
import { FAIL_CLOSED_CODES, type RuntimeErrorCode, type StructuredRuntime } from '../runtime/contract.js';
import { sanitizeMessage } from '../shared/redaction.js';
import type { PreparedLabelledBump } from './analyze-labelled-bump.js';
import { bumpLabel, type LabelledBump } from './dataset.js';
import type { SampleSpending } from './eval-budget.js';
import type { ExcludedSample, SampleAttempt, ScoredSample, Scorecard } from './scorecard.js';

/**
 * One eval sample: the profile's runtime asked `repeats` times about one labelled bump whose
 * evidence was gathered once, and what that came to, for the scheduler in run-evaluation.ts.
 */

/** Route failures that exclude a sample: the answer did not come from the locked route. */
const EXCLUDING_CODES: ReadonlySet<RuntimeErrorCode> = new Set(['IDENTITY_MISMATCH', 'ROUTING_POLICY_VIOLATION']);
/** Failures that say the endpoint cannot serve this run at all right now. */
const ENDPOINT_DOWN_CODES: ReadonlySet<string> = new Set(['NETWORK_ERROR', 'TIMEOUT', 'RATE_LIMITED', 'PROVIDER_UNAVAILABLE', 'INSUFFICIENT_CREDIT', 'MODEL_NOT_FOUND', 'ACCESS_DENIED']);

export interface SampleOutcome {
  /** Null when the sample was excluded, or abandoned between repeats because the run stopped. */
  scored: ScoredSample | null;
  excluded: ExcludedSample | null;
  /** A configuration, capability or auth failure: the run ends (fail closed). */
  failedClosed: Scorecard['failedClosed'];
  /** --max-cost was given, yet a call reported no cost: the budget cannot be enforced. */
  costNotReported: boolean;
  /** Every attempt failed because the endpoint cannot serve right now. */
  endpointDown: boolean;
  /** Whether the endpoint was asked at all (a sample whose evidence failed makes no call). */
  asked: boolean;
  /** Every attempt made, scored or not (an excluded or cut-short sample's calls are paid for too). */
  attempts: SampleAttempt[];
  /** The error codes of its attempts, for the reason an endpoint-down stop gives. */
  errorCodes: string[];
  spent: SampleSpending;
}

export interface SampleRun {
  bump: LabelledBump;
  prepared: PreparedLabelledBump;
  runtime: StructuredRuntime;
  runId: string;
  repeats: number;
  deterministic: boolean;
  enforceCost: boolean;
  /** Asked before each repeat after the first: a run that stopped makes no more calls for it. */
  runStopped: () => boolean;
}

function attemptOf(output: AnalyzeDependencyOutput | null, result: AnalysisResult, deterministic: boolean): SampleAttempt {
  const call = output?.call ?? null;
  const success = call?.success ?? null;
  const telemetry = call?.failureTelemetry ?? null;
  const usage = success?.usage ?? telemetry?.usage ?? null;
  const attempts = success?.execution.attempts ?? telemetry?.attempts ?? (call?.error ? 1 : 0);
  return {
    status: result.status,
    riskLevel: result.riskLevel,
    riskEvidenceRefs: result.riskEvidenceRefs.length,
    findings: result.findings.map((finding) => ({ kind: finding.kind, summary: finding.summary, appliesToVersions: finding.appliesToVersions, evidenceRefs: finding.evidenceRefs })),
    requiresHumanReview: result.nextAction === 'reviewBeforeMerge' || result.humanReviewReasons.length > 0,
    reasons: result.humanReviewReasons,
    schemaValid: result.validation.schemaValid,
    trustIssueCodes: [...new Set(result.validation.trustIssues.map((issue) => issue.code))].sort(),
    errorCode: result.error?.code ?? null,
    latencyMs: success?.timings.totalMs ?? telemetry?.timings.totalMs ?? null,
    inputTokens: usage?.inputTokens ?? null,
    outputTokens: usage?.outputTokens ?? null,
    costUsd: usage?.costUsd ?? null,
    // The extractive analyzer sends nothing; a model call counts every HTTP attempt it made.
    requests: deterministic || output === null ? 0 : attempts,
  };
}

function spentBy(attempts: readonly SampleAttempt[]): SampleSpending {
  const costs = attempts.flatMap((attempt) => (attempt.costUsd === null ? [] : [attempt.costUsd]));
  return { requests: attempts.reduce((sum, attempt) => sum + attempt.requests, 0), costUsd: costs.length === 0 ? null : costs.reduce((sum, cost) => sum + cost, 0) };
}

/** Asks the runtime `repeats` times for one sample, stopping at the first answer that ends it. */
export async function runSample({ bump, prepared, runtime, runId, repeats, deterministic, enforceCost, runStopped }: SampleRun): Promise<SampleOutcome> {
  const label = bumpLabel(bump);
  const attempts: SampleAttempt[] = [];
  const outcome = (fields: Partial<SampleOutcome> = {}): SampleOutcome => ({
    scored: { case: label, expected: bump.expected, attempts },
    excluded: null,
    failedClosed: null,
    costNotReported: false,
    endpointDown: attempts.length > 0 && attempts.every((attempt) => attempt.errorCode !== null && ENDPOINT_DOWN_CODES.has(attempt.errorCode)),
    errorCodes: [...new Set(attempts.flatMap((attempt) => (attempt.errorCode === null ? [] : [attempt.errorCode])))],
    asked: !('failed' in prepared) && attempts.length > 0,
    attempts,
    spent: spentBy(attempts),
    ...fields,
  });
  for (let repeat = 0; repeat < repeats; repeat += 1) {
    if ('failed' in prepared) {
      // Evidence could not be gathered: no call is made, the failure is the same every repeat.
      attempts.push(attemptOf(null, prepared.failed, deterministic));
      continue;
    }
    // A sample left with fewer repeats than the run asked for is not scored, as before the stop.
    if (repeat > 0 && runStopped()) return outcome({ scored: null });
    const output = await prepared.analyse(runtime, runId);
    const attempt = attemptOf(output, output.result, deterministic);
    attempts.push(attempt);
    const code = output.call.error?.code ?? null;
    if (code !== null && EXCLUDING_CODES.has(code)) {
      return outcome({ scored: null, excluded: { case: label, code, reason: `${code}: ${sanitizeMessage(output.call.error?.message ?? '', 300)}` } });
    }
    if (output.call.success?.execution.route.fallbackOccurred) {
      return outcome({ scored: null, excluded: { case: label, code: 'GATEWAY_FALLBACK', reason: 'GATEWAY_FALLBACK: the gateway reports a fallback to another model or provider than the first choice.' } });
    }
    if (code !== null && FAIL_CLOSED_CODES.has(code)) return outcome({ failedClosed: { code, message: sanitizeMessage(output.call.error?.message ?? code, 500) } });
    // A call that never got an answer (a rate limit, a timeout, a dropped connection) reports no
    // usage and is not billed: only an answered call without a cost leaves the budget unenforceable.
    const answered = code === null || !ENDPOINT_DOWN_CODES.has(code);
    if (enforceCost && answered && attempt.costUsd === null && attempt.requests > 0) return outcome({ costNotReported: true });
  }
  return outcome();
}
