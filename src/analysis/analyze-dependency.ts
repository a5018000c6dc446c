import type { Bump } from '../bumps/types.js';
import { TEXT_ADDRESSED_TO_ANALYZER } from '../evidence/analyzer-directed-text.js';
import type { DependencyContext } from '../context/types.js';
import {
  RUNTIME_CONTRACT_VERSION,
  RuntimeError,
  type RuntimeCallOutcome,
  type RuntimeRequest,
  type RuntimeSuccess,
  type StructuredOutputMode,
  type StructuredRuntime,
} from '../runtime/contract.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { ANALYSIS_TASK, CANDIDATE_SCHEMA, CANDIDATE_SCHEMA_DIGEST, CANDIDATE_SCHEMA_NAME, PROMPT_VERSION } from './candidate-schema.js';
import { CandidateOutputError, parseCandidate } from './parse-candidate.js';
import { buildPrompts } from './prompt.js';
import { applyRiskFloor, decideReview, riskFloorOf, type ResultErrorCode } from './review-policy.js';
import { applyTrust } from './trust.js';
import type { AnalysisResult, EvidenceReference, RegistrySignals, TrustedFinding, TrustIssue } from './types.js';
import { apiSurfaceChecks } from '../evidence/usage-evidence.js';
import { apiNamesInText } from '../usage/api-names.js';
import { describeUsage, REQUIRE_CHECK, type NameCheck } from '../usage/describe-usage.js';
import type { UsageReport, UsageScanOutcome } from '../usage/types.js';

/**
 * One dependency through the AI Core, in the mandatory order: prompts → runtime success
 * envelope → complete text → safe parse → exact schema → trust → review → result.
 * A problem with this one dependency becomes a failed result, never an exception, so the
 * other dependencies' results survive. A failed result carries a stable code and a sanitized
 * message, never text the model produced.
 */

export const EXTRACTIVE_LIMITATION = 'Extractive analysis: deterministic rules over release text; no model read the evidence.';
const MODEL_LIMITATION = 'Model analysis: every claim must cite evidence and is filtered against it, but whether the evidence fully supports a claim is not verified.';
const UNVERIFIED_IDENTITY_LIMITATION = 'The model that answered was not verified against the profile (development mode).';
const NO_RELEASE_TEXT_LIMITATION = 'No release notes or changelog were found for this range; only registry facts were available.';
const PARTIAL_LIMITATION = 'Some release information could not be found; see missing information.';
/** Limitations that state facts about the evidence, not about the analyzer or its output. */
export const EVIDENCE_LIMITATIONS: ReadonlySet<string> = new Set([NO_RELEASE_TEXT_LIMITATION, PARTIAL_LIMITATION]);

export interface AnalyzeDependencyInput {
  context: DependencyContext;
  runtime: StructuredRuntime;
  runId: string;
  knownVersions: ReadonlySet<string>;
  registrySignals: RegistrySignals | null;
  /** Structured-output mode the profile declares; jsonSchema unless a weaker profile is configured. */
  schemaMode?: StructuredOutputMode;
  /**
   * The repository scan of this run (or why there is none). Undefined: the caller scans nothing
   * and the result carries no usage report.
   */
  usage?: UsageScanOutcome | null;
  signal?: AbortSignal;
}

export interface AnalyzeDependencyOutput {
  result: AnalysisResult;
  call: RuntimeCallOutcome;
}

import { resultIdOf } from './types.js';

export { resultIdOf };

function evidenceReferences(context: DependencyContext): EvidenceReference[] {
  const selected = new Set(context.metadata.selectedEvidenceIds);
  return context.knowledge.evidence
    .filter((item) => selected.has(item.id))
    .map((item) => ({
      id: item.id,
      kind: item.kind,
      sourceId: item.sourceId,
      title: item.title,
      sourceUrl: item.sourceUrl,
      releaseVersions: [...item.releaseVersions],
      contentDigest: item.contentDigest,
    }));
}

function baseResult(context: DependencyContext, registrySignals: RegistrySignals | null): Omit<AnalysisResult, 'status' | 'summary' | 'summaryEvidenceRefs' | 'riskLevel' | 'riskEvidenceRefs' | 'findings' | 'evidenceCoverage' | 'validation' | 'humanReviewReasons' | 'nextAction' | 'error' | 'limitations'> {
  return {
    id: resultIdOf(context.dependency.name, context.versions.from, context.versions.to, context.dependency.ecosystem),
    contextId: context.contextId,
    dependency: {
      ecosystem: context.dependency.ecosystem,
      name: context.dependency.name,
      dependencyTypes: [...context.dependency.dependencyTypes],
      manifests: [...context.dependency.manifests],
    },
    versions: {
      from: context.versions.from,
      to: context.versions.to,
      direction: context.versions.direction,
      semverClass: context.versions.semverClass,
      inRange: [...context.versions.inRange],
    },
    evidence: evidenceReferences(context),
    missingInformation: context.metadata.missingInformation.map((entry) => ({ ...entry })),
    registrySignals,
  };
}

function failureSummary(code: ResultErrorCode): string {
  return `Analysis failed (${code}); no analysis text is shown. Registry facts and evidence are listed as collected.`;
}

type ResultSubject = Pick<AnalyzeDependencyInput, 'context' | 'registrySignals' | 'usage'>;

/**
 * The names a usage report checks: those the trusted breaking-change findings name in code
 * spans (`app.del`), and the exports the API-surface diff lists as removed.
 */
function usageChecks(context: DependencyContext, findings: readonly TrustedFinding[]): NameCheck[] {
  const evidenceById = new Map(context.knowledge.evidence.map((item) => [item.id, item]));
  const citedFacts = (finding: TrustedFinding) => finding.evidenceRefs.map((ref) => evidenceById.get(ref)).filter((item) => item?.kind === 'registryFact');
  const breaking = findings.filter((finding) => finding.kind === 'breakingChange');
  // Names come from release text only: a registry-fact finding is our own sentence, and its
  // code spans (`require`, `exports`) name no API of the package.
  const fromFindings = breaking
    .filter((finding) => citedFacts(finding).length === 0)
    .flatMap((finding) => apiNamesInText(finding.summary).map((name) => ({ ...name, origin: finding.id })));
  const esmOnly = breaking.filter((finding) => citedFacts(finding).some((item) => item?.locator === 'fact/module-format'));
  const requireChecks: NameCheck[] = esmOnly.map((finding) => ({ name: REQUIRE_CHECK, change: 'removed', origin: finding.id }));
  const selected = new Set(context.metadata.selectedEvidenceIds);
  return [...fromFindings, ...requireChecks, ...apiSurfaceChecks(context.knowledge.evidence.filter((item) => selected.has(item.id)), context.dependency.name)];
}

/** The usage report of a result, or nothing when the caller gave no scan outcome. */
function usageOf(subject: ResultSubject, findings: readonly TrustedFinding[]): { usage?: UsageReport } {
  if (subject.usage === undefined) return {};
  return { usage: describeUsage(subject.usage, subject.context.dependency.name, usageChecks(subject.context, findings)) };
}

function failedResult(input: ResultSubject, code: ResultErrorCode, message: string, schemaValid: boolean | null): AnalysisResult {
  const usage = usageOf(input, []);
  const review = decideReview({
    ...usage,
    status: 'failed',
    context: input.context,
    direction: input.context.versions.direction,
    riskLevel: 'unknown',
    trustIssues: [],
    registrySignals: input.registrySignals,
    errorCode: code,
  });
  return {
    ...baseResult(input.context, input.registrySignals),
    status: 'failed',
    summary: failureSummary(code),
    summaryEvidenceRefs: [],
    riskLevel: 'unknown',
    riskEvidenceRefs: [],
    findings: [],
    evidenceCoverage: review.evidenceCoverage,
    validation: { schemaValid, trustIssues: [] },
    humanReviewReasons: review.humanReviewReasons,
    nextAction: review.nextAction,
    error: { code, message: sanitizeMessage(message) },
    limitations: [],
    ...usage,
  };
}

/**
 * A dependency that was never sent to the runtime because the run was cancelled (for example,
 * an earlier call failed closed). Only deterministic facts; the message says why.
 */
export function cancelledResult(subject: ResultSubject, message: string, code: 'CANCELLED' | 'TIMEOUT' = 'CANCELLED'): AnalysisResult {
  return failedResult(subject, code, message, null);
}

/** Fixed text for an unexpected failure after the runtime answered: the exception may quote model output. */
const UNEXPECTED_FAILURE_MESSAGE = 'validating the runtime answer failed unexpectedly; no analysis text is shown';

/**
 * The last resort for a dependency whose analysis threw unexpectedly: a failed result with a
 * fixed message, so the other dependencies' results survive.
 */
export function unexpectedFailureResult(subject: ResultSubject): AnalysisResult {
  return failedResult(subject, 'UNKNOWN', UNEXPECTED_FAILURE_MESSAGE, null);
}

function cancellationMessage(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  return reason instanceof RuntimeError && (reason.code === 'CANCELLED' || reason.code === 'TIMEOUT') ? reason.message : 'the run was cancelled before this dependency was analysed';
}

/** The success envelope must be complete before its text is trusted to be a whole answer. */
function envelopeProblem(success: RuntimeSuccess): RuntimeError | null {
  if (success === null || typeof success !== 'object' || typeof success.outputText !== 'string') {
    return new RuntimeError('INVALID_RESPONSE', 'runtime returned a success envelope without output text');
  }
  if (success.contractVersion !== RUNTIME_CONTRACT_VERSION) {
    return new RuntimeError('INVALID_RESPONSE', `runtime returned contract version ${String(success.contractVersion).slice(0, 16)}; expected ${RUNTIME_CONTRACT_VERSION}`);
  }
  if (success.finishReason === 'length') return new RuntimeError('OUTPUT_TRUNCATED', 'runtime output ended before completion (finish reason length)');
  if (success.finishReason !== 'stop') return new RuntimeError('INVALID_RESPONSE', `runtime output finished with "${String(success.finishReason).slice(0, 32)}", not "stop"`);
  return null;
}

/** Said in our words: the release text itself is never repeated. */
const ANALYZER_DIRECTED_TEXT_LIMITATION =
  '⚠️ the release text contains lines addressed to automated reviewers (instructions, not changes); they were ignored, and their presence is a supply-chain signal worth a look';

function limitationsFor(input: AnalyzeDependencyInput, success: RuntimeSuccess, coverage: AnalysisResult['evidenceCoverage']): string[] {
  const limitations = [input.runtime.descriptor.deterministic ? EXTRACTIVE_LIMITATION : MODEL_LIMITATION];
  if (!input.runtime.descriptor.deterministic && !success.identityVerified) limitations.push(UNVERIFIED_IDENTITY_LIMITATION);
  if (coverage === 'none') limitations.push(NO_RELEASE_TEXT_LIMITATION);
  if (coverage === 'partial') limitations.push(PARTIAL_LIMITATION);
  if (input.context.metadata.warnings.some((warning) => warning.code === TEXT_ADDRESSED_TO_ANALYZER)) limitations.push(ANALYZER_DIRECTED_TEXT_LIMITATION);
  return limitations;
}

export async function analyzeDependency(input: AnalyzeDependencyInput): Promise<AnalyzeDependencyOutput> {
  const schemaMode = input.schemaMode ?? 'jsonSchema';
  const call: RuntimeCallOutcome = {
    runId: input.runId,
    contextId: input.context.contextId,
    task: ANALYSIS_TASK,
    promptVersion: PROMPT_VERSION,
    schemaDigest: CANDIDATE_SCHEMA_DIGEST,
    schemaMode,
    descriptor: input.runtime.descriptor,
    success: null,
    error: null,
    failureTelemetry: null,
  };
  const recordError = (error: RuntimeError): void => {
    call.error = { code: error.code, message: sanitizeMessage(error.message), retryable: error.retryable, status: error.status };
    call.failureTelemetry = error.telemetry;
  };

  let prompts: { systemPrompt: string; userPrompt: string };
  try {
    prompts = buildPrompts(input.context);
  } catch (error) {
    // Not a runtime call: nothing was sent. The context itself is unusable.
    return { result: failedResult(input, 'CONTEXT_FAILED', error instanceof Error ? error.message : String(error), null), call };
  }

  // A cancelled run sends nothing more; the runtime would reject anyway, but never ask it.
  if (input.signal?.aborted) {
    const message = cancellationMessage(input.signal);
    recordError(new RuntimeError('CANCELLED', message));
    return { result: cancelledResult(input, message), call };
  }

  const request: RuntimeRequest = {
    contractVersion: RUNTIME_CONTRACT_VERSION,
    runId: input.runId,
    contextId: input.context.contextId,
    task: ANALYSIS_TASK,
    promptVersion: PROMPT_VERSION,
    systemPrompt: prompts.systemPrompt,
    userPrompt: prompts.userPrompt,
    structuredOutput: { mode: schemaMode, name: CANDIDATE_SCHEMA_NAME, schema: CANDIDATE_SCHEMA, schemaDigest: CANDIDATE_SCHEMA_DIGEST, allowWeaker: false },
    budget: {},
    // Names the bump in the runtime's log lines (retries, failures); never sent to a provider.
    correlation: { dependency: `${input.context.dependency.name} ${input.context.versions.from} → ${input.context.versions.to}` },
    signal: input.signal,
  };

  let success: RuntimeSuccess;
  try {
    success = await input.runtime.generateStructured(request);
  } catch (error) {
    // The contract says runtimes only reject with RuntimeError; anything else is a runtime bug,
    // recorded as UNKNOWN so this dependency fails and the others go on.
    const runtimeError = error instanceof RuntimeError ? error : new RuntimeError('UNKNOWN', `runtime failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
    recordError(runtimeError);
    return { result: failedResult(input, runtimeError.code, runtimeError.message, null), call };
  }
  call.success = success;

  const problem = envelopeProblem(success);
  if (problem !== null) {
    recordError(problem);
    return { result: failedResult(input, problem.code, problem.message, null), call };
  }

  let candidate;
  try {
    candidate = parseCandidate(success.outputText);
  } catch (error) {
    if (error instanceof CandidateOutputError) return { result: failedResult(input, error.code, error.message, false), call };
    return { result: failedResult(input, 'OUTPUT_JSON_INVALID', 'candidate output could not be parsed', false), call };
  }

  // Trust, review and limitations run on model output; an unexpected exception there fails this
  // dependency only (with a fixed message: the exception may quote the output), never the run.
  try {
    const { trusted: candidateTrusted, issues } = applyTrust(candidate, input.context, { knownVersions: input.knownVersions });
    const trustIssues: TrustIssue[] = issues;
    // Deterministic facts set a floor no analyzer can argue below (runtime change, pin mismatch).
    const trusted = applyRiskFloor(candidateTrusted, riskFloorOf(input.context, input.registrySignals));
    const usage = usageOf(input, trusted.findings);
    const review = decideReview({
      ...usage,
      status: 'analyzed',
      context: input.context,
      direction: input.context.versions.direction,
      riskLevel: trusted.riskLevel,
      trustIssues,
      registrySignals: input.registrySignals,
    });
    return {
      result: {
        ...baseResult(input.context, input.registrySignals),
        status: 'analyzed',
        summary: trusted.summary,
        summaryEvidenceRefs: trusted.summaryEvidenceRefs,
        riskLevel: trusted.riskLevel,
        riskEvidenceRefs: trusted.riskEvidenceRefs,
        findings: trusted.findings,
        evidenceCoverage: review.evidenceCoverage,
        validation: { schemaValid: true, trustIssues },
        humanReviewReasons: review.humanReviewReasons,
        nextAction: review.nextAction,
        error: null,
        limitations: limitationsFor(input, success, review.evidenceCoverage),
        ...usage,
      },
      call,
    };
  } catch {
    return { result: failedResult(input, 'UNKNOWN', UNEXPECTED_FAILURE_MESSAGE, true), call };
  }
}

/** A dependency whose context could not be built: listed as failed so it is never silently missing. */
export function contextFailedResult(bump: Bump, code: 'CONTEXT_FAILED' | 'CANCELLED' | 'TIMEOUT', message: string): AnalysisResult {
  const review = decideReview({
    status: 'failed',
    context: null,
    direction: bump.direction,
    riskLevel: 'unknown',
    trustIssues: [],
    registrySignals: null,
    errorCode: code,
  });
  return {
    id: resultIdOf(bump.name, bump.from, bump.to, bump.ecosystem),
    status: 'failed',
    contextId: null,
    dependency: { ecosystem: bump.ecosystem, name: bump.name, dependencyTypes: [...bump.dependencyTypes], manifests: [...bump.manifests] },
    versions: { from: bump.from ?? '', to: bump.to ?? '', direction: bump.direction, semverClass: bump.semverClass, inRange: [] },
    summary: failureSummary(code),
    summaryEvidenceRefs: [],
    riskLevel: 'unknown',
    riskEvidenceRefs: [],
    findings: [],
    evidence: [],
    evidenceCoverage: review.evidenceCoverage,
    missingInformation: [],
    registrySignals: null,
    validation: { schemaValid: null, trustIssues: [] },
    humanReviewReasons: review.humanReviewReasons,
    nextAction: review.nextAction,
    error: { code, message: sanitizeMessage(message) },
    limitations: [],
  };
}
