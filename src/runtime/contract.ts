/**
 * Runtime Contract v1 (seed 000, DESIGN §4): one unary, non-streaming structured
 * generation. The AI Core renders prompts and owns the exact schema; the runtime binds a
 * Deployment Profile, enforces capability, bounds, retry and identity policy, and returns
 * the output *text* (never parsed JSON) or throws one typed RuntimeError.
 * Nothing here knows dependencies, evidence or trust.
 */

export const RUNTIME_CONTRACT_VERSION = '1';

export type StructuredOutputMode = 'jsonSchema' | 'jsonMode' | 'promptOnly';

export interface RuntimeRequest {
  contractVersion: typeof RUNTIME_CONTRACT_VERSION;
  /** One ID per DepVerdict run; safe to log. */
  runId: string;
  /** The Dependency AI Context ID this call analyses. */
  contextId: string;
  /** Task identity, e.g. `version-analysis.v1`. */
  task: string;
  promptVersion: string;
  systemPrompt: string;
  userPrompt: string;
  structuredOutput: {
    mode: StructuredOutputMode;
    /** Schema name sent to providers: [a-zA-Z0-9_-]{1,64}. */
    name: string;
    /** The exact schema; the runtime may send a *declared* projection but never changes this. */
    schema: Record<string, unknown>;
    schemaDigest: string;
    /** Always false: no silent jsonSchema → jsonMode → promptOnly downgrade. */
    allowWeaker: false;
  };
  budget: {
    /** Output token cap for this call; the profile's limit applies when absent. */
    maxOutputTokens?: number;
    /** Total deadline for the call including retries; the profile's limit applies when absent. */
    timeoutMs?: number;
  };
  /**
   * Caller-supplied labels for log lines (no secrets); adapters never send them to a provider.
   * `dependency` names the bump (`express 4.21.2 → 5.1.0`), sanitised where it is logged.
   */
  correlation?: Record<string, string>;
  signal?: AbortSignal;
}

export type FinishReason = 'stop' | 'length' | 'contentFilter' | 'toolCalls' | 'other' | 'unknown';

export interface ModelIdentity {
  model: string | null;
  provider: string | null;
}

export interface RuntimeUsage {
  /** null means the provider did not say; a reported 0 is never invented. */
  inputTokens: number | null;
  outputTokens: number | null;
  totalTokens: number | null;
  reasoningTokens: number | null;
  cachedInputTokens: number | null;
  /** Cost in USD only when the provider reports it authoritatively; otherwise null. */
  costUsd: number | null;
}

export interface RuntimeTimings {
  /** Wall time from acceptance to result, all attempts included. */
  totalMs: number;
  /** Time to response headers of the final attempt, when known. */
  firstByteMs: number | null;
}

export interface RouteObservation {
  /** Gateway kind from the profile: none, openrouter, litellm, 9router. */
  gateway: string;
  /** Fallback observed in route metadata (a different model/provider than the first choice). */
  fallbackOccurred: boolean;
  /** Attempts the gateway reports it made internally (null when it does not say). */
  gatewayAttempts: number | null;
  /** Transforms the gateway applied (e.g. middle-out), as it reports them. */
  transforms: string[];
  /** Provider-side generation/call ID, safe to record. */
  generationId: string | null;
  /**
   * Added: further route facts the gateway reported (e.g. LiteLLM `x-litellm-model-id`,
   * OpenRouter metadata strategy/region), sanitized and bounded. Never secrets or bodies.
   */
  gatewayDetails?: Record<string, string>;
}

export interface ExecutionSummary {
  /** HTTP attempts DepVerdict made for this call (1 = no retry). */
  attempts: number;
  retries: number;
  effectiveSchemaMode: StructuredOutputMode | 'none';
  /** Name of the declared provider-facing projection applied, or null for the exact schema. */
  projection: string | null;
  /** Digest of the schema actually sent (equals the exact digest when no projection). */
  sentSchemaDigest: string | null;
  route: RouteObservation;
}

export interface RuntimeSuccess {
  contractVersion: typeof RUNTIME_CONTRACT_VERSION;
  /** Complete output text; the AI Core parses and validates it. */
  outputText: string;
  finishReason: FinishReason;
  requestedIdentity: ModelIdentity;
  actualIdentity: ModelIdentity;
  /** True when the profile's identity policy was checked and held. False under development mode with unknown identity. */
  identityVerified: boolean;
  usage: RuntimeUsage;
  timings: RuntimeTimings;
  execution: ExecutionSummary;
  warnings: string[];
}

/** Stable error codes; the only failure vocabulary above the adapters. */
export const RUNTIME_ERROR_CODES = [
  'CONFIGURATION_ERROR',
  'CAPABILITY_MISMATCH',
  'AUTH_ERROR',
  'ACCESS_DENIED',
  'INSUFFICIENT_CREDIT',
  'INVALID_REQUEST',
  'MODEL_NOT_FOUND',
  'NETWORK_ERROR',
  'TIMEOUT',
  'CANCELLED',
  'RATE_LIMITED',
  'PROVIDER_UNAVAILABLE',
  'SCHEMA_REJECTED',
  'STRUCTURED_OUTPUT_UNSUPPORTED',
  'INVALID_RESPONSE',
  'OUTPUT_TRUNCATED',
  'CONTENT_REFUSED',
  'RESPONSE_TOO_LARGE',
  'IDENTITY_MISMATCH',
  'ROUTING_POLICY_VIOLATION',
  'PROVIDER_ERROR',
  'UNKNOWN',
] as const;
export type RuntimeErrorCode = (typeof RUNTIME_ERROR_CODES)[number];

/** Codes that end the whole run (fail closed), not just one dependency's analysis. */
export const FAIL_CLOSED_CODES: ReadonlySet<RuntimeErrorCode> = new Set([
  'CONFIGURATION_ERROR',
  'CAPABILITY_MISMATCH',
  'STRUCTURED_OUTPUT_UNSUPPORTED',
  'AUTH_ERROR',
  'IDENTITY_MISMATCH',
  'ROUTING_POLICY_VIOLATION',
]);

/** What the runtime saw up to a failure, so the trace can record it. */
export interface FailureTelemetry {
  attempts: number;
  requestedIdentity: ModelIdentity;
  actualIdentity: ModelIdentity | null;
  timings: RuntimeTimings;
  usage: RuntimeUsage | null;
  route: RouteObservation | null;
}

export class RuntimeError extends Error {
  readonly code: RuntimeErrorCode;
  readonly retryable: boolean;
  /** HTTP status when one was received (bounded to 100..599), else null. */
  readonly status: number | null;
  /** Seconds the provider asked to wait, when it said so. */
  readonly retryAfterMs: number | null;
  telemetry: FailureTelemetry | null;

  constructor(
    code: RuntimeErrorCode,
    message: string,
    options: { retryable?: boolean; status?: number | null; retryAfterMs?: number | null; cause?: unknown; telemetry?: FailureTelemetry } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'RuntimeError';
    this.code = code;
    this.retryable = options.retryable ?? false;
    const status = options.status ?? null;
    this.status = status !== null && status >= 100 && status <= 599 ? status : null;
    this.retryAfterMs = options.retryAfterMs ?? null;
    this.telemetry = options.telemetry ?? null;
  }
}

/** What every runtime says about itself; recorded in the trace and shown in the comment. */
export interface RuntimeDescriptor {
  profileId: string;
  profileDigest: string;
  /** `extractive` or `openai-compatible`. */
  adapter: string;
  /** development | evaluation | production. */
  mode: 'development' | 'evaluation' | 'production';
  requestedIdentity: ModelIdentity;
  /** Digest of the routing policy (gateway, allowlists, provider lock); null for no gateway. */
  routingPolicyDigest: string | null;
  gateway: string;
  /** Bounded concurrency for calls through this runtime. */
  concurrency: number;
  /** True for the deterministic extractive analyzer (no model). */
  deterministic: boolean;
  /**
   * The structured-output mode the profile declares. The AI Core asks for exactly this mode: a
   * weaker mode is a separate, declared profile, never a fallback. Absent means jsonSchema.
   */
  structuredOutputMode?: StructuredOutputMode;
}

export interface StructuredRuntime {
  readonly descriptor: RuntimeDescriptor;
  /** Resolves with a success envelope or rejects with a RuntimeError; never anything else. */
  generateStructured(request: RuntimeRequest): Promise<RuntimeSuccess>;
}

/** One runtime call as the trace records it: request metadata and the outcome, no prompt text. */
export interface RuntimeCallOutcome {
  runId: string;
  contextId: string;
  task: string;
  promptVersion: string;
  schemaDigest: string;
  schemaMode: StructuredOutputMode;
  descriptor: RuntimeDescriptor;
  success: RuntimeSuccess | null;
  error: { code: RuntimeErrorCode; message: string; retryable: boolean; status: number | null } | null;
  failureTelemetry: FailureTelemetry | null;
  /**
   * Set when no request was sent because an earlier run's answer was reused: the key, the facts
   * that matched (package, versions, contextId, profile, prompt, schema and tool version) and
   * when the answer was first given.
   */
  reuse?: { key: string; basis: Record<string, string>; answeredAt: string | null };
}
