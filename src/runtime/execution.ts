import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import {
  RUNTIME_CONTRACT_VERSION,
  RuntimeError,
  type ExecutionSummary,
  type FailureTelemetry,
  type FinishReason,
  type ModelIdentity,
  type RouteObservation,
  type RuntimeDescriptor,
  type RuntimeRequest,
  type RuntimeSuccess,
  type RuntimeUsage,
  type StructuredOutputMode,
} from './contract.js';
import { enforceIdentityPolicy, enforceRoutingPolicy } from './identity-policy.js';
import type { LoadedProfile } from './profiles/load-profile.js';
import type { DeploymentProfile } from './profiles/profile-schema.js';
import { retryDelay } from './retry-policy.js';

/**
 * The execution layer: everything the Runtime Contract promises that is not wire format.
 * Capability check before any request, one total deadline across attempts, caller
 * cancellation, retries only as the profile allows, identity and routing policy, and
 * telemetry from acceptance to result. Adapters only translate one attempt to and from
 * the wire; they never retry and never decide policy.
 */

/** What an adapter decided once per call, before the first attempt. */
export interface PreparedCall {
  effectiveSchemaMode: StructuredOutputMode | 'none';
  projection: string | null;
  sentSchemaDigest: string | null;
  warnings: string[];
}

/** One successful HTTP exchange, already mapped to contract terms. */
export interface AttemptResult {
  outputText: string;
  finishReason: FinishReason;
  actualIdentity: ModelIdentity;
  usage: RuntimeUsage;
  route: RouteObservation;
  firstByteMs: number | null;
  warnings: string[];
}

/** What an attempt saw before it failed (identity, usage, route), for the trace. */
export interface AttemptObservation {
  actualIdentity?: ModelIdentity;
  usage?: RuntimeUsage;
  route?: RouteObservation;
  firstByteMs?: number | null;
}

export interface AttemptContext {
  /** Aborts on the caller's cancel or the total deadline. */
  signal: AbortSignal;
  /** Time left on the total deadline. */
  remainingMs: number;
}

export interface RuntimeAdapter<Prepared extends PreparedCall> {
  prepare(request: RuntimeRequest, profile: LoadedProfile): Prepared;
  attempt(prepared: Prepared, context: AttemptContext): Promise<AttemptResult>;
}

const observations = new WeakMap<RuntimeError, AttemptObservation>();

/** Lets an adapter attach what it saw to the error it throws. */
export function attachObservation(error: RuntimeError, observation: AttemptObservation): RuntimeError {
  observations.set(error, observation);
  return error;
}

export interface ExecutionDependencies {
  logger: Logger;
  sleep: (ms: number) => Promise<void>;
  /** Monotonic milliseconds, for durations. */
  now: () => number;
  /** Wall-clock epoch milliseconds (HTTP-date Retry-After). */
  epochNow: () => number;
  random: () => number;
}

const SCHEMA_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Rejects a request the profile cannot serve as asked, before anything is sent. */
export function checkCapability(request: RuntimeRequest, loaded: LoadedProfile): void {
  const profile = loaded.profile;
  if (request.contractVersion !== RUNTIME_CONTRACT_VERSION) {
    throw new RuntimeError('CONFIGURATION_ERROR', `runtime request uses contract version ${sanitizeMessage(String(request.contractVersion), 20)}; this runtime implements version ${RUNTIME_CONTRACT_VERSION}`);
  }
  if (request.structuredOutput.allowWeaker !== false) {
    throw new RuntimeError('CAPABILITY_MISMATCH', 'structuredOutput.allowWeaker must be false: DepVerdict never downgrades the structured output mode silently');
  }
  const mode = request.structuredOutput.mode;
  if (!profile.capabilities.structuredOutputModes.includes(mode)) {
    throw new RuntimeError('STRUCTURED_OUTPUT_UNSUPPORTED', `profile ${profile.id} does not support structured output mode ${mode} (it declares ${profile.capabilities.structuredOutputModes.join(', ')}); choose a profile that does`);
  }
  if (mode !== profile.structuredOutput.mode) {
    throw new RuntimeError('CAPABILITY_MISMATCH', `the request asks for structured output mode ${mode} but profile ${profile.id} is configured for ${profile.structuredOutput.mode}; a different mode is a different, declared profile`);
  }
  if (!SCHEMA_NAME.test(request.structuredOutput.name)) {
    throw new RuntimeError('INVALID_REQUEST', 'structuredOutput.name must match [A-Za-z0-9_-]{1,64}');
  }
}

function abortReasonError(callerSignal: AbortSignal | undefined, timeoutMs: number): RuntimeError {
  if (callerSignal?.aborted) {
    // The caller's reason says why (the run was cancelled, or its whole-run deadline passed).
    const reason: unknown = callerSignal.reason;
    if (reason instanceof RuntimeError && (reason.code === 'CANCELLED' || reason.code === 'TIMEOUT')) return new RuntimeError(reason.code, reason.message);
    return new RuntimeError('CANCELLED', 'the runtime call was cancelled by the caller');
  }
  return new RuntimeError('TIMEOUT', `the runtime call exceeded its total deadline of ${timeoutMs} ms (all attempts included)`);
}

/** Sleeps, but wakes with a rejection the moment the signal aborts. */
function sleepUnlessAborted(sleep: (ms: number) => Promise<void>, ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    sleep(ms).then(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function toRuntimeError(error: unknown): RuntimeError {
  if (error instanceof RuntimeError) return error;
  // Adapters should only throw RuntimeError; anything else is a bug, reported without its text.
  return new RuntimeError('UNKNOWN', `unexpected runtime failure (${error instanceof Error ? error.name : typeof error})`, { cause: error });
}

/** 9Router adds about this many tokens of its own to every reported prompt (runtime-protocols §7). */
const NINE_ROUTER_PROMPT_OVERHEAD = 2000;

/**
 * Usage a gateway is known to misreport is flagged, not corrected: the trace keeps what the
 * provider said, and the warning says why it is not the model's own count.
 */
export function usageWarnings(profile: DeploymentProfile, usage: RuntimeUsage): string[] {
  if (profile.routing.gateway !== '9router' || usage.inputTokens === null) return [];
  const inflated = usage.inputTokens >= NINE_ROUTER_PROMPT_OVERHEAD;
  return [
    `usage inflated: 9Router reports about ${NINE_ROUTER_PROMPT_OVERHEAD} prompt tokens of its own on top of the model's (${usage.inputTokens} reported${inflated ? '' : ', which is below that, so the report may have changed'}); prompt and total tokens are not the model's counts`,
  ];
}

/**
 * What a log line says the call was about: the bump the caller named in its correlation
 * (`for express 4.21.2 → 5.1.0`), else the context ID. Package names are PR and registry text,
 * so both are sanitised and bounded.
 */
function subjectOf(request: RuntimeRequest): string {
  const dependency = request.correlation?.dependency;
  return typeof dependency === 'string' && dependency !== '' ? `for ${sanitizeMessage(dependency, 160)}` : `for context ${sanitizeMessage(request.contextId, 80)}`;
}

export async function executeStructuredCall<Prepared extends PreparedCall>(
  loaded: LoadedProfile,
  descriptor: RuntimeDescriptor,
  adapter: RuntimeAdapter<Prepared>,
  request: RuntimeRequest,
  dependencies: ExecutionDependencies,
): Promise<RuntimeSuccess> {
  const { logger, now } = dependencies;
  const profile = loaded.profile;
  const accepted = now();
  const requestedIdentity = descriptor.requestedIdentity;
  let attempts = 0;
  let lastObservation: AttemptObservation = {};

  const fail = (error: RuntimeError): RuntimeError => {
    const failure: FailureTelemetry = {
      attempts,
      requestedIdentity,
      actualIdentity: lastObservation.actualIdentity ?? null,
      timings: { totalMs: Math.round(now() - accepted), firstByteMs: lastObservation.firstByteMs ?? null },
      usage: lastObservation.usage ?? null,
      route: lastObservation.route ?? null,
    };
    error.telemetry = failure;
    logger.debug(`runtime ${profile.id}: call ${subjectOf(request)} failed with ${error.code} after ${attempts} attempt(s)`);
    return error;
  };

  try {
    checkCapability(request, loaded);
  } catch (error) {
    throw fail(toRuntimeError(error));
  }
  const timeoutMs = Math.min(request.budget.timeoutMs ?? profile.limits.timeoutMs, profile.limits.timeoutMs);
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  if (signal.aborted) throw fail(abortReasonError(request.signal, timeoutMs));

  let prepared: Prepared;
  try {
    prepared = adapter.prepare(request, loaded);
  } catch (error) {
    throw fail(toRuntimeError(error));
  }

  for (;;) {
    attempts += 1;
    let result: AttemptResult;
    try {
      result = await adapter.attempt(prepared, { signal, remainingMs: Math.max(1, Math.floor(timeoutMs - (now() - accepted))) });
    } catch (caught) {
      let error = toRuntimeError(caught);
      lastObservation = observations.get(error) ?? lastObservation;
      // Whatever the transport said, an aborted signal means our deadline or the caller ended it.
      // A transport timeout (no HTTP status) also means the total deadline: each attempt is
      // given exactly the time left, so its own timer can fire a moment before ours.
      if (signal.aborted || (error.code === 'TIMEOUT' && error.status === null)) error = abortReasonError(request.signal, timeoutMs);
      const allowed = error.retryable && (profile.retry.retryOn as readonly string[]).includes(error.code);
      if (!allowed || attempts >= profile.retry.maxAttempts) throw fail(error);
      const delay = retryDelay(attempts - 1, error.retryAfterMs, profile.retry, dependencies.random);
      const remaining = timeoutMs - (now() - accepted);
      if (delay >= remaining) {
        // Waiting would cross the deadline; report the provider's error, not a vaguer timeout.
        logger.debug(`runtime ${profile.id}: not retrying ${error.code} ${subjectOf(request)}: a ${delay} ms wait exceeds the ${Math.round(remaining)} ms left`);
        throw fail(error);
      }
      logger.info(`runtime ${profile.id}: attempt ${attempts} of ${profile.retry.maxAttempts} ${subjectOf(request)} failed with ${error.code}; retrying in ${delay} ms`);
      try {
        await sleepUnlessAborted(dependencies.sleep, delay, signal);
      } catch {
        throw fail(abortReasonError(request.signal, timeoutMs));
      }
      continue;
    }

    lastObservation = { actualIdentity: result.actualIdentity, usage: result.usage, route: result.route, firstByteMs: result.firstByteMs };
    const warnings = [...prepared.warnings, ...result.warnings];
    let identityVerified: boolean;
    try {
      const identity = enforceIdentityPolicy(profile, result.actualIdentity);
      identityVerified = identity.verified;
      warnings.push(...identity.warnings, ...enforceRoutingPolicy(profile, result.route), ...usageWarnings(profile, result.usage));
    } catch (error) {
      throw fail(toRuntimeError(error));
    }
    const execution: ExecutionSummary = {
      attempts,
      retries: attempts - 1,
      effectiveSchemaMode: prepared.effectiveSchemaMode,
      projection: prepared.projection,
      sentSchemaDigest: prepared.sentSchemaDigest,
      route: result.route,
    };
    return {
      contractVersion: RUNTIME_CONTRACT_VERSION,
      outputText: result.outputText,
      finishReason: result.finishReason,
      requestedIdentity,
      actualIdentity: result.actualIdentity,
      identityVerified,
      usage: result.usage,
      timings: { totalMs: Math.round(now() - accepted), firstByteMs: result.firstByteMs === null ? null : Math.round(result.firstByteMs) },
      execution,
      warnings: warnings.map((warning) => sanitizeMessage(warning, 300)),
    };
  }
}
