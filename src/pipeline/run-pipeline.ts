import { detectBumps } from '../bumps/detect-bumps.js';
import type { Bump, BumpDetection, DependencyFileSource, DetectionWarning } from '../bumps/types.js';
import { isAnalysable } from '../bumps/types.js';
import { cancelledResult, contextFailedResult, EVIDENCE_LIMITATIONS, unexpectedFailureResult } from '../analysis/analyze-dependency.js';
import type { AnalysisResult } from '../analysis/types.js';
import { buildDependencyContext } from '../context/build-context.js';
import type { NpmRegistryClient } from '../ecosystems/npm/registry-client.js';
import { registrySignalsOf } from '../ecosystems/npm/registry-facts.js';
import { gatherEvidence } from '../evidence/gather-evidence.js';
import { checkLockfileIntegrity } from '../evidence/lockfile-integrity-evidence.js';
import { readLockfileIntegrity } from '../bumps/lockfile-integrity.js';
import type { GitHubClient } from '../github/client.js';
import { computeVerdict } from '../report/verdict.js';
import type { RuntimeCallOutcome, RuntimeDescriptor, StructuredRuntime } from '../runtime/contract.js';
import { FAIL_CLOSED_CODES, RuntimeError } from '../runtime/contract.js';
import { mapWithConcurrency } from '../shared/concurrency.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import type { AllowanceClaim } from '../evidence/repository-changelog.js';
import { createTokenlessAllowance, type TokenlessAllowance } from './tokenless-budget.js';
import type { FailClosed, RunOutcome } from '../report/run-outcome.js';
import { prepareActionContext } from './prepare-action-context.js';
import { cancelledFailClosed, stopReasonOf, untilStopped } from './run-stop.js';
import { usageEvidence } from '../evidence/usage-evidence.js';
import { describeUsage } from '../usage/describe-usage.js';
import { scanForBumps } from '../usage/scan-for-bumps.js';
import type { UsageScanOutcome, UsageSource } from '../usage/types.js';
import type { PhaseClock } from '../shared/phase-clock.js';
import { analyzeReusing, type AnswerStore } from './answer-reuse.js';
import { readOnce, timedRegistry, timeGitHubReads } from './phase-instruments.js';

export interface PipelineInput {
  fileSource: DependencyFileSource;
  registry: NpmRegistryClient;
  registryUrl: string;
  github: GitHubClient | null;
  /** Tokenless client for public repository changelogs when `github` is null (CLI only). */
  publicGitHub?: GitHubClient | null;
  /** Why `github` is null when the reason is not a missing token (CLI `--no-github`, the sample). */
  githubOffReason?: string;
  runtime: StructuredRuntime;
  logger: Logger;
  runId: string;
  now: () => Date;
  toolVersion: string;
  source: RunOutcome['source'];
  prText?: { title?: string; body?: string; commitMessages?: string[] };
  /** Dependencies whose evidence is gathered at once (registry concurrency is bounded separately). */
  evidenceConcurrency?: number;
  /**
   * The run's stop (cancellation or whole-run deadline; see run-stop.ts). Work not finished
   * when it aborts ends as a failed result with the reason's code, CANCELLED or TIMEOUT.
   */
  signal?: AbortSignal;
  /** The repository at the head for the usage scan, or why it cannot be scanned; undefined: no scan. */
  usageSource?: UsageSource;
  /** Answers of earlier runs to reuse (the CLI's cache directory, the action's Actions cache); absent: all fresh. */
  answers?: AnswerStore | null;
  /** Measures each phase for the trace; absent: nothing is measured. */
  phases?: PhaseClock;
}

/**
 * The whole analysis of one change: detect bumps, gather evidence, build contexts, ask the
 * runtime, validate and trust-filter. Every dependency ends with a result; a failure of one
 * never loses the others'. A fail-closed runtime error (identity, routing, configuration)
 * withholds every verdict of the run, because the route that answered cannot be trusted; the
 * first such error also stops the run from sending anything more to that route: dependencies
 * not yet started are cancelled and calls in flight are aborted.
 */
export async function runPipeline(input: PipelineInput): Promise<RunOutcome> {
  const { detection, prepared } = await prepareContexts(input);
  if (input.signal?.aborted) input.logger.warning(`${stopReasonOf(input.signal).message}; publishing what finished.`);
  const endAnalysis = input.phases?.begin('analysis');
  const failFast = new AbortController();
  const signal = input.signal ? AbortSignal.any([input.signal, failFast.signal]) : failFast.signal;
  const analysed = await mapWithConcurrency(prepared, input.runtime.descriptor.concurrency, async (item): Promise<{ result: AnalysisResult; call: RuntimeCallOutcome | null; save?: (() => Promise<void>) | null }> => {
    if ('failed' in item) return { result: item.failed, call: null };
    // Not started: no request is sent, so there is no call to record.
    if (signal.aborted) return { result: cancelledResult({ context: item.context, registrySignals: item.signals, usage: item.usage }, cancellationMessage(signal), stopCodeOf(signal)), call: null };
    let output: Awaited<ReturnType<typeof analyzeReusing>>;
    try {
      output = await analyzeReusing(input.answers ?? null, { toolVersion: input.toolVersion, now: input.now }, {
        context: item.context,
        runtime: input.runtime,
        schemaMode: input.runtime.descriptor.structuredOutputMode,
        runId: input.runId,
        knownVersions: item.knownVersions,
        registrySignals: item.signals,
        usage: item.usage,
        signal,
      });
    } catch {
      // analyzeDependency turns every expected problem into a failed result; this is the last
      // resort so one dependency's bug never loses the others' results.
      return { result: unexpectedFailureResult({ context: item.context, registrySignals: item.signals, usage: item.usage }), call: null };
    }
    const code = output.call.error?.code;
    if (code !== undefined && FAIL_CLOSED_CODES.has(code) && !failFast.signal.aborted) {
      input.logger.warning(`The runtime failed closed (${code}); no further requests are sent in this run.`);
      failFast.abort(new RuntimeError('CANCELLED', `not analysed: the run failed closed (${code}) on an earlier call, so nothing more was sent to the runtime`));
    }
    return output;
  });

  let results = analysed.map((entry) => entry.result).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const calls = analysed.map((entry) => entry.call).filter((call): call is RuntimeCallOutcome => call !== null);
  const runtimeFailClosed = findFailClosed(calls);
  if (runtimeFailClosed) results = results.map((result) => withholdResult(result, runtimeFailClosed));
  // A cancelled run keeps what finished (nothing in it is tainted) but no verdict stands.
  const failClosed = runtimeFailClosed ?? cancelledFailClosed(input.signal);
  if (failClosed && !runtimeFailClosed) input.logger.warning(failClosed.message);
  // Answers are kept for later runs only when the route that gave them was not put in doubt.
  if (!runtimeFailClosed) for (const entry of analysed) await entry.save?.();
  input.phases?.count('analysis', { requests: calls.filter((call) => !call.reuse && (call.success !== null || call.failureTelemetry !== null)).length, reused: calls.filter((call) => call.reuse).length });
  endAnalysis?.();

  return {
    runId: input.runId,
    generatedAt: input.now().toISOString(),
    tool: { name: 'depverdict', version: input.toolVersion },
    source: input.source,
    runtime: input.runtime.descriptor,
    bumps: detection.bumps,
    detectionWarnings: detection.warnings,
    results,
    calls,
    verdict: computeVerdict(results, failClosed, detection.warnings),
    failClosed,
  };
}

export type PreparationInput = Pick<
  PipelineInput,
  'fileSource' | 'registry' | 'registryUrl' | 'github' | 'publicGitHub' | 'githubOffReason' | 'logger' | 'prText' | 'evidenceConcurrency' | 'usageSource' | 'signal' | 'phases'
>;

/** At most this many transitive-only bumps are analysed when a PR changes nothing direct. */
export const MAX_TRANSITIVE_ANALYSES = 25;

/**
 * Direct upgrades and downgrades are analysed. A PR that changes only transitive versions (the
 * usual Dependabot security update of a lockfile) would otherwise get a verdict on nothing, so
 * then its transitive version changes are analysed instead, up to a bound.
 */
export function selectBumpsToAnalyse(bumps: readonly Bump[]): Bump[] {
  const direct = bumps.filter(isAnalysable);
  if (direct.length > 0) return direct;
  return bumps
    .filter((bump) => !bump.direct && (bump.direction === 'upgrade' || bump.direction === 'downgrade') && bump.from !== null && bump.to !== null && bump.semverClass !== 'unknown')
    .slice(0, MAX_TRANSITIVE_ANALYSES);
}

/** Files that could not be read: a change in them is unknown, not absent. */
const UNREADABLE_FILE_WARNINGS: ReadonlySet<DetectionWarning['code']> = new Set(['LOCKFILE_UNPARSEABLE', 'LOCKFILE_UNSUPPORTED', 'MANIFEST_UNPARSEABLE', 'FILE_TOO_LARGE', 'FILE_UNAVAILABLE', 'WORKFLOW_UNPARSEABLE']);

/**
 * The detection line of the log. "Detected 0" alone reads as "nothing changed"; when that is
 * because a dependency file could not be read, or because no file differs at all (a mistyped
 * directory), it says so.
 */
async function detectionLine(detection: BumpDetection, analysable: number, fileSource: DependencyFileSource): Promise<string> {
  if (detection.bumps.length > 0) return `Detected ${detection.bumps.length} dependency change(s); ${analysable} to analyse.`;
  const unreadable = new Set(detection.warnings.filter((warning) => UNREADABLE_FILE_WARNINGS.has(warning.code)).map((warning) => warning.subject)).size;
  if (unreadable > 0) return `Detected no dependency change, but ${unreadable} dependency file(s) could not be read (see the warnings above): changes in them are unknown.`;
  if ((await fileSource.changedPaths()).length === 0) {
    const [base, head] = [fileSource.describe('base'), fileSource.describe('head')];
    // The same directory or commit given twice compares a tree with itself (a copy-paste slip),
    // and so does a directory given once by its own name and once through a link to it.
    if (base === head) return `Detected no dependency change: the base and the head are both ${base}; give the version before the change as the base.`;
    if ((await fileSource.sameTree?.()) === true) return `Detected no dependency change: the base ${base} and the head ${head} are the same directory; give the version before the change as the base.`;
    return `Detected no dependency change: no file differs between ${base} and ${head}.`;
  }
  return 'Detected no dependency change: no package.json, lockfile or workflow dependency differs.';
}

/** Detection and evidence: everything before any analyzer is asked (the `context` command stops here). */
export async function prepareContexts(preparation: PreparationInput): Promise<{ detection: BumpDetection; prepared: PreparedContext[] }> {
  const { phases } = preparation;
  // Every file is read once per side (detection and the integrity check share the reads), and
  // the head lockfiles detection parsed are what the integrity check looks in.
  const parsedLockfiles = new Map<string, unknown>();
  const input: PreparationInput & { parsedLockfiles: ReadonlyMap<string, unknown> } = {
    ...preparation,
    fileSource: readOnce(preparation.fileSource, phases),
    registry: phases ? timedRegistry(preparation.registry, phases) : preparation.registry,
    parsedLockfiles,
  };
  // Without bumps there is nothing to mark unfinished: a stop here ends the run (the caller publishes it as failed).
  const detection = await untilStopped(
    (phases ?? untimed).track('detection', () =>
      detectBumps(input.fileSource, {
        prText: input.prText,
        onLockfileParsed: (side, path, snapshot) => {
          if (side === 'head' && snapshot.document !== undefined) parsedLockfiles.set(path, snapshot.document);
        },
      }),
    ),
    input.signal,
  );
  for (const warning of detection.warnings) {
    input.logger.warning(warning.message.includes(warning.subject) ? warning.message : `${warning.subject}: ${warning.message}`);
  }
  const analysable = selectBumpsToAnalyse(detection.bumps);
  input.logger.info(await detectionLine(detection, analysable.length, input.fileSource));
  // Tokenless GitHub reads are limited per hour, not per bump: one allowance for the run, granted
  // in result-ID order; bumps start in that order too, so a bump never waits on one not started.
  const allowance = createTokenlessAllowance(analysable);
  const inAllowanceOrder = allowance.order;
  // The usage scan runs while evidence is gathered; each bump waits for it only to add its usage.
  const npmNames = analysable.filter((bump) => bump.ecosystem === 'npm').map((bump) => bump.name);
  const usageScan = scanForBumps(input.usageSource, [...new Set(npmNames)], { logger: input.logger, signal: input.signal });
  let gathering = true;
  if (phases) for (const client of new Set([input.github, input.publicGitHub])) timeGitHubReads(client, phases, () => gathering);
  const preparedInOrder = await mapWithConcurrency(inAllowanceOrder, input.evidenceConcurrency ?? 4, (bump) => prepareContext(bump, input, allowance, usageScan));
  gathering = false;
  const preparedOf = new Map(inAllowanceOrder.map((bump, index) => [bump, preparedInOrder[index]!]));
  return { detection, prepared: analysable.map((bump) => preparedOf.get(bump)!) };
}

export type PreparedContext =
  | { context: ReturnType<typeof buildDependencyContext>; knownVersions: ReadonlySet<string>; signals: ReturnType<typeof registrySignalsOf> | null; usage?: UsageScanOutcome }
  | { failed: AnalysisResult };

/** Runs work without measuring it (no phase clock given). */
const untimed = { track: <T>(_phase: string, work: () => Promise<T>): Promise<T> => work() };

async function prepareContext(
  bump: Bump,
  input: PreparationInput & { parsedLockfiles: ReadonlyMap<string, unknown> },
  allowance: TokenlessAllowance,
  usageScan: Promise<UsageScanOutcome | undefined>,
): Promise<PreparedContext> {
  // One evidence gatherer per ecosystem, chosen here. Actions are referenced from workflows,
  // not imported by source code, so they have no usage scan.
  if (bump.ecosystem === 'github-actions') {
    if (input.signal?.aborted) return { failed: stoppedContextResult(bump, input.signal) };
    return prepareActionContext(bump, input, allowance.actionBudget(bump));
  }
  // Done on every path, or later bumps would wait for this one's GitHub reads forever.
  const claim = allowance.claimFor(bump);
  try {
    if (input.signal?.aborted) return { failed: stoppedContextResult(bump, input.signal) };
    return await prepareNpmContext(bump, input, claim, usageScan);
  } finally {
    claim.done();
  }
}

async function prepareNpmContext(
  bump: Bump,
  input: PreparationInput & { parsedLockfiles: ReadonlyMap<string, unknown> },
  claim: AllowanceClaim,
  usageScan: Promise<UsageScanOutcome | undefined>,
): Promise<PreparedContext> {
  let usage: UsageScanOutcome | undefined;
  try {
    const gathered = await untilStopped(gatherEvidence(bump, {
      registry: input.registry,
      registryUrl: input.registryUrl,
      github: input.github,
      publicGitHub: input.publicGitHub ?? null,
      publicGitHubClaim: claim,
      githubOffReason: input.githubOffReason,
      logger: input.logger,
    }), input.signal);
    const facts = gathered.facts;
    const endContext = input.phases?.begin('context');
    const integrity = checkLockfileIntegrity(bump, facts, await readLockfileIntegrity(input.fileSource, bump, input.parsedLockfiles));
    if (integrity.mismatch) input.logger.warning(`${bump.name}@${bump.to}: the lockfile's integrity differs from the registry's.`);
    usage = await usageScan;
    const treeUrl = input.usageSource !== undefined && 'treeUrl' in input.usageSource ? input.usageSource.treeUrl : null;
    const used = usageEvidence(bump, usage ?? null, gathered.evidence, treeUrl ?? '');
    const context = buildDependencyContext({
      bump,
      versionsInRange: facts?.versionsInRange ?? [],
      fromExists: Boolean(facts?.from),
      toExists: Boolean(facts?.to),
      evidence: [...gathered.evidence, ...(integrity.evidence ? [integrity.evidence] : []), ...used.evidence],
      missingInformation: [...gathered.missingInformation, ...used.missing],
      warnings: gathered.warnings,
    });
    const signals = facts ? { ...registrySignalsOf(facts), lockfileIntegrityMismatch: integrity.mismatch } : null;
    endContext?.();
    return { context, knownVersions: new Set(facts?.allVersions ?? []), signals, ...(usage === undefined ? {} : { usage }) };
  } catch (error) {
    // Requests aborted by the stop fail in many shapes; the stop's own reason is what to say.
    if (input.signal?.aborted) return { failed: stoppedContextResult(bump, input.signal) };
    const message = sanitizeMessage(error instanceof Error ? error.message : String(error));
    input.logger.warning(`${bump.name} ${bump.from} → ${bump.to}: evidence could not be gathered: ${message}`);
    // Where the repository uses the package is known even when its evidence is not.
    usage ??= await usageScan;
    const failed = contextFailedResult(bump, 'CONTEXT_FAILED', message);
    return { failed: usage === undefined ? failed : { ...failed, usage: describeUsage(usage, bump.name, []) } };
  }
}

/** The first fail-closed error in a stable order, described for a person. */
function findFailClosed(calls: RuntimeCallOutcome[]): FailClosed | null {
  const failing = calls
    .filter((call) => call.error && FAIL_CLOSED_CODES.has(call.error.code))
    .sort((a, b) => (a.contextId < b.contextId ? -1 : 1));
  const first = failing[0];
  if (!first?.error) return null;
  const telemetry = first.failureTelemetry;
  return {
    code: first.error.code,
    message: first.error.message,
    identity: {
      requestedModel: first.descriptor.requestedIdentity.model,
      requestedProvider: first.descriptor.requestedIdentity.provider,
      actualModel: telemetry?.actualIdentity?.model ?? null,
      actualProvider: telemetry?.actualIdentity?.provider ?? null,
      attempts: telemetry?.attempts ?? null,
    },
  };
}

function stoppedContextResult(bump: Bump, signal: AbortSignal): AnalysisResult {
  const reason = stopReasonOf(signal);
  return contextFailedResult(bump, reason.code === 'TIMEOUT' ? 'TIMEOUT' : 'CANCELLED', reason.message);
}

/** TIMEOUT when the run's deadline stopped it; CANCELLED for a signal or a fail-closed stop. */
function stopCodeOf(signal: AbortSignal): 'CANCELLED' | 'TIMEOUT' {
  const reason: unknown = signal.reason;
  return reason instanceof RuntimeError && reason.code === 'TIMEOUT' ? 'TIMEOUT' : 'CANCELLED';
}

function cancellationMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof RuntimeError && (reason.code === 'CANCELLED' || reason.code === 'TIMEOUT') ? reason.message : 'not analysed: the run was cancelled';
}

/**
 * Strips everything a model produced: under a fail-closed run no model text is published.
 * Kept: deterministic facts (identity, versions, evidence list, coverage, registry signals,
 * missing information). Dropped: text, risk, findings, trust issues (they quote or describe
 * the model's claims), schema validity, and every limitation but those about the evidence.
 */
export function withholdResult(result: AnalysisResult, failClosed: FailClosed): AnalysisResult {
  return {
    ...result,
    status: 'failed',
    summary: `Verdict withheld (${failClosed.code}).`,
    summaryEvidenceRefs: [],
    riskLevel: 'unknown',
    riskEvidenceRefs: [],
    findings: [],
    validation: { schemaValid: null, trustIssues: [] },
    humanReviewReasons: ['ANALYSIS_FAILED'],
    nextAction: 'fixConfiguration',
    error: result.error ?? { code: failClosed.code === 'INPUT_UNUSABLE' || failClosed.code === 'QUALIFICATION_MISSING' ? 'CONFIGURATION_ERROR' : failClosed.code, message: failClosed.message },
    limitations: result.limitations.filter((limitation) => EVIDENCE_LIMITATIONS.has(limitation)),
    // Names read from the withheld findings go too; the API-surface diff's are local facts.
    ...(result.usage === undefined ? {} : { usage: { ...result.usage, checkedNames: result.usage.checkedNames.filter((checked) => checked.origins.includes('apiSurface')).map((checked) => ({ ...checked, origins: ['apiSurface'] })) } }),
  };
}

/** A run that could not start (bad configuration, unusable input): still reported and written. */
export function failedRunOutcome(input: {
  runId: string;
  now: () => Date;
  toolVersion: string;
  source: RunOutcome['source'];
  runtime: RuntimeDescriptor;
  failClosed: FailClosed;
}): RunOutcome {
  return {
    runId: input.runId,
    generatedAt: input.now().toISOString(),
    tool: { name: 'depverdict', version: input.toolVersion },
    source: input.source,
    runtime: input.runtime,
    bumps: [],
    detectionWarnings: [],
    results: [],
    calls: [],
    verdict: 'withheld',
    failClosed: input.failClosed,
  };
}

/** Descriptor for a profile that could not be loaded, so a failed run can still be reported. */
export function unboundRuntimeDescriptor(profileName: string): RuntimeDescriptor {
  return {
    profileId: profileName,
    profileDigest: 'unbound',
    adapter: 'unknown',
    mode: 'production',
    requestedIdentity: { model: null, provider: null },
    routingPolicyDigest: null,
    gateway: 'none',
    concurrency: 1,
    deterministic: false,
  };
}
