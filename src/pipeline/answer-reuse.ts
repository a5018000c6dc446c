import { analyzeDependency, type AnalyzeDependencyInput, type AnalyzeDependencyOutput } from '../analysis/analyze-dependency.js';
import { CANDIDATE_SCHEMA_DIGEST, PROMPT_VERSION } from '../analysis/candidate-schema.js';
import type { DependencyContext } from '../context/types.js';
import {
  RUNTIME_CONTRACT_VERSION,
  type ExecutionSummary,
  type ModelIdentity,
  type RuntimeDescriptor,
  type RuntimeSuccess,
  type StructuredRuntime,
} from '../runtime/contract.js';
import { cacheKeyOf, type CacheStore } from '../shared/cache-store.js';
import { canonicalJson, digestOf } from '../shared/canonical-json.js';

/**
 * Reusing a runtime's answer across runs (a Renovate rebase changes nothing about a bump, yet
 * would send every bump to the model again).
 *
 * What is stored is the runtime's *answer* (its output text and identity), never a finished
 * result: a reused answer goes through the same parse → exact schema → trust → review steps as
 * a fresh one, against this run's context, so reuse can skip the model and nothing else.
 * An answer is reused only when everything that could change it matches: package, from, to,
 * contextId (the evidence), profile digest (model, endpoint, settings, schema mode), prompt
 * version, candidate-schema digest and DepVerdict's version. Only answers that passed schema
 * validation in a run that did not fail closed are stored.
 */

// A type, not an interface, so it is a Record<string, string> where the runtime contract records it.
export type ReuseBasis = {
  package: string;
  from: string;
  to: string;
  contextId: string;
  profileDigest: string;
  promptVersion: string;
  schemaDigest: string;
  toolVersion: string;
};

/** What the trace records about a reused call: the key, what matched, and when it was answered. */
export interface ReuseRecord {
  key: string;
  basis: ReuseBasis;
  answeredAt: string | null;
}

const FORMAT = 'depverdict-answer-1';

export function reuseBasisOf(context: DependencyContext, descriptor: RuntimeDescriptor, toolVersion: string): ReuseBasis {
  return {
    package: context.dependency.name,
    from: context.versions.from,
    to: context.versions.to,
    contextId: context.contextId,
    profileDigest: descriptor.profileDigest,
    promptVersion: PROMPT_VERSION,
    schemaDigest: CANDIDATE_SCHEMA_DIGEST,
    toolVersion,
  };
}

/** `sha256:` of the canonical basis: the key the trace shows and the store is addressed by. */
export function reuseKeyOf(basis: ReuseBasis): string {
  return digestOf(basis);
}

/** Only what the replay needs; usage, timings and cost belonged to the earlier run. */
interface StoredAnswer {
  format: typeof FORMAT;
  basis: ReuseBasis;
  answeredAt: string;
  outputText: string;
  actualIdentity: ModelIdentity;
  identityVerified: boolean;
  execution: Pick<ExecutionSummary, 'effectiveSchemaMode' | 'projection' | 'sentSchemaDigest'>;
}

export interface AnswerStore {
  lookup(basis: ReuseBasis): Promise<{ answer: StoredAnswer; record: ReuseRecord } | null>;
  save(basis: ReuseBasis, success: RuntimeSuccess, answeredAt: string): Promise<void>;
}

const isTextOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function readAnswer(payload: Buffer, basis: ReuseBasis): StoredAnswer | null {
  let value: Partial<StoredAnswer>;
  try {
    value = JSON.parse(payload.toString('utf8')) as Partial<StoredAnswer>;
  } catch {
    return null;
  }
  // The basis is stored whole and compared whole: a key collision or a misplaced file is a miss.
  if (value?.format !== FORMAT || canonicalJson(value.basis ?? null) !== canonicalJson(basis)) return null;
  const identity = value.actualIdentity;
  const execution = value.execution;
  if (typeof value.outputText !== 'string' || typeof value.answeredAt !== 'string' || typeof value.identityVerified !== 'boolean') return null;
  if (!identity || !isTextOrNull(identity.model) || !isTextOrNull(identity.provider)) return null;
  if (!execution || !['jsonSchema', 'jsonMode', 'promptOnly', 'none'].includes(execution.effectiveSchemaMode) || !isTextOrNull(execution.projection) || !isTextOrNull(execution.sentSchemaDigest)) return null;
  return value as StoredAnswer;
}

export function createAnswerStore(store: CacheStore): AnswerStore {
  const storeKeyOf = (basis: ReuseBasis) => cacheKeyOf('answer', reuseKeyOf(basis));
  return {
    async lookup(basis) {
      const payload = await store.read('answers', storeKeyOf(basis));
      if (payload === null) return null;
      const answer = readAnswer(payload, basis);
      if (answer === null) {
        await store.discard('answers', storeKeyOf(basis), 'not a usable stored answer');
        return null;
      }
      return { answer, record: { key: reuseKeyOf(basis), basis, answeredAt: answer.answeredAt } };
    },
    async save(basis, success, answeredAt) {
      const answer: StoredAnswer = {
        format: FORMAT,
        basis,
        answeredAt,
        outputText: success.outputText,
        actualIdentity: { model: success.actualIdentity.model, provider: success.actualIdentity.provider },
        identityVerified: success.identityVerified,
        execution: {
          effectiveSchemaMode: success.execution.effectiveSchemaMode,
          projection: success.execution.projection,
          sentSchemaDigest: success.execution.sentSchemaDigest,
        },
      };
      await store.write('answers', storeKeyOf(basis), Buffer.from(JSON.stringify(answer), 'utf8'));
    },
  };
}

/**
 * A runtime that answers once, from the store, without any request. It reports no usage and
 * no attempts (none were made now); the identity is the one recorded when the answer was given.
 */
export function replayRuntime(descriptor: RuntimeDescriptor, answer: StoredAnswer): StructuredRuntime {
  return {
    descriptor,
    generateStructured: async () => ({
      contractVersion: RUNTIME_CONTRACT_VERSION,
      outputText: answer.outputText,
      finishReason: 'stop',
      requestedIdentity: descriptor.requestedIdentity,
      actualIdentity: answer.actualIdentity,
      identityVerified: answer.identityVerified,
      usage: { inputTokens: null, outputTokens: null, totalTokens: null, reasoningTokens: null, cachedInputTokens: null, costUsd: null },
      timings: { totalMs: 0, firstByteMs: null },
      execution: {
        attempts: 0,
        retries: 0,
        effectiveSchemaMode: answer.execution.effectiveSchemaMode,
        projection: answer.execution.projection,
        sentSchemaDigest: answer.execution.sentSchemaDigest,
        route: { gateway: descriptor.gateway, fallbackOccurred: false, gatewayAttempts: null, transforms: [], generationId: null },
      },
      warnings: [],
    }),
  };
}

export interface ReusingAnalysis extends AnalyzeDependencyOutput {
  /** Stores the fresh answer for later runs; called by the pipeline only if the run did not fail closed. */
  save: (() => Promise<void>) | null;
}

/**
 * analyzeDependency, answered from the store when an earlier run gave an answer under the same
 * basis. Deterministic runtimes (extractive) are not reused: they cost no request, and
 * recomputing keeps their results exactly as the current code produces them.
 */
export async function analyzeReusing(answers: AnswerStore | null, options: { toolVersion: string; now: () => Date }, input: AnalyzeDependencyInput): Promise<ReusingAnalysis> {
  if (answers === null || input.runtime.descriptor.deterministic) return { ...(await analyzeDependency(input)), save: null };
  const basis = reuseBasisOf(input.context, input.runtime.descriptor, options.toolVersion);
  const stored = await answers.lookup(basis);
  if (stored !== null) {
    const replayed = await analyzeDependency({ ...input, runtime: replayRuntime(input.runtime.descriptor, stored.answer) });
    if (replayed.result.status === 'analyzed') return { result: replayed.result, call: { ...replayed.call, reuse: stored.record }, save: null };
    // An answer that no longer validates is not an answer: ask the runtime as if none was stored.
  }
  const output = await analyzeDependency(input);
  const success = output.call.success;
  const answeredAt = options.now().toISOString();
  return { ...output, save: output.result.status === 'analyzed' && output.call.error === null && success !== null ? () => answers.save(basis, success, answeredAt) : null };
}
