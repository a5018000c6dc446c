import { randomUUID } from 'node:crypto';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import { createNpmRegistryClient, type NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { createSnapshotRegistryClient } from '../ecosystems/npm/snapshot-registry.js';
import type { GitHubClient } from '../github/client.js';
import type { StructuredRuntime } from '../runtime/contract.js';
import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { prepareLabelledBump } from './analyze-labelled-bump.js';
import type { LabelledBump } from './dataset.js';
import { measureAgreement } from './label-agreement.js';
import { createEvalBudget } from './eval-budget.js';
import { prepareAhead } from './prepare-ahead.js';
import type { EvaluationDataset } from './dataset-source.js';
import { createRecordedGitHubClient } from './recorded-github.js';
import { runSample } from './run-sample.js';
import { scheduleSamples, type ScheduleResult, type StopKind } from './sample-scheduler.js';
import { buildScorecard, type Scorecard, type Threshold } from './scorecard.js';

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
 * - Up to the profile's `limits.concurrency` samples are asked at once (the 2,276-bump set with 2
 *   repeats is about 4,550 calls: hours, one at a time), by sample-scheduler.ts: one at a time
 *   again after an endpoint failure, nothing started or asked after a stop.
 * - `maxRequests` and `maxCostUsd` stop the run before a sample could spend more: each sample
 *   reserves its share before it starts (eval-budget.ts), so samples in flight cannot pass the
 *   request budget together; cost is estimated from the costliest sample so far.
 * - Samples finish in any order; the scorecard lists them in the dataset's.
 */

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

export type { StopKind };

export interface EvaluationResult {
  scorecard: Scorecard;
  /** Why the run stopped before the end, when it did: a budget, or an endpoint that cannot serve. */
  stopKind: StopKind | null;
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
  const attemptsPerCall = options.profile.profile.retry.maxAttempts;
  // The extractive analyzer sends nothing, so there is nothing to budget.
  const budget = deterministic
    ? null
    : createEvalBudget({ maxRequests: options.maxRequests, maxCostUsd: options.maxCostUsd, requestsPerSample: options.repeats * attemptsPerCall, attemptsPerCall });

  const started = clock();
  // Per-sample evidence notes (a repository not recorded, no release notes) land in each
  // result; logging them for every sample and repeat would bury the progress lines.
  const ahead = prepareAhead(bumps, PREPARED_AHEAD, (bump, signal) => prepareLabelledBump(bump, { registry, registryUrl: NPM_REGISTRY_URL, github, logger: silentLogger }, signal));
  let schedule: ScheduleResult;
  try {
    schedule = await scheduleSamples({
      bumps,
      width: runtime.descriptor.concurrency,
      budget,
      datasetSource: dataset.source,
      take: (index) => ahead.take(index),
      runOne: (index, prepared, runStopped) =>
        runSample({ bump: bumps[index]!, prepared, runtime, runId, repeats: options.repeats, deterministic, enforceCost: budget !== null && options.maxCostUsd !== null, runStopped }),
      onSettled: (done) => {
        const elapsedMs = clock() - started;
        options.onProgress?.({ done, total: bumps.length, elapsedMs, etaMs: (elapsedMs / done) * (bumps.length - done) });
      },
    });
  } finally {
    // Samples prepared ahead that the run stopped before: their reads end here, not after it returns.
    await ahead.stop();
  }
  const { outcomes, stoppedEarly, stopKind, failedClosed } = schedule;
  const scored = outcomes.flatMap((outcome) => (outcome.scored === null ? [] : [outcome.scored]));
  const excluded = outcomes.flatMap((outcome) => (outcome.excluded === null ? [] : [outcome.excluded]));
  // Calls made for samples that are not scored (excluded, cut short) are paid for too.
  const unscoredAttempts = outcomes.flatMap((outcome) => (outcome.scored === null ? outcome.attempts : []));

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
    unscoredAttempts,
    stoppedEarly,
    failedClosed,
    thresholds: options.thresholds,
  });
  return { scorecard, stopKind };
}
