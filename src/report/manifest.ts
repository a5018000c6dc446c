import { canonicalJson } from '../shared/canonical-json.js';
import { join } from 'node:path';
import type { Bump, DetectionWarning } from '../bumps/types.js';
import type { AnalysisResult, RiskLevel, ResultStatus } from '../analysis/types.js';
import type { FailClosed, RunOutcome, Verdict } from './run-outcome.js';
import { writeFileAtomic } from '../shared/atomic-write.js';
import { redact } from '../shared/redaction.js';
import { mapStringsDeep, stableJson } from './canonical-order.js';
import { projectBump, projectResult, projectWarning } from './manifest-projection.js';
import { MANIFEST_SCHEMA_VERSION, VERSION_ANALYSIS_SCHEMA } from './manifest-schema.js';
import { ReportValidationError } from './report-error.js';
import { compileSchema, describeSchemaErrors } from './schema-validator.js';
import { computeVerdict, maxRisk, type MaxRisk } from './verdict.js';

export const MANIFEST_FILE_NAME = 'version-analysis.json';
export { MANIFEST_SCHEMA_VERSION } from './manifest-schema.js';

/**
 * The portable manifest (`version-analysis.json`): identity and trusted semantics only.
 * No timings, usage, cost or attempts: those belong to the trace, so the manifest of the same
 * inputs is the same file whichever machine, gateway or retry produced it.
 */
export interface VersionAnalysisManifest {
  schemaVersion: typeof MANIFEST_SCHEMA_VERSION;
  generatedAt: string;
  generator: { name: 'depverdict'; version: string };
  source: RunOutcome['source'];
  runtime: { profileId: string; profileDigest: string; adapter: string; deterministic: boolean; requestedModel: string | null };
  /** The prompt version the runtime calls used; null when no call was made. */
  promptVersion: string | null;
  summary: ManifestSummary;
  /** Every detected change (added, removed, transitive included), for the record. */
  bumps: Bump[];
  detectionWarnings: DetectionWarning[];
  /** Sorted and unique by id. */
  results: AnalysisResult[];
  failClosed: Pick<FailClosed, 'code' | 'message'> | null;
}

export interface ManifestSummary {
  verdict: Verdict;
  maxRisk: MaxRisk;
  /** Detected changes of any kind (the length of `bumps`). */
  dependencyCount: number;
  resultCount: number;
  statusCounts: Record<ResultStatus, number>;
  riskCounts: Record<RiskLevel, number>;
  requiresHumanReview: number;
}

function compareText(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Counts derived from results; used both to build the summary and to check it. */
export function summarise(
  results: readonly AnalysisResult[],
  failClosed: FailClosed | null,
  dependencyCount: number,
  detectionWarnings: readonly DetectionWarning[] = [],
): ManifestSummary {
  const statusCounts: Record<ResultStatus, number> = { analyzed: 0, failed: 0, skipped: 0 };
  const riskCounts: Record<RiskLevel, number> = { low: 0, medium: 0, high: 0, unknown: 0 };
  for (const result of results) {
    statusCounts[result.status] += 1;
    riskCounts[result.riskLevel] += 1;
  }
  return {
    verdict: computeVerdict(results, failClosed, detectionWarnings),
    maxRisk: maxRisk(results),
    dependencyCount,
    resultCount: results.length,
    statusCounts,
    riskCounts,
    requiresHumanReview: results.filter((result) => result.status === 'failed' || result.humanReviewReasons.length > 0).length,
  };
}

/** The single prompt version of the run's calls, or null; several would mean a mixed run (first in sort order is kept). */
function promptVersionOf(outcome: RunOutcome): string | null {
  const versions = [...new Set(outcome.calls.map((call) => call.promptVersion))].sort(compareText);
  return versions[0] ?? null;
}

/**
 * Builds the manifest from a run. Pure: the only clock value is outcome.generatedAt.
 * The verdict is recomputed from the results (the same policy the pipeline uses) so the
 * summary can never disagree with the results it summarises. Every string passes through
 * redact() as a last line of defence against a secret echoed into an error message.
 */
export function buildManifest(outcome: RunOutcome): VersionAnalysisManifest {
  const results = outcome.results.map(projectResult).sort((left, right) => compareText(left.id, right.id));
  const manifest: VersionAnalysisManifest = {
    schemaVersion: MANIFEST_SCHEMA_VERSION,
    generatedAt: outcome.generatedAt,
    generator: { name: outcome.tool.name, version: outcome.tool.version },
    source: {
      repository: outcome.source.repository,
      pullRequest: outcome.source.pullRequest,
      baseRef: outcome.source.baseRef,
      headRef: outcome.source.headRef,
      headSha: outcome.source.headSha,
    },
    runtime: {
      profileId: outcome.runtime.profileId,
      profileDigest: outcome.runtime.profileDigest,
      adapter: outcome.runtime.adapter,
      deterministic: outcome.runtime.deterministic,
      requestedModel: outcome.runtime.requestedIdentity.model,
    },
    promptVersion: promptVersionOf(outcome),
    summary: summarise(results, outcome.failClosed, outcome.bumps.length, outcome.detectionWarnings),
    bumps: outcome.bumps.map(projectBump),
    detectionWarnings: outcome.detectionWarnings.map(projectWarning),
    results,
    failClosed: outcome.failClosed ? { code: outcome.failClosed.code, message: outcome.failClosed.message } : null,
  };
  return mapStringsDeep(manifest, redact);
}

let compiledValidator: ReturnType<typeof compileSchema> | null = null;

/** Problems found by the published schema and by the invariants a schema cannot express; empty when valid. */
export function checkManifest(manifest: unknown): string[] {
  compiledValidator ??= compileSchema(VERSION_ANALYSIS_SCHEMA);
  if (!compiledValidator(manifest)) return describeSchemaErrors(compiledValidator.errors);
  return checkInvariants(manifest as VersionAnalysisManifest);
}

function checkInvariants(manifest: VersionAnalysisManifest): string[] {
  const problems: string[] = [];
  manifest.results.forEach((result, index) => {
    const path = `/results/${index}`;
    const previous = manifest.results[index - 1];
    if (previous && compareText(previous.id, result.id) >= 0) {
      problems.push(`${path}/id: results must be sorted and unique by id ("${previous.id}" then "${result.id}")`);
    }
    const known = new Set(result.evidence.map((item) => item.id));
    if (known.size !== result.evidence.length) problems.push(`${path}/evidence: evidence ids must be unique`);
    const check = (refs: readonly string[], where: string): void => {
      for (const ref of refs) if (!known.has(ref)) problems.push(`${path}/${where}: reference ${ref} is not in this result's evidence`);
    };
    check(result.summaryEvidenceRefs, 'summaryEvidenceRefs');
    check(result.riskEvidenceRefs, 'riskEvidenceRefs');
    result.findings.forEach((finding, findingIndex) => check(finding.evidenceRefs, `findings/${findingIndex}/evidenceRefs`));
    if (result.status === 'failed' && result.error === null) problems.push(`${path}/error: a failed result must say why`);
  });
  const expected = summarise(manifest.results, manifest.failClosed as FailClosed | null, manifest.bumps.length, manifest.detectionWarnings as DetectionWarning[]);
  for (const key of Object.keys(expected) as (keyof ManifestSummary)[]) {
    // Canonical form: a manifest read back from disk has its keys sorted.
    if (canonicalJson(expected[key]) !== canonicalJson(manifest.summary[key])) {
      problems.push(`/summary/${key}: ${JSON.stringify(manifest.summary[key])} does not match the results (${JSON.stringify(expected[key])})`);
    }
  }
  return problems;
}

/** Throws ReportValidationError naming every problem when the manifest is not publishable. */
export function validateManifest(manifest: unknown): asserts manifest is VersionAnalysisManifest {
  const problems = checkManifest(manifest);
  if (problems.length > 0) throw new ReportValidationError(MANIFEST_FILE_NAME, problems);
}

/** The exact bytes written: key-sorted, two-space indented, trailing newline. */
export function serialiseManifest(manifest: VersionAnalysisManifest): string {
  return stableJson(manifest);
}

/** Validates first, then writes `<directory>/version-analysis.json` atomically. Returns the path. */
export async function writeManifest(directory: string, manifest: VersionAnalysisManifest): Promise<string> {
  validateManifest(manifest);
  const path = join(directory, MANIFEST_FILE_NAME);
  await writeFileAtomic(path, serialiseManifest(manifest), 0o600);
  return path;
}
