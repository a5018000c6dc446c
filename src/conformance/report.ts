import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import { describeOrigin } from '../shared/bounded-http.js';
import { compareCapabilities, decideVerdict, declaredCapabilityMissing } from './capabilities.js';
import { buildConclusions, recommendProjection } from './conclusions.js';
import type { ProbeRun } from './probes.js';
import { CONFORMANCE_SUITE_VERSION, type ConformanceDocument, type QualificationRecord } from './types.js';

/**
 * Probe results → the conformance document (conformance.json). Pure: the clock is a
 * parameter. The document holds digests, statuses and sanitized one-line diagnostics only;
 * the endpoint is reduced to its origin, so a path carrying a tenant or key never lands here.
 */

export const CONFORMANCE_REPORT_VERSION = '1';

export function buildConformanceDocument(loaded: LoadedProfile, run: ProbeRun, generatedAt: Date): ConformanceDocument {
  const profile = loaded.profile;
  const capabilities = compareCapabilities(profile, run.results);
  const verdict = decideVerdict(profile, run.results, capabilities);
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
    declaredCapabilitiesObserved: !declaredCapabilityMissing(capabilities),
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
    verdict,
    failed: declaredCapabilityMissing(capabilities),
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
