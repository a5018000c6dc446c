import { ANALYSIS_TASK, CANDIDATE_SCHEMA_DIGEST } from '../../../analysis/candidate-schema.js';
import { extractContextFromPrompt, PromptContextError } from '../../../analysis/prompt.js';
import {
  RUNTIME_CONTRACT_VERSION,
  RuntimeError,
  type ModelIdentity,
  type RuntimeDescriptor,
  type RuntimeRequest,
  type RuntimeSuccess,
  type StructuredRuntime,
} from '../../contract.js';
import { extractCandidate } from './extract-candidate.js';

/**
 * The built-in deterministic runtime: no model, no network. It reads the context from the
 * user prompt exactly as a model would (so it cannot see anything a model could not) and
 * answers with a candidate built by fixed rules. The same prompt always gives byte-identical
 * output text.
 */

export const EXTRACTIVE_IDENTITY: ModelIdentity = { model: 'extractive', provider: 'depverdict' };

export interface ExtractiveRuntimeOptions {
  /** Monotonic clock in milliseconds, for timings only; defaults to performance.now. */
  now?: () => number;
}

function failure(code: 'INVALID_REQUEST' | 'CANCELLED' | 'CAPABILITY_MISMATCH' | 'UNKNOWN', message: string, started: number, now: () => number): RuntimeError {
  return new RuntimeError(code, message, {
    telemetry: {
      attempts: code === 'CANCELLED' ? 0 : 1,
      requestedIdentity: { ...EXTRACTIVE_IDENTITY },
      actualIdentity: null,
      timings: { totalMs: Math.max(0, now() - started), firstByteMs: null },
      usage: null,
      route: null,
    },
  });
}

export function createExtractiveRuntime(descriptor: RuntimeDescriptor, options: ExtractiveRuntimeOptions = {}): StructuredRuntime {
  const now = options.now ?? (() => performance.now());
  // Whatever the profile says, this adapter is deterministic and is its own identity.
  const fixedDescriptor: RuntimeDescriptor = {
    ...descriptor,
    adapter: 'extractive',
    deterministic: true,
    requestedIdentity: { ...EXTRACTIVE_IDENTITY },
  };

  async function generateStructured(request: RuntimeRequest): Promise<RuntimeSuccess> {
    const started = now();
    if (request.signal?.aborted) throw failure('CANCELLED', 'extractive analysis was cancelled before it started', started, now);
    if (request.contractVersion !== RUNTIME_CONTRACT_VERSION) {
      throw failure('INVALID_REQUEST', `runtime contract version ${String(request.contractVersion).slice(0, 16)} is not supported; expected ${RUNTIME_CONTRACT_VERSION}`, started, now);
    }
    if (request.task !== ANALYSIS_TASK) {
      throw failure('INVALID_REQUEST', `the extractive runtime only performs ${ANALYSIS_TASK}, not ${request.task.slice(0, 64)}`, started, now);
    }
    // It emits candidates for one exact schema; a different schema is a capability it lacks.
    if (request.structuredOutput.schemaDigest !== CANDIDATE_SCHEMA_DIGEST) {
      throw failure('CAPABILITY_MISMATCH', 'the extractive runtime only produces the DepVerdict candidate schema; the requested schema digest differs', started, now);
    }
    let candidateText: string;
    try {
      const context = extractContextFromPrompt(request.userPrompt);
      candidateText = JSON.stringify(extractCandidate(context));
    } catch (error) {
      if (error instanceof PromptContextError) throw failure('INVALID_REQUEST', error.message, started, now);
      // The contract allows only RuntimeError out of a runtime.
      throw failure('UNKNOWN', 'extractive analysis failed unexpectedly', started, now);
    }
    const totalMs = Math.max(0, now() - started);
    return {
      contractVersion: RUNTIME_CONTRACT_VERSION,
      outputText: candidateText,
      finishReason: 'stop',
      requestedIdentity: { ...EXTRACTIVE_IDENTITY },
      actualIdentity: { ...EXTRACTIVE_IDENTITY },
      identityVerified: true,
      usage: { inputTokens: null, outputTokens: null, totalTokens: null, reasoningTokens: null, cachedInputTokens: null, costUsd: null },
      timings: { totalMs, firstByteMs: null },
      execution: {
        attempts: 1,
        retries: 0,
        effectiveSchemaMode: 'jsonSchema',
        projection: null,
        sentSchemaDigest: CANDIDATE_SCHEMA_DIGEST,
        route: { gateway: 'none', fallbackOccurred: false, gatewayAttempts: null, transforms: [], generationId: null },
      },
      warnings: [],
    };
  }

  return { descriptor: fixedDescriptor, generateStructured };
}
