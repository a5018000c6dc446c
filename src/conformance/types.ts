import type { FinishReason, RuntimeErrorCode } from '../runtime/contract.js';

/**
 * Conformance vocabulary. A conformance run sends a bounded set of tiny probe requests
 * through the real runtime path and records, per probe, only *metadata*: status, HTTP
 * status, error code, schema digest and a short sanitized diagnostic. Prompts, schema
 * bodies, raw responses and secrets never enter these types, so nothing built from them
 * can leak one into conformance.md or conformance.json.
 */

export const CONFORMANCE_SUITE_VERSION = '1';

export const PROBE_IDS = [
  'baseline',
  'array-items',
  'unique-items',
  'min-items',
  'pattern',
  'enum',
  'nested-object',
  'array-of-objects',
  'exact-schema',
  'declared-projection',
  'recommended-projection',
  'truncation',
  'model-not-found',
  'identity-echo',
  'usage-sanity',
] as const;
export type ProbeId = (typeof PROBE_IDS)[number];

export const PROBE_STATUSES = [
  'PASS',
  'FAIL',
  /** The probe ran but its answer cannot decide the question (e.g. a short answer under the token cap). */
  'INCONCLUSIVE',
  /** Running it would exceed the request budget. */
  'SKIPPED_BUDGET',
  /** The profile does not declare what the probe tests (e.g. no projection). */
  'SKIPPED_NOT_DECLARED',
  /** A probe it depends on did not pass, so its answer could not be attributed. */
  'SKIPPED_PREREQUISITE',
] as const;
export type ProbeStatus = (typeof PROBE_STATUSES)[number];

/** Why a probe failed, in terms the conclusions reason about. */
export type ProbeFinding =
  /** HTTP 2xx, complete answer, valid against the probe schema locally. */
  | 'accepted'
  /** The endpoint refused the request (HTTP error or error object). */
  | 'rejected'
  /** HTTP 2xx but the answer violates the probe schema: the keyword was accepted, not enforced. */
  | 'not-enforced'
  /** The output token cap was answered with finish_reason stop: silently ignored. */
  | 'cap-ignored'
  /** The output token cap was honoured (finish_reason length). */
  | 'cap-enforced'
  /** The answer came from a model the profile's identity lock does not allow. */
  | 'identity-mismatch'
  /** The response named no verifiable route identity. */
  | 'identity-unverifiable'
  /** Usage counts are missing, inconsistent or inflated. */
  | 'usage-suspect'
  /** The endpoint accepted a request for a model that does not exist. */
  | 'unknown-model-accepted'
  /** The endpoint refused a model that does not exist (MODEL_NOT_FOUND). */
  | 'unknown-model-rejected'
  /** The call failed for a reason that says nothing about the probed feature (network, timeout...). */
  | 'error'
  | 'skipped';

export interface ProbeResult {
  id: ProbeId;
  /** Human name of the isolated feature, e.g. "array + items + uniqueItems". */
  feature: string;
  status: ProbeStatus;
  finding: ProbeFinding;
  /** Digest of the probe's exact schema (the body itself is never stored). */
  schemaDigest: string;
  /** Digest of the schema actually sent, when it differs from the exact one (projections). */
  sentSchemaDigest: string | null;
  httpStatus: number | null;
  errorCode: RuntimeErrorCode | null;
  /** Provider error type/code as the runtime reported it (sanitized), e.g. `invalid_request_error`. */
  providerError: string | null;
  finishReason: FinishReason | null;
  /** Local Ajv validation of the answer against the probe schema. */
  localValidation: 'valid' | 'invalid' | 'not-run';
  /** One short canonical line; sanitized, bounded, no prompt, schema body or raw response. */
  diagnostic: string;
  /** HTTP requests this probe made (0 when skipped, 1 otherwise; retries are disabled). */
  requests: number;
  /** Facts some probes record for the capability table (identity, usage); all sanitized. */
  observations: ProbeObservations;
}

export interface ProbeObservations {
  actualModel?: string | null;
  actualProvider?: string | null;
  identityVerified?: boolean;
  inputTokens?: number | null;
  outputTokens?: number | null;
  totalTokens?: number | null;
  costUsd?: number | null;
  /** Schema keywords the local validator found violated (keyword names only). */
  violatedKeywords?: string[];
}

/**
 * INCONCLUSIVE: the suite was not executed — the endpoint could not be reached (connection,
 * DNS or TLS failure) before any probe got an answer, so nothing was learnt about it.
 */
export type ConformanceVerdict = 'CONFORMANT' | 'PARTIALLY_CONFORMANT' | 'NON_CONFORMANT' | 'INCONCLUSIVE';

/** Whether the probes reached the endpoint; `cause` says why not, on the report's first line. */
export interface ConformanceExecution {
  status: 'EXECUTED' | 'NOT_EXECUTED';
  cause: string | null;
}

/** One row of "declared vs observed". `null` means not declared / not observed either way. */
export interface CapabilityComparison {
  capability: string;
  declared: boolean | null;
  observed: boolean | null;
  /** The probe whose result decided `observed`. */
  evidence: ProbeId | null;
  note: string;
}

export type ConclusionStatus =
  | 'CONFIRMED_SUPPORTED'
  | 'CONFIRMED_INCOMPATIBLE'
  | 'NOT_ENFORCED'
  | 'ENFORCED'
  | 'IGNORED'
  | 'UNVERIFIABLE'
  | 'SUSPECT'
  | 'INCONCLUSIVE';

export interface Conclusion {
  /** The feature concluded about, e.g. `uniqueItems`, `maxOutputTokens`, `identity`. */
  subject: string;
  status: ConclusionStatus;
  /** One sentence naming the probes that support it. */
  statement: string;
  /** Probes the conclusion rests on. */
  probes: ProbeId[];
}

export interface RecommendedProjection {
  /** Keywords confirmed incompatible (rejected) that the candidate schema uses. */
  dropKeywords: string[];
  /** Keywords accepted but not enforced: safe to send, but only local validation guards them. */
  unenforcedKeywords: string[];
  /** Whether the profile already declares a projection dropping at least these keywords. */
  alreadyDeclared: boolean;
  statement: string;
}

/** What analyze mode checks before trusting a profile (see qualification.ts). */
export interface QualificationRecord {
  suiteVersion: string;
  profileId: string;
  profileDigest: string;
  /** Digest of the exact candidate schema the probes qualified. */
  schemaDigest: string;
  promptVersion: string;
  /** ISO date-time of the run. */
  date: string;
  verdict: ConformanceVerdict;
  /** False when a capability the profile declares was not observed (the conformance job failed). */
  declaredCapabilitiesObserved: boolean;
}

export interface ConformanceDocument {
  reportVersion: string;
  generatedAt: string;
  configuration: {
    profileId: string;
    profileDigest: string;
    adapter: string;
    /** Scheme, host and port only; never a path, query or credential. */
    endpointOrigin: string;
    model: string;
    mode: string;
    structuredOutputMode: string;
    strict: boolean;
    projection: { name: string; dropKeywords: string[] } | null;
    gateway: string;
  };
  execution: ConformanceExecution;
  verdict: ConformanceVerdict;
  /**
   * True when the conformance run fails (the CLI exits 1, the action step fails): the suite was
   * not executed, the verdict is NON_CONFORMANT, or a capability the profile declares was
   * observed not to hold.
   */
  failed: boolean;
  /** Why it failed, one sentence (sanitized); null when it did not. */
  failure: string | null;
  capabilities: CapabilityComparison[];
  probes: ProbeResult[];
  conclusions: Conclusion[];
  recommendedProjection: RecommendedProjection;
  requests: { used: number; budget: number; retries: number; fallbacks: number; reportedCostUsd: number | null };
  qualification: QualificationRecord;
}
