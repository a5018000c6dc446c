import { randomUUID } from 'node:crypto';
import type { AnalyzeDependencyOutput } from '../analysis/analyze-dependency.js';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import type { AnalysisResult } from '../analysis/types.js';
import { createNpmRegistryClient, type NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { createSnapshotRegistryClient } from '../ecosystems/npm/snapshot-registry.js';
import type { GitHubClient } from '../github/client.js';
import { FAIL_CLOSED_CODES, type RuntimeErrorCode, type StructuredRuntime } from '../runtime/contract.js';
import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { EvaluationInputError, prepareLabelledBump } from './analyze-labelled-bump.js';
import { bumpLabel, type LabelledBump } from './dataset.js';
import { measureAgreement } from './label-agreement.js';
import { prepareAhead } from './prepare-ahead.js';
import type { EvaluationDataset } from './dataset-source.js';
import { createRecordedGitHubClient } from './recorded-github.js';
import { buildScorecard, type ExcludedSample, type SampleAttempt, type ScoredSample, type Scorecard, type Threshold } from './scorecard.js';

/**
 * Eval mode: every labelled sample goes through the real pipeline (detection, evidence from the
 * dataset's recording, context, the profile's runtime, parse, exact schema, trust, review),
 * `repeats` times, and the trusted results are scored against the labels. Nothing is ever
 * answered for the runtime: a profile that cannot run fails the run, it is never replaced.
 *
 * - A sample whose route broke the identity or routing policy (IDENTITY_MISMATCH,
 *   ROUTING_POLICY_VIOLATION, a gateway fallback) is excluded and counted, never scored.
 * - A configuration, capability or auth failure ends the run (fail closed); the samples that
 *   ran are still scored and written.
 * - Other failures (timeouts, rate limits after the profile's retries, invalid output) are
 *   scored as what they are: a sample without a usable verdict. Three samples in a row that
 *   fail because the endpoint is unusable stop the run: the rest would fail the same way.
 * - `maxRequests` and `maxCostUsd` stop the run before a call could spend more.
 */

/** Route failures that exclude a sample: the answer did not come from the locked route. */
const EXCLUDING_CODES: ReadonlySet<RuntimeErrorCode> = new Set(['IDENTITY_MISMATCH', 'ROUTING_POLICY_VIOLATION']);
/** Failures that say the endpoint cannot serve this run at all right now. */
const ENDPOINT_DOWN_CODES: ReadonlySet<string> = new Set(['NETWORK_ERROR', 'TIMEOUT', 'RATE_LIMITED', 'PROVIDER_UNAVAILABLE', 'INSUFFICIENT_CREDIT', 'MODEL_NOT_FOUND', 'ACCESS_DENIED']);
const CONSECUTIVE_DOWN_LIMIT = 3;
const NPM_REGISTRY_URL = 'https://registry.npmjs.org';
/**
 * Samples whose evidence is gathered while an earlier one is scored. On the shipped set with the
 * extractive profile (2 cores), 4 took the labelled eval from 78 s to 50 s for about 50 MB more
 * resident memory; 6 was 6% faster still. docs/evaluation.md, "What an evaluation costs".
 */
const PREPARED_AHEAD = 4;

export interface EvaluationProgress {
  done: number;
  total: number;
  elapsedMs: number;
  /** Estimated time left, from the mean time per sample so far. */
  etaMs: number;
}

export interface EvaluationOptions {
  dataset: EvaluationDataset;
  profile: LoadedProfile;
  runtime: StructuredRuntime;
  repeats: number;
  limit: number | null;
  maxRequests: number | null;
  maxCostUsd: number | null;
  toolVersion: string;
  now: () => Date;
  /** Monotonic milliseconds, for progress. */
  clock?: () => number;
  onProgress?: (progress: EvaluationProgress) => void;
  logger?: Logger;
  thresholds?: readonly Threshold[];
  /** Replaces the dataset's registry (tests). */
  registry?: NpmRegistryClient;
}

export type StopKind = 'budget' | 'endpoint';

export interface EvaluationResult {
  scorecard: Scorecard;
  /** Why the run stopped before the end, when it did: a budget, or an endpoint that cannot serve. */
  stopKind: StopKind | null;
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

/** Agreement of the first two independent readings, over the scored bumps (`--limit`) read at least twice. */
function labelAgreementOf(bumps: readonly LabelledBump[]): Scorecard['dataset']['labelAgreement'] {
  const readings = bumps.flatMap((bump) => (bump.labels !== undefined && bump.labels.length >= 2 ? [[bump.labels[0]!.label, bump.labels[1]!.label] as const] : []));
  if (readings.length === 0) return null;
  const agreement = measureAgreement(readings);
  return { readTwice: agreement.total, agreed: agreement.agreed, kappa: agreement.kappa };
}

function githubOf(dataset: EvaluationDataset): GitHubClient | null {
  return dataset.repositoryDirectory === null ? null : createRecordedGitHubClient(dataset.repositoryDirectory);
}

function registryOf(dataset: EvaluationDataset, logger: Logger): NpmRegistryClient {
  return dataset.registryDirectory === null
    ? createNpmRegistryClient({ registryUrl: NPM_REGISTRY_URL, logger })
    : createSnapshotRegistryClient({ directory: dataset.registryDirectory, registryUrl: NPM_REGISTRY_URL });
}

export async function runEvaluation(options: EvaluationOptions): Promise<EvaluationResult> {
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? (() => performance.now());
  const { dataset, runtime } = options;
  const deterministic = runtime.descriptor.deterministic;
  const bumps = options.limit === null ? dataset.dataset.bumps : dataset.dataset.bumps.slice(0, options.limit);
  const registry = options.registry ?? registryOf(dataset, logger);
  const github = githubOf(dataset);
  const runId = randomUUID();
  const callsPerSample = options.profile.profile.retry.maxAttempts;

  const scored: ScoredSample[] = [];
  const excluded: ExcludedSample[] = [];
  let stoppedEarly: Scorecard['stoppedEarly'] = null;
  let stopKind: StopKind | null = null;
  let failedClosed: Scorecard['failedClosed'] = null;
  let requests = 0;
  let costUsd = 0;
  let consecutiveDown = 0;
  const started = clock();

  // Per-sample evidence notes (a repository not recorded, no release notes) land in each
  // result; logging them for every sample and repeat would bury the progress lines.
  const ahead = prepareAhead(bumps, PREPARED_AHEAD, (bump, signal) => prepareLabelledBump(bump, { registry, registryUrl: NPM_REGISTRY_URL, github, logger: silentLogger }, signal));
  try {
    samples: for (const [index, bump] of bumps.entries()) {
      const label = bumpLabel(bump);
      let prepared;
      try {
        prepared = await ahead.take(index);
      } catch (error) {
        if (!(error instanceof EvaluationInputError)) throw error;
        failedClosed = { code: 'DATASET_INVALID', message: `${sanitizeMessage(error.message)} Fix the entry in ${dataset.source} and run again.` };
        break;
      }
      const attempts: SampleAttempt[] = [];
      for (let repeat = 0; repeat < options.repeats; repeat += 1) {
        if ('failed' in prepared) {
          // Evidence could not be gathered: no call is made, the failure is the same every repeat.
          attempts.push(attemptOf(null, prepared.failed, deterministic));
          continue;
        }
        if (!deterministic && options.maxRequests !== null && requests + callsPerSample > options.maxRequests) {
          stoppedEarly = { reason: `--max-requests ${options.maxRequests} reached after ${requests} request(s): the next call may make up to ${callsPerSample} (the profile's retry.maxAttempts).` };
          stopKind = 'budget';
          break samples;
        }
        if (!deterministic && options.maxCostUsd !== null && costUsd >= options.maxCostUsd) {
          stoppedEarly = { reason: `--max-cost ${options.maxCostUsd} USD reached (${costUsd.toFixed(4)} USD spent).` };
          stopKind = 'budget';
          break samples;
        }
        const output = await prepared.analyse(runtime, runId);
        const attempt = attemptOf(output, output.result, deterministic);
        requests += attempt.requests;
        costUsd += attempt.costUsd ?? 0;
        const code = output.call.error?.code ?? null;
        if (code !== null && EXCLUDING_CODES.has(code)) {
          excluded.push({ case: label, code, reason: `${code}: ${sanitizeMessage(output.call.error?.message ?? '', 300)}` });
          continue samples;
        }
        if (output.call.success?.execution.route.fallbackOccurred) {
          excluded.push({ case: label, code: 'GATEWAY_FALLBACK', reason: 'GATEWAY_FALLBACK: the gateway reports a fallback to another model or provider than the first choice.' });
          continue samples;
        }
        if (code !== null && FAIL_CLOSED_CODES.has(code)) {
          failedClosed = { code, message: sanitizeMessage(output.call.error?.message ?? code, 500) };
          attempts.push(attempt);
          scored.push({ case: label, expected: bump.expected, attempts });
          break samples;
        }
        attempts.push(attempt);
        if (!deterministic && options.maxCostUsd !== null && attempt.costUsd === null && attempt.requests > 0) {
          scored.push({ case: label, expected: bump.expected, attempts });
          stoppedEarly = { reason: `--max-cost was given, but the endpoint reported no cost for ${label}, so the budget cannot be enforced; drop --max-cost or use --max-requests.` };
          stopKind = 'budget';
          break samples;
        }
      }
      scored.push({ case: label, expected: bump.expected, attempts });
      const down = attempts.length > 0 && attempts.every((attempt) => attempt.errorCode !== null && ENDPOINT_DOWN_CODES.has(attempt.errorCode));
      consecutiveDown = down ? consecutiveDown + 1 : 0;
      const elapsedMs = clock() - started;
      options.onProgress?.({ done: index + 1, total: bumps.length, elapsedMs, etaMs: (elapsedMs / (index + 1)) * (bumps.length - index - 1) });
      if (consecutiveDown >= CONSECUTIVE_DOWN_LIMIT) {
        const codes = [...new Set(scored.slice(-CONSECUTIVE_DOWN_LIMIT).flatMap((sample) => sample.attempts.map((attempt) => attempt.errorCode)))].join(', ');
        stoppedEarly = { reason: `the endpoint failed ${CONSECUTIVE_DOWN_LIMIT} samples in a row (${codes}) after the profile's retries; check that it is up and not rate-limiting, then run again.` };
        stopKind = 'endpoint';
        break;
      }
    }
  } finally {
    // Samples prepared ahead that the run stopped before: their reads end here, not after it returns.
    await ahead.stop();
  }

  const scorecard = buildScorecard({
    toolVersion: options.toolVersion,
    createdAt: options.now().toISOString(),
    dataset: { name: dataset.name, digest: dataset.digest, sampleCount: dataset.dataset.bumps.length, labelAgreement: labelAgreementOf(bumps) },
    profile: {
      id: options.profile.profile.id,
      digest: options.profile.digest,
      adapter: runtime.descriptor.adapter,
      model: runtime.descriptor.requestedIdentity.model,
      mode: runtime.descriptor.mode,
    },
    promptVersion: PROMPT_VERSION,
    candidateSchemaDigest: CANDIDATE_SCHEMA_DIGEST,
    repeats: options.repeats,
    limit: options.limit,
    sampleCount: bumps.length,
    scored,
    excluded,
    stoppedEarly,
    failedClosed,
    thresholds: options.thresholds,
  });
  return { scorecard, stopKind };
}
