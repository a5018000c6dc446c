import type { AnalysisResult, HumanReviewReason } from '../analysis/types.js';

/**
 * Plain-language text for stable codes. Codes stay in the comment (they are what people
 * search for); the words say what the code means and what to do.
 */

/** Short phrase for the table's Review column. */
export const REVIEW_REASON_SHORT: Readonly<Record<HumanReviewReason, string>> = {
  ANALYSIS_FAILED: 'analysis failed',
  HIGH_RISK: 'high risk',
  UNKNOWN_RISK: 'risk unknown',
  EVIDENCE_NONE: 'no evidence',
  EVIDENCE_PARTIAL: 'partial evidence',
  VERSION_UNCERTAIN: 'version uncertain',
  SOURCE_CONFLICT: 'sources disagree',
  CLAIMS_DROPPED: 'unsupported claims dropped',
  DOWNGRADE: 'downgrade',
  SUPPLY_CHAIN_CHANGE: 'supply-chain change',
  BREAKING_API_IN_USE: 'breaking API in use',
};

/** One sentence per reason for the per-dependency "Why review" list. */
export const REVIEW_REASON_EXPLANATION: Readonly<Record<HumanReviewReason, string>> = {
  ANALYSIS_FAILED: 'the analysis did not complete, so nothing is known about this bump beyond the registry facts.',
  HIGH_RISK: 'the evidence documents changes likely to break existing code (for example removed or renamed APIs).',
  UNKNOWN_RISK: 'the evidence was not enough to rate the risk either way.',
  EVIDENCE_NONE: 'no changelog or release notes were found for the versions in range (Missing information says what could not be checked).',
  EVIDENCE_PARTIAL: 'evidence covers only some of the versions in range.',
  VERSION_UNCERTAIN: 'the from or to version could not be confirmed in the registry.',
  SOURCE_CONFLICT: 'two sources say contradicting things about these versions.',
  CLAIMS_DROPPED: 'some analysis claims cited no valid evidence and were removed.',
  DOWNGRADE: 'the version goes down, which can reintroduce fixed bugs or vulnerabilities.',
  SUPPLY_CHAIN_CHANGE: 'a supply-chain change: install scripts added, provenance lost, publisher changed, target deprecated, or a lockfile integrity that differs from the registry.',
  BREAKING_API_IN_USE: 'this repository uses an API that a breaking change of this bump removes or changes (see Usage for the files and lines).',
};

/** Findings kinds as a reader says them. */
export const FINDING_KIND_LABEL: Readonly<Record<string, string>> = {
  breakingChange: 'Breaking change',
  deprecation: 'Deprecation',
  compatibility: 'Compatibility',
  security: 'Security',
};

/**
 * What to do about a failed dependency, keyed by its stable error code. `tracePlace` says where
 * the trace is: "the `depverdict-trace` artifact", or "`trace.json`" for the CLI's files.
 */
export function failureAdvice(code: NonNullable<AnalysisResult['error']>['code'], tracePlace: string): string {
  switch (code) {
    case 'RATE_LIMITED':
    case 'TIMEOUT':
    case 'NETWORK_ERROR':
    case 'PROVIDER_UNAVAILABLE':
    case 'CANCELLED':
      return 'The endpoint was unavailable or too slow; run it again.';
    case 'OUTPUT_JSON_INVALID':
    case 'OUTPUT_SCHEMA_INVALID':
    case 'INVALID_RESPONSE':
      return 'The model’s answer did not match the required schema; rerun, or use a profile that passed conformance.';
    case 'OUTPUT_TRUNCATED':
      return 'The answer was cut off; raise the output token limit in the profile.';
    case 'CONTENT_REFUSED':
      return 'The model refused to answer; review this bump by hand.';
    case 'CONTEXT_FAILED':
      return 'Registry or changelog data could not be gathered; rerun, and check registry access if it repeats.';
    case 'INSUFFICIENT_CREDIT':
      return 'The endpoint account is out of credit.';
    case 'MODEL_NOT_FOUND':
    case 'CONFIGURATION_ERROR':
    case 'AUTH_ERROR':
    case 'ACCESS_DENIED':
      return 'Check the profile’s model, endpoint and secret.';
    default:
      return `Run it again; if it repeats, inspect ${tracePlace}.`;
  }
}
