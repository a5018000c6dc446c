import { randomUUID } from 'node:crypto';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import { createNpmRegistryClient, type NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { createSnapshotRegistryClient } from '../ecosystems/npm/snapshot-registry.js';
import type { GitHubClient } from '../github/client.js';
import type { StructuredRuntime } from '../runtime/contract.js';
import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import { silentLogger, type Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { EvaluationInputError, prepareLabelledBump, type PreparedLabelledBump } from './analyze-labelled-bump.js';
import { bumpLabel, type LabelledBump } from './dataset.js';
import { measureAgreement } from './label-agreement.js';
import { createEvalBudget, type BudgetReservation } from './eval-budget.js';
import { prepareAhead } from './prepare-ahead.js';
import type { EvaluationDataset } from './dataset-source.js';
import { createRecordedGitHubClient } from './recorded-github.js';
import { runSample, type SampleOutcome } from './run-sample.js';
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
 * - Up to the profile's `limits.concurrency` samples are asked at once (the 2,246-bump set with 2
 *   repeats is about 4,500 calls: hours, one at a time). After a sample fails because the
 *   endpoint cannot serve, one at a time again until one succeeds; the failures of samples
 *   asked together with the first count once toward "three in a row".
 * - `maxRequests` and `maxCostUsd` stop the run before a sample could spend more: each sample
 *   reserves its share before it starts (eval-budget.ts), so samples in flight cannot pass the
 *   request budget together; cost is estimated from the costliest sample so far.
 * - After any stop no sample starts and none makes another call; samples cut short between
 *   repeats are not scored. Samples finish in any order; the scorecard lists them in the dataset's.
 */

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
  // As many samples in flight as the profile allows calls at once (limits.concurrency).
  const width = Math.max(1, runtime.descriptor.concurrency);

  const outcomes = new Map<number, SampleOutcome>();
  let stoppedEarly: Scorecard['stoppedEarly'] = null;
  let stopKind: StopKind | null = null;
  let failedClosed: Scorecard['failedClosed'] = null;
  /** A sample that threw (a bug, not an answer): the run ends and rethrows it once the others settled. */
  let thrown: { error: unknown } | null = null;
  /** The error codes of the samples that count toward "three in a row", in completion order. */
  const downInARow: string[][] = [];
  /**
   * After a sample failed because the endpoint cannot serve, one sample at a time until one
   * succeeds: a rate-limited or struggling endpoint is not hammered.
   */
  let cautious = false;
  const started = clock();
  const inFlight = new Map<number, Promise<void>>();
  const stopped = (): boolean => stoppedEarly !== null || failedClosed !== null || thrown !== null;
  /** No sample starts after a stop; those in flight finish their current call and are scored when complete. */
  const stop = (kind: StopKind, reason: string): void => {
    if (stopped()) return;
    stoppedEarly = { reason };
    stopKind = kind;
  };
  const mayStart = (): boolean => !stopped() && inFlight.size < (cautious ? 1 : width);

  const record = (index: number, outcome: SampleOutcome, startedCautious: boolean): void => {
    outcomes.set(index, outcome);
    const done = outcomes.size;
    const elapsedMs = clock() - started;
    options.onProgress?.({ done, total: bumps.length, elapsedMs, etaMs: (elapsedMs / done) * (bumps.length - done) });
    // A fail-closed answer ends the run even after a budget stop: it is the graver cause.
    if (outcome.failedClosed !== null) failedClosed ??= outcome.failedClosed;
    if (outcome.costNotReported) {
      stop('budget', `--max-cost was given, but the endpoint reported no cost for ${bumpLabel(bumps[index]!)}, so the budget cannot be enforced; drop --max-cost or use --max-requests.`);
    }
    // An excluded or abandoned sample, or one whose evidence failed (no call), says nothing of
    // whether the endpoint can serve.
    if (outcome.scored === null || !outcome.asked) return;
    if (!outcome.endpointDown) {
      cautious = false;
      downInARow.length = 0;
      return;
    }
    cautious = true;
    // Samples asked together fail together (one burst of 429s): the first failure counts, and
    // after it only samples asked one at a time, so "three in a row" means three asked in turn.
    if (downInARow.length === 0 || startedCautious) downInARow.push(outcome.errorCodes);
    if (downInARow.length >= CONSECUTIVE_DOWN_LIMIT) {
      const codes = [...new Set(downInARow.slice(-CONSECUTIVE_DOWN_LIMIT).flat())].sort().join(', ');
      stop('endpoint', `the endpoint failed ${CONSECUTIVE_DOWN_LIMIT} samples in a row (${codes}) after the profile's retries; check that it is up and not rate-limiting, then run again.`);
    }
  };

  const launch = (index: number, prepared: PreparedLabelledBump, reservation: BudgetReservation | null): void => {
    const startedCautious = cautious;
    const sample = runSample({ bump: bumps[index]!, prepared, runtime, runId, repeats: options.repeats, deterministic, enforceCost: budget !== null && options.maxCostUsd !== null, runStopped: stopped }).then(
      (outcome) => {
        inFlight.delete(index);
        try {
          if (reservation !== null) budget!.settle(reservation, outcome.spent);
          record(index, outcome, startedCautious);
        } catch (error) {
          // The caller's onProgress, say: never an unhandled rejection while the loop waits elsewhere.
          thrown ??= { error };
        }
      },
      (error: unknown) => {
        // Handled here, so it is never an unhandled rejection while the loop waits elsewhere.
        inFlight.delete(index);
        thrown ??= { error };
      },
    );
    inFlight.set(index, sample);
  };

  // Per-sample evidence notes (a repository not recorded, no release notes) land in each
  // result; logging them for every sample and repeat would bury the progress lines.
  const ahead = prepareAhead(bumps, PREPARED_AHEAD, (bump, signal) => prepareLabelledBump(bump, { registry, registryUrl: NPM_REGISTRY_URL, github, logger: silentLogger }, signal));
  /** The next sample, taken from the preparations but not started yet (waiting for a slot or the budget). */
  let held: { index: number; prepared: PreparedLabelledBump } | null = null;
  let next = 0;
  try {
    for (;;) {
      if (held === null && next < bumps.length && mayStart()) {
        const index = next;
        next += 1;
        try {
          held = { index, prepared: await ahead.take(index) };
        } catch (error) {
          // Anything but a bad entry is a bug: it ends the run (samples in flight make no further
          // call) and is rethrown. A bad entry the run stopped before would never have been asked.
          if (!(error instanceof EvaluationInputError)) thrown ??= { error };
          else if (!stopped()) failedClosed = { code: 'DATASET_INVALID', message: `${sanitizeMessage(error.message)} Fix the entry in ${dataset.source} and run again.` };
        }
        // Samples in flight may have finished, or stopped the run, while this one was prepared.
        continue;
      }
      if (held !== null && mayStart()) {
        // A sample whose evidence failed makes no call, so it needs no budget.
        const reserved = budget === null || 'failed' in held.prepared ? null : budget.reserve();
        if (reserved === null || 'reserved' in reserved) {
          launch(held.index, held.prepared, reserved?.reserved ?? null);
          held = null;
          continue;
        }
        // Samples in flight may hand back what they did not use; with none, the budget is spent.
        if (inFlight.size === 0) stop('budget', reserved.refused);
      }
      if (inFlight.size === 0) break;
      await Promise.race(inFlight.values());
    }
  } finally {
    // A run that throws still lets its calls in flight settle before it returns.
    await Promise.allSettled(inFlight.values());
    // Samples prepared ahead that the run stopped before: their reads end here, not after it returns.
    await ahead.stop();
  }
  if (thrown !== null) throw (thrown as { error: unknown }).error;

  // Samples finish in any order; the scorecard lists them in the dataset's.
  const ordered = [...outcomes].sort(([a], [b]) => a - b).map(([, outcome]) => outcome);
  const scored = ordered.flatMap((outcome) => (outcome.scored === null ? [] : [outcome.scored]));
  const excluded = ordered.flatMap((outcome) => (outcome.excluded === null ? [] : [outcome.excluded]));
  const unscoredAttempts = ordered.flatMap((outcome) => (outcome.scored === null ? outcome.attempts : []));

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
