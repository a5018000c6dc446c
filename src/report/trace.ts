import { join } from 'node:path';
import type { FinishReason, RuntimeCallOutcome, RuntimeErrorCode, StructuredOutputMode } from '../runtime/contract.js';
import type { RunOutcome } from './run-outcome.js';
import { writeFileAtomic } from '../shared/atomic-write.js';
import { redact, sanitizeMessage } from '../shared/redaction.js';
import { mapStringsDeep, stableJson } from './canonical-order.js';
import { ReportValidationError } from './report-error.js';
import { compileSchema, describeSchemaErrors } from './schema-validator.js';
import { TRACE_SCHEMA } from './trace-schema.js';
import type { PhaseTiming } from '../shared/phase-clock.js';

export const TRACE_FILE_NAME = 'trace.json';

/** One runtime call as recorded: identity, attempts, route, latency, usage, cost. Never prompt text or bodies. */
export interface TraceCall {
  contextId: string;
  task: string;
  promptVersion: string;
  schemaDigest: string;
  schemaMode: StructuredOutputMode;
  /** null when the call failed before the runtime reported its execution summary. */
  effectiveSchemaMode: StructuredOutputMode | 'none' | null;
  projection: string | null;
  sentSchemaDigest: string | null;
  requestedModel: string | null;
  requestedProvider: string | null;
  actualModel: string | null;
  actualProvider: string | null;
  identityVerified: boolean | null;
  attempts: number | null;
  retries: number | null;
  fallbackOccurred: boolean | null;
  gatewayAttempts: number | null;
  transforms: string[];
  generationId: string | null;
  /** Further route facts the gateway reported (already sanitized by the adapter; redacted and bounded again here). */
  gatewayDetails: Record<string, string>;
  finishReason: FinishReason | null;
  latency: { totalMs: number | null; firstByteMs: number | null };
  /** Token counts as reported; null members mean "not reported", never an invented 0. */
  usage: { inputTokens: number | null; outputTokens: number | null; totalTokens: number | null; reasoningTokens: number | null; cachedInputTokens: number | null } | null;
  costUsd: number | null;
  warnings: string[];
  /** True when no request was sent: an earlier run's answer was reused (then re-validated). */
  reused: boolean;
  /** Why it was reused: the key and the facts that matched. Null for a fresh call. */
  reuse: { key: string; basis: Record<string, string>; answeredAt: string | null } | null;
  error: { code: RuntimeErrorCode; message: string; retryable: boolean; status: number | null } | null;
}

export interface ExecutionTrace {
  traceVersion: '1';
  runId: string;
  generatedAt: string;
  generator: { name: 'depverdict'; version: string };
  profile: { id: string; digest: string; adapter: string; mode: 'development' | 'evaluation' | 'production'; gateway: string; routingPolicyDigest: string | null };
  failClosed: { code: string; message: string } | null;
  /** Where the time went: busy wall time per phase, in pipeline order (empty when not measured). */
  phases: PhaseTiming[];
  /** Sorted by contextId so two runs over the same inputs list calls in the same order. */
  calls: TraceCall[];
}

/** Bounded, redacted, single-line text: trace strings come from providers and must not carry secrets or bodies. */
function safe(text: string): string {
  return sanitizeMessage(text, 1000);
}

function safeOrNull(text: string | null | undefined): string | null {
  return text === null || text === undefined ? null : safe(text);
}

/** Integers the schema accepts; anything else (negative, fractional, NaN) is recorded as unknown. */
function count(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function duration(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
}

/** At most 32 entries, keys and values bounded and redacted, in key order for stable output. */
function gatewayDetailsOf(details: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = Object.entries(details ?? {})
    .filter(([, value]) => typeof value === 'string')
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .slice(0, 32);
  for (const [key, value] of entries) out[sanitizeMessage(key, 100)] = safe(value);
  return out;
}

function traceCall(call: RuntimeCallOutcome): TraceCall {
  const success = call.success;
  const failure = call.failureTelemetry;
  const route = success?.execution.route ?? failure?.route ?? null;
  const timings = success?.timings ?? failure?.timings ?? null;
  const usage = success?.usage ?? failure?.usage ?? null;
  const requested = success?.requestedIdentity ?? failure?.requestedIdentity ?? call.descriptor.requestedIdentity;
  const actual = success?.actualIdentity ?? failure?.actualIdentity ?? null;
  const attempts = success?.execution.attempts ?? failure?.attempts ?? null;
  return {
    contextId: safe(call.contextId),
    task: safe(call.task),
    promptVersion: safe(call.promptVersion),
    schemaDigest: safe(call.schemaDigest),
    schemaMode: call.schemaMode,
    effectiveSchemaMode: success?.execution.effectiveSchemaMode ?? null,
    projection: safeOrNull(success?.execution.projection),
    sentSchemaDigest: safeOrNull(success?.execution.sentSchemaDigest),
    requestedModel: safeOrNull(requested.model),
    requestedProvider: safeOrNull(requested.provider),
    actualModel: safeOrNull(actual?.model),
    actualProvider: safeOrNull(actual?.provider),
    identityVerified: success ? success.identityVerified : null,
    attempts: count(attempts),
    retries: count(success?.execution.retries ?? (typeof attempts === 'number' ? attempts - 1 : null)),
    fallbackOccurred: route ? route.fallbackOccurred : null,
    gatewayAttempts: count(route?.gatewayAttempts),
    transforms: (route?.transforms ?? []).map(safe),
    generationId: safeOrNull(route?.generationId),
    gatewayDetails: gatewayDetailsOf(route?.gatewayDetails),
    finishReason: success?.finishReason ?? null,
    latency: { totalMs: duration(timings?.totalMs), firstByteMs: duration(timings?.firstByteMs) },
    usage: usage
      ? {
          inputTokens: count(usage.inputTokens),
          outputTokens: count(usage.outputTokens),
          totalTokens: count(usage.totalTokens),
          reasoningTokens: count(usage.reasoningTokens),
          cachedInputTokens: count(usage.cachedInputTokens),
        }
      : null,
    costUsd: typeof usage?.costUsd === 'number' && Number.isFinite(usage.costUsd) && usage.costUsd >= 0 ? usage.costUsd : null,
    warnings: (success?.warnings ?? []).map(safe),
    reused: call.reuse !== undefined,
    reuse: call.reuse
      ? {
          key: safe(call.reuse.key),
          basis: Object.fromEntries(Object.entries(call.reuse.basis).map(([name, value]) => [name, safe(value)])),
          answeredAt: call.reuse.answeredAt,
        }
      : null,
    error: call.error
      ? { code: call.error.code, message: safe(call.error.message), retryable: call.error.retryable, status: call.error.status }
      : null,
  };
}

/**
 * Builds the execution trace of a run. Only metadata is copied field by field from the
 * runtime outcomes (never whole objects), so a prompt, evidence text, raw body or header
 * cannot ride along; every string is redacted and bounded.
 */
export function buildTrace(outcome: RunOutcome): ExecutionTrace {
  const descriptor = outcome.runtime;
  const trace: ExecutionTrace = {
    traceVersion: '1',
    runId: safe(outcome.runId),
    generatedAt: outcome.generatedAt,
    generator: { name: outcome.tool.name, version: safe(outcome.tool.version) },
    profile: {
      id: safe(descriptor.profileId),
      digest: safe(descriptor.profileDigest),
      adapter: safe(descriptor.adapter),
      mode: descriptor.mode,
      gateway: safe(descriptor.gateway),
      routingPolicyDigest: safeOrNull(descriptor.routingPolicyDigest),
    },
    failClosed: outcome.failClosed ? { code: outcome.failClosed.code, message: safe(outcome.failClosed.message) } : null,
    phases: (outcome.phases ?? []).map((phase) => ({ name: phase.name, startedAt: phase.startedAt, ms: phase.ms, counts: { ...phase.counts } })),
    calls: outcome.calls.map(traceCall).sort((left, right) => (left.contextId < right.contextId ? -1 : left.contextId > right.contextId ? 1 : 0)),
  };
  // Second line of defence: every string redacted once more (e.g. a secret registered late).
  return mapStringsDeep(trace, redact);
}

let compiledValidator: ReturnType<typeof compileSchema> | null = null;

export function checkTrace(trace: unknown): string[] {
  compiledValidator ??= compileSchema(TRACE_SCHEMA);
  return compiledValidator(trace) ? [] : describeSchemaErrors(compiledValidator.errors);
}

export function validateTrace(trace: unknown): asserts trace is ExecutionTrace {
  const problems = checkTrace(trace);
  if (problems.length > 0) throw new ReportValidationError(TRACE_FILE_NAME, problems);
}

/** Validates first, then writes `<directory>/trace.json` atomically with owner-only permissions. */
export async function writeTrace(directory: string, trace: ExecutionTrace): Promise<string> {
  validateTrace(trace);
  const path = join(directory, TRACE_FILE_NAME);
  await writeFileAtomic(path, stableJson(trace), 0o600);
  return path;
}
