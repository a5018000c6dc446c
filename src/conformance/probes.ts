import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { CANDIDATE_SCHEMA } from '../analysis/candidate-schema.js';
import { RUNTIME_CONTRACT_VERSION, RuntimeError, type RuntimeRequest, type RuntimeSuccess, type StructuredRuntime } from '../runtime/contract.js';
import { createRuntime } from '../runtime/create-runtime.js';
import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import { projectSchema } from '../runtime/schema-projection.js';
import { describeOrigin } from '../shared/bounded-http.js';
import { digestOf } from '../shared/canonical-json.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { confirmedIncompatibleKeywords } from './conclusions.js';
import { ConformanceError } from './conformance-error.js';
import { describeFailure, type FailureFacts } from './diagnostics.js';
import { validateProbeOutput } from './local-validation.js';
import { PROBE_CATALOG, type ProbeDefinition } from './probe-catalog.js';
import { deriveProbeProfile, type ProbeProfileKind } from './probe-profiles.js';
import { BOGUS_MODEL_ID, INFLATED_PROMPT_TOKENS, PROBE_SCHEMA_NAME, TRUNCATION_TOKEN_BUDGET } from './probe-schemas.js';
import { CONFORMANCE_SUITE_VERSION, type ProbeId, type ProbeObservations, type ProbeResult, type ProbeStatus } from './types.js';

/**
 * Runs the probe suite: one request per probe, no retries, a hard request budget, every
 * request through the real runtime (createRuntime → generateStructured) so the probes
 * exercise the same HTTP path, headers, routing extras and identity policy as analyses.
 * A probe that fails never stops the others; only a configuration problem (no key, an
 * extractive profile) ends the run, before any request is sent.
 */

/** Enough for every probe once; a suite run never sends more than this by default. */
export const DEFAULT_MAX_REQUESTS = 14;

export interface ProbeRunOptions {
  profile: LoadedProfile;
  apiKey?: string;
  /** How a person gives a key explicitly, for the missing-key message (RuntimeOptions). */
  explicitKeySource?: string;
  env: NodeJS.ProcessEnv;
  dispatcher?: Dispatcher;
  logger: Logger;
  /** Hard cap on HTTP requests; a probe that would exceed it is SKIPPED_BUDGET. */
  maxRequests?: number;
  /** Called before each probe sends its request (progress display). */
  onProbeStart?: (probe: { id: ProbeId; index: number }) => void;
}

export interface ProbeRun {
  results: ProbeResult[];
  requestsUsed: number;
  maxRequests: number;
  /**
   * Set when the endpoint could not be reached (connection, DNS or TLS failure) before any
   * probe got an answer: the suite stopped there and says nothing about the endpoint.
   */
  unreachable: { cause: string } | null;
}

/**
 * A transport failure with no HTTP answer: NETWORK_ERROR is what the runtime reports for a
 * refused or reset connection, a name that does not resolve and a failed TLS handshake.
 */
function isUnreachable(result: ProbeResult): boolean {
  return result.errorCode === 'NETWORK_ERROR' && result.httpStatus === null;
}

interface PreparedProbe {
  definition: ProbeDefinition;
  /** Schema placed in the request (the runtime may project it for the declared-projection probe). */
  requestSchema: Record<string, unknown>;
  /** Digest of what goes on the wire when it differs from requestSchema. */
  sentSchemaDigest: string | null;
  /** Local validation target: the probe schema, or the exact candidate schema for projections. */
  validationSchema: Record<string, unknown>;
  feature: string;
}

function skipped(definition: ProbeDefinition, status: ProbeStatus, diagnostic: string, feature = definition.feature): ProbeResult {
  return {
    id: definition.id,
    feature,
    status,
    finding: 'skipped',
    schemaDigest: digestOf(definition.schema),
    sentSchemaDigest: null,
    httpStatus: null,
    errorCode: null,
    providerError: null,
    finishReason: null,
    localValidation: 'not-run',
    diagnostic,
    requests: 0,
    observations: {},
  };
}

/** Decides the request for a probe, or why it is skipped; prepared probes then cost one request. */
function prepare(definition: ProbeDefinition, loaded: LoadedProfile, earlier: ReadonlyMap<ProbeId, ProbeResult>): PreparedProbe | ProbeResult {
  const profile = loaded.profile;
  const jsonSchemaMode = profile.structuredOutput.mode === 'jsonSchema';
  if (definition.needsJsonSchemaMode && !jsonSchemaMode) {
    return skipped(definition, 'SKIPPED_NOT_DECLARED', `the profile uses structured output mode ${profile.structuredOutput.mode}, not jsonSchema`);
  }
  const base: PreparedProbe = { definition, requestSchema: definition.schema, sentSchemaDigest: null, validationSchema: definition.schema, feature: definition.feature };
  const declared = profile.structuredOutput.projection;

  if (definition.id === 'declared-projection') {
    if (declared === undefined) return skipped(definition, 'SKIPPED_NOT_DECLARED', 'the profile declares no schema projection');
    const feature = `declared projection ${declared.name} (drops ${declared.dropKeywords.join(', ')})`;
    const sent = digestOf(projectSchema(CANDIDATE_SCHEMA, declared.dropKeywords));
    Object.assign(base, { feature, sentSchemaDigest: sent });
  }
  if (definition.id === 'recommended-projection') {
    if (declared !== undefined) return skipped(definition, 'SKIPPED_NOT_DECLARED', 'the profile declares a projection; probe declared-projection tests it');
    const exact = earlier.get('exact-schema');
    if (exact === undefined || exact.status === 'PASS') return skipped(definition, 'SKIPPED_PREREQUISITE', 'the exact candidate schema was accepted; no projection is needed');
    const drop = confirmedIncompatibleKeywords([...earlier.values()]);
    if (exact.finding !== 'rejected' || drop.length === 0) {
      return skipped(definition, 'SKIPPED_PREREQUISITE', 'no keyword of the candidate schema was confirmed incompatible, so no projection can be derived');
    }
    const projected = projectSchema(CANDIDATE_SCHEMA, drop);
    return {
      definition,
      requestSchema: projected,
      sentSchemaDigest: null,
      // The exact schema stays authoritative: a projection only changes what the provider sees.
      validationSchema: CANDIDATE_SCHEMA,
      feature: `candidate schema without ${drop.join(', ')}`,
    };
  }
  for (const prerequisite of definition.prerequisites) {
    const result = earlier.get(prerequisite);
    if (result?.status !== 'PASS') {
      return skipped(definition, 'SKIPPED_PREREQUISITE', `probe ${prerequisite} did not pass (${result?.status ?? 'not run'}), so this probe could not be attributed`, base.feature);
    }
  }
  return base;
}

function request(prepared: PreparedProbe, loaded: LoadedProfile, runId: string): RuntimeRequest {
  const definition = prepared.definition;
  return {
    contractVersion: RUNTIME_CONTRACT_VERSION,
    runId,
    contextId: `conformance-probe:${definition.id}`,
    task: 'conformance.probe.v1',
    promptVersion: `conformance.${CONFORMANCE_SUITE_VERSION}`,
    systemPrompt: definition.systemPrompt,
    userPrompt: definition.userPrompt,
    structuredOutput: {
      mode: loaded.profile.structuredOutput.mode,
      name: PROBE_SCHEMA_NAME,
      schema: prepared.requestSchema,
      schemaDigest: digestOf(prepared.requestSchema),
      allowWeaker: false,
    },
    budget: definition.maxOutputTokens === undefined ? {} : { maxOutputTokens: definition.maxOutputTokens },
  };
}

type Evaluation = Pick<ProbeResult, 'status' | 'finding' | 'diagnostic'> & { observations?: ProbeObservations };

function identityObservations(success: RuntimeSuccess): ProbeObservations {
  return { actualModel: success.actualIdentity.model, actualProvider: success.actualIdentity.provider, identityVerified: success.identityVerified };
}

function usageObservations(success: RuntimeSuccess): ProbeObservations {
  const usage = success.usage;
  return { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.totalTokens, costUsd: usage.costUsd };
}

/**
 * True when the response proves which route served: a verified identity that is more than
 * an echo of the requested name through a gateway (9Router repeats the alias it was sent).
 */
export function routeIdentityObserved(loaded: LoadedProfile, success: RuntimeSuccess): boolean {
  const { model, provider } = success.actualIdentity;
  if (!success.identityVerified || model === null) return false;
  const profile = loaded.profile;
  if (profile.routing.gateway === 'none') return true;
  if (provider !== null) return true;
  if (success.execution.route.gatewayDetails?.['x-litellm-model-id'] !== undefined) return true;
  return model !== profile.model;
}

function evaluateSuccess(prepared: PreparedProbe, loaded: LoadedProfile, success: RuntimeSuccess): Evaluation {
  const kind = prepared.definition.kind;
  switch (kind) {
    case 'schema': {
      const validation = validateProbeOutput(success.outputText, prepared.validationSchema);
      if (validation.valid) return { status: 'PASS', finding: 'accepted', diagnostic: 'HTTP 200; the answer validates against the probe schema' };
      return {
        status: 'FAIL',
        finding: 'not-enforced',
        diagnostic: `HTTP 200 but the answer violates the probe schema (${validation.problems.join('; ')}): accepted, NOT ENFORCED`,
        observations: { violatedKeywords: validation.violatedKeywords },
      };
    }
    case 'truncation': {
      const tokens = success.usage.outputTokens;
      if (success.finishReason === 'stop' && tokens !== null && tokens <= TRUNCATION_TOKEN_BUDGET) {
        return { status: 'INCONCLUSIVE', finding: 'accepted', diagnostic: `finish_reason stop with ${tokens} output tokens: the answer fit the ${TRUNCATION_TOKEN_BUDGET}-token cap`, observations: usageObservations(success) };
      }
      if (success.finishReason === 'stop') {
        const reported = tokens === null ? 'no output token count' : `${tokens} output tokens`;
        return { status: 'FAIL', finding: 'cap-ignored', diagnostic: `finish_reason stop with a ${TRUNCATION_TOKEN_BUDGET}-token budget (${reported}): the output token cap was silently IGNORED`, observations: usageObservations(success) };
      }
      return { status: 'INCONCLUSIVE', finding: 'accepted', diagnostic: `finish_reason ${success.finishReason} does not say whether the cap applied`, observations: usageObservations(success) };
    }
    case 'model-not-found':
      return {
        status: 'FAIL',
        finding: 'unknown-model-accepted',
        diagnostic: `HTTP 200 for a model that does not exist (the response names ${success.actualIdentity.model === null ? 'no model' : `"${sanitizeMessage(success.actualIdentity.model, 80)}"`}): the endpoint substitutes or ignores the model`,
        observations: identityObservations(success),
      };
    case 'identity': {
      const observations = identityObservations(success);
      if (routeIdentityObserved(loaded, success)) {
        return { status: 'PASS', finding: 'accepted', diagnostic: `identity verified: model "${sanitizeMessage(success.actualIdentity.model ?? '', 80)}"${success.actualIdentity.provider === null ? '' : `, provider "${sanitizeMessage(success.actualIdentity.provider, 60)}"`}`, observations };
      }
      const why =
        success.actualIdentity.model === null
          ? 'the response names no model'
          : !loaded.profile.capabilities.reportsRouteIdentity
            ? 'the profile declares that the route does not report which model served, so the model name only echoes the request'
            : success.identityVerified
            ? 'the response only echoes the requested model and names no provider or route'
            : 'the response names no provider';
      return { status: 'FAIL', finding: 'identity-unverifiable', diagnostic: `route identity UNVERIFIABLE: ${why}`, observations };
    }
    case 'usage': {
      const observations = usageObservations(success);
      const { inputTokens, outputTokens, totalTokens } = success.usage;
      if (inputTokens === null && outputTokens === null && totalTokens === null) {
        return { status: 'FAIL', finding: 'usage-suspect', diagnostic: 'the response reports no usage', observations };
      }
      if (inputTokens !== null && inputTokens >= INFLATED_PROMPT_TOKENS) {
        return {
          status: 'FAIL',
          finding: 'usage-suspect',
          diagnostic: `a prompt of a few tokens was reported as ${inputTokens} prompt tokens: usage is INFLATED (a gateway adding ~${INFLATED_PROMPT_TOKENS} tokens, e.g. 9Router)`,
          observations,
        };
      }
      if (inputTokens !== null && outputTokens !== null && totalTokens !== null && totalTokens !== inputTokens + outputTokens) {
        return { status: 'FAIL', finding: 'usage-suspect', diagnostic: `total_tokens ${totalTokens} is not prompt ${inputTokens} + completion ${outputTokens}`, observations };
      }
      return { status: 'PASS', finding: 'accepted', diagnostic: `usage consistent: ${inputTokens ?? '?'} prompt + ${outputTokens ?? '?'} completion = ${totalTokens ?? '?'} total`, observations };
    }
  }
}

const REJECTION_CODES = new Set(['SCHEMA_REJECTED', 'INVALID_REQUEST', 'STRUCTURED_OUTPUT_UNSUPPORTED']);

function evaluateFailure(prepared: PreparedProbe, failure: FailureFacts): Evaluation {
  const kind = prepared.definition.kind;
  if (failure.errorCode === 'IDENTITY_MISMATCH') {
    if (kind === 'model-not-found') {
      return { status: 'FAIL', finding: 'unknown-model-accepted', diagnostic: `the endpoint answered a request for a model that does not exist with another model; the identity lock failed closed (${failure.diagnostic})` };
    }
    return { status: 'FAIL', finding: 'identity-mismatch', diagnostic: failure.diagnostic };
  }
  if (kind === 'truncation' && failure.errorCode === 'OUTPUT_TRUNCATED') {
    return { status: 'PASS', finding: 'cap-enforced', diagnostic: `finish_reason length under a ${TRUNCATION_TOKEN_BUDGET}-token budget: the output token cap is enforced` };
  }
  if (kind === 'model-not-found' && failure.errorCode === 'MODEL_NOT_FOUND') {
    return { status: 'PASS', finding: 'unknown-model-rejected', diagnostic: failure.diagnostic };
  }
  const rejected = REJECTION_CODES.has(failure.errorCode) || (failure.errorCode === 'PROVIDER_ERROR' && failure.httpStatus === 200);
  return { status: 'FAIL', finding: kind === 'schema' && rejected ? 'rejected' : 'error', diagnostic: failure.diagnostic };
}

async function runOne(prepared: PreparedProbe, runtime: StructuredRuntime, loaded: LoadedProfile, runId: string, origin: string): Promise<ProbeResult> {
  const definition = prepared.definition;
  const common = {
    id: definition.id,
    feature: prepared.feature,
    schemaDigest: digestOf(prepared.requestSchema),
    sentSchemaDigest: prepared.sentSchemaDigest,
  };
  try {
    const success = await runtime.generateStructured(request(prepared, loaded, runId));
    const evaluation = evaluateSuccess(prepared, loaded, success);
    const validation = validateProbeOutput(success.outputText, prepared.validationSchema);
    return {
      ...common,
      status: evaluation.status,
      finding: evaluation.finding,
      sentSchemaDigest: prepared.sentSchemaDigest ?? (success.execution.sentSchemaDigest !== common.schemaDigest ? success.execution.sentSchemaDigest : null),
      httpStatus: 200,
      errorCode: null,
      providerError: null,
      finishReason: success.finishReason,
      localValidation: validation.valid ? 'valid' : 'invalid',
      diagnostic: evaluation.diagnostic,
      requests: success.execution.attempts,
      observations: evaluation.observations ?? {},
    };
  } catch (error) {
    const failure = describeFailure(error, origin);
    const evaluation = evaluateFailure(prepared, failure);
    const telemetry = error instanceof RuntimeError ? error.telemetry : null;
    return {
      ...common,
      status: evaluation.status,
      finding: evaluation.finding,
      httpStatus: failure.httpStatus,
      errorCode: failure.errorCode,
      providerError: failure.providerError,
      finishReason: failure.errorCode === 'OUTPUT_TRUNCATED' ? 'length' : null,
      localValidation: 'not-run',
      diagnostic: evaluation.diagnostic,
      requests: failure.attempts,
      observations: telemetry?.actualIdentity ? { actualModel: telemetry.actualIdentity.model, actualProvider: telemetry.actualIdentity.provider } : {},
    };
  }
}

function runtimesFor(options: ProbeRunOptions): Record<ProbeProfileKind, StructuredRuntime> {
  const runtimeOptions = { apiKey: options.apiKey, explicitKeySource: options.explicitKeySource, env: options.env, dispatcher: options.dispatcher, logger: options.logger };
  // All three are built before any request, so a missing key fails the run with nothing sent.
  return {
    isolation: createRuntime(deriveProbeProfile(options.profile, 'isolation'), runtimeOptions),
    'declared-projection': createRuntime(deriveProbeProfile(options.profile, 'declared-projection'), runtimeOptions),
    'bogus-model': createRuntime(deriveProbeProfile(options.profile, 'bogus-model', BOGUS_MODEL_ID), runtimeOptions),
  };
}

export async function runProbes(options: ProbeRunOptions): Promise<ProbeRun> {
  const loaded = options.profile;
  const profile = loaded.profile;
  if (profile.adapter !== 'openai-compatible' || profile.endpoint === undefined) {
    throw new ConformanceError(`profile ${profile.id} uses the ${profile.adapter} adapter, which sends no model requests, so there is nothing to probe; run conformance for an openai-compatible profile`);
  }
  const maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS;
  if (!Number.isInteger(maxRequests) || maxRequests < 1) {
    throw new ConformanceError(`the conformance request budget must be a positive integer (got ${String(maxRequests)})`);
  }
  const runtimes = runtimesFor(options);
  const origin = describeOrigin(profile.endpoint);
  const runId = `conformance-${randomUUID()}`;
  const results = new Map<ProbeId, ProbeResult>();
  let requestsUsed = 0;
  let answered = false;
  let unreachable: ProbeRun['unreachable'] = null;

  for (const [index, definition] of PROBE_CATALOG.entries()) {
    const prepared = prepare(definition, loaded, results);
    let result: ProbeResult;
    if (unreachable !== null) {
      // Every further request would fail the same way; send none.
      result = skipped(definition, 'SKIPPED_PREREQUISITE', 'not run: the endpoint could not be reached', 'definition' in prepared ? prepared.feature : definition.feature);
      results.set(definition.id, result);
      continue;
    } else if (!('definition' in prepared)) {
      result = prepared;
    } else if (requestsUsed + 1 > maxRequests) {
      result = skipped(definition, 'SKIPPED_BUDGET', `the request budget of ${maxRequests} is spent`, prepared.feature);
    } else {
      options.onProbeStart?.({ id: definition.id, index });
      result = await runOne(prepared, runtimes[definition.profileKind], loaded, runId, origin);
      requestsUsed += result.requests;
      if (!answered && isUnreachable(result)) {
        unreachable = { cause: `the endpoint ${origin} could not be reached (${result.diagnostic})` };
        results.set(definition.id, result);
        options.logger.warning(`conformance not executed: ${unreachable.cause}`);
        continue;
      }
      answered ||= result.httpStatus !== null;
    }
    results.set(definition.id, result);
    options.logger.info(`conformance probe ${definition.id}: ${result.status}`);
  }
  return { results: [...results.values()], requestsUsed, maxRequests, unreachable };
}
