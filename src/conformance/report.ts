import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import { describeOrigin } from '../shared/bounded-http.js';
import { compareCapabilities, decideVerdict, missingDeclaredCapabilities } from './capabilities.js';
import { buildConclusions, recommendProjection } from './conclusions.js';
import type { ProbeRun } from './probes.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { CONFORMANCE_SUITE_VERSION, type CapabilityComparison, type ConformanceDocument, type ConformanceExecution, type ConformanceVerdict, type QualificationRecord } from './types.js';

/**
 * Probe results → the conformance document (conformance.json). Pure: the clock is a
 * parameter. The document holds digests, statuses and sanitized one-line diagnostics only;
 * the endpoint is reduced to its origin, so a path carrying a tenant or key never lands here.
 */

export const CONFORMANCE_REPORT_VERSION = '1';

/**
 * Whether the run fails, and why, in one sentence: the same rule for conformance.json, the
 * report, the CLI's exit code and the action's step status, so none can disagree.
 */
function decideFailure(execution: ConformanceExecution, nonConformantReason: string | null, capabilities: readonly CapabilityComparison[]): string | null {
  if (execution.status === 'NOT_EXECUTED') return `conformance was not executed: ${execution.cause ?? 'the endpoint could not be reached'}`;
  const reasons: string[] = [];
  if (nonConformantReason !== null) reasons.push(nonConformantReason);
  const missing = missingDeclaredCapabilities(capabilities);
  if (missing.length > 0) reasons.push(`a capability the profile declares was not observed (${missing.join(', ')})`);
  return reasons.length === 0 ? null : sanitizeMessage(reasons.join('; '), 600);
}

export function buildConformanceDocument(loaded: LoadedProfile, run: ProbeRun, generatedAt: Date): ConformanceDocument {
  const profile = loaded.profile;
  const capabilities = compareCapabilities(profile, run.results);
  const execution: ConformanceExecution = run.unreachable === null ? { status: 'EXECUTED', cause: null } : { status: 'NOT_EXECUTED', cause: run.unreachable.cause };
  // A suite that never reached the endpoint observed nothing: neither conformant nor not.
  const decision: { verdict: ConformanceVerdict; reason: string | null } =
    execution.status === 'NOT_EXECUTED' ? { verdict: 'INCONCLUSIVE', reason: null } : decideVerdict(profile, run.results, capabilities);
  const verdict = decision.verdict;
  const failure = decideFailure(execution, decision.reason, capabilities);
  const costs = run.results.map((result) => result.observations.costUsd).filter((cost): cost is number => typeof cost === 'number');
  const date = generatedAt.toISOString();
  const qualification: QualificationRecord = {
    suiteVersion: CONFORMANCE_SUITE_VERSION,
    profileId: profile.id,
    profileDigest: loaded.digest,
    schemaDigest: CANDIDATE_SCHEMA_DIGEST,
    promptVersion: PROMPT_VERSION,
    date,
    verdict,
    declaredCapabilitiesObserved: missingDeclaredCapabilities(capabilities).length === 0,
  };
  const projection = profile.structuredOutput.projection;
  return {
    reportVersion: CONFORMANCE_REPORT_VERSION,
    generatedAt: date,
    configuration: {
      profileId: profile.id,
      profileDigest: loaded.digest,
      adapter: profile.adapter,
      endpointOrigin: profile.endpoint === undefined ? '(none)' : describeOrigin(profile.endpoint),
      model: profile.model,
      mode: profile.mode,
      structuredOutputMode: profile.structuredOutput.mode,
      strict: profile.structuredOutput.strict,
      projection: projection === undefined ? null : { name: projection.name, dropKeywords: [...projection.dropKeywords] },
      gateway: profile.routing.gateway,
    },
    execution,
    verdict,
    failed: failure !== null,
    failure,
    capabilities,
    probes: run.results,
    conclusions: buildConclusions(profile, run.results),
    recommendedProjection: recommendProjection(profile, run.results),
    requests: {
      used: run.requestsUsed,
      budget: run.maxRequests,
      // Retries are disabled for probes (maxAttempts 1), so every request is a first attempt.
      retries: run.results.reduce((sum, result) => sum + Math.max(0, result.requests - 1), 0),
      fallbacks: 0,
      reportedCostUsd: costs.length === 0 ? null : Number(costs.reduce((sum, cost) => sum + cost, 0).toFixed(8)),
    },
    qualification,
  };
}
