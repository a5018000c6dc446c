/**
 * TEST DOUBLE: scripted provider behaviours for the fake OpenAI-compatible server.
 *
 * The fake server answers from a queue, so each behaviour maps a probe id to the reply that
 * provider would give, and the test enqueues it from runConformance's onProbeStart hook
 * (which fires right before the probe's single request). The replies mimic documented
 * behaviour (reference/runtime-protocols.md): OpenRouter's error envelope for an upstream
 * 400, Ollama's unenforced uniqueItems and ignored max_completion_tokens, 9Router's missing
 * route identity and +2000 prompt tokens.
 */
import type { ProbeId } from '../../src/conformance/types.js';
import { completion, type CompletionOptions, type ScriptedReply } from '../fakes/fake-openai-server.js';

/** Answers that satisfy each probe schema (what an enforcing endpoint returns). */
export const VALID_ANSWERS: Record<ProbeId, unknown> = {
  baseline: { answer: 'abcd' },
  'array-items': { answer: 'abcd', tags: ['alpha', 'alpha', 'beta'] },
  'unique-items': { answer: 'abcd', tags: ['alpha', 'beta'] },
  'min-items': { answer: 'abcd', tags: ['alpha', 'alpha', 'beta', 'gamma'] },
  pattern: { answer: 'ABC' },
  enum: { answer: 'LOW' },
  'nested-object': { answer: 'abcd', detail: { note: 'abcd' } },
  'array-of-objects': { answer: 'abcd', entries: [{ note: 'abcd' }] },
  'exact-schema': { summary: 'probe', summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] },
  'declared-projection': { summary: 'probe', summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] },
  'recommended-projection': { summary: 'probe', summaryEvidenceRefs: [], riskLevel: 'unknown', riskEvidenceRefs: [], findings: [] },
  truncation: { answer: 'one two three' },
  'model-not-found': { answer: 'abcd' },
  'identity-echo': { answer: 'abcd' },
  'usage-sanity': { answer: 'ok' },
};

/** Answers an endpoint gives when it accepts a keyword but does not enforce it (follows the prompt). */
export const UNENFORCED_ANSWERS: Partial<Record<ProbeId, unknown>> = {
  'unique-items': { answer: 'abcd', tags: ['alpha', 'alpha', 'beta'] },
  'min-items': { answer: 'abcd', tags: ['alpha', 'alpha', 'beta'] },
  pattern: { answer: 'abcd' },
  enum: { answer: 'abcd' },
};

export type Behaviour = (probe: ProbeId) => ScriptedReply;

function ok(probe: ProbeId, options: CompletionOptions = {}, answer: unknown = VALID_ANSWERS[probe]): ScriptedReply {
  return { body: completion({ content: JSON.stringify(answer), ...options }) };
}

/** OpenRouter with openai/gpt-5.5 as in the seed report: uniqueItems anywhere → HTTP 400. */
export function openRouterGpt55(canary?: string): Behaviour {
  const identity: CompletionOptions = {
    model: 'openai/gpt-5.5',
    provider: 'OpenAI',
    id: 'gen-probe-1',
    usage: { prompt_tokens: 38, completion_tokens: 9, total_tokens: 47, cost: 0.00012 },
    extra: { openrouter_metadata: { requested: 'openai/gpt-5.5', strategy: 'direct', attempt: 1 } },
  };
  return (probe) => {
    switch (probe) {
      case 'unique-items':
      case 'exact-schema':
        return {
          status: 400,
          body: {
            error: {
              code: 400,
              // A provider may echo the caller's key; the report must never carry it.
              message: canary === undefined ? 'Provider returned error' : `Provider returned error (key ${canary})`,
              metadata: { provider_name: 'OpenAI', raw: '{"error":{"message":"Invalid schema for response_format: uniqueItems is not permitted"}}' },
            },
          },
        };
      case 'truncation':
        return ok(probe, { ...identity, finishReason: 'length', content: '{"answer":"one two thr' }, undefined);
      case 'model-not-found':
        return { status: 404, body: { error: { code: 404, message: 'No endpoints found for depverdict-conformance/no-such-model-7f3a9c.' } } };
      default:
        return ok(probe, identity);
    }
  };
}

/** Ollama: accepts every keyword, enforces none of uniqueItems, ignores max_completion_tokens. */
export function ollamaQwen(): Behaviour {
  const identity: CompletionOptions = { model: 'qwen3:8b', usage: { prompt_tokens: 41, completion_tokens: 12, total_tokens: 53 } };
  return (probe) => {
    switch (probe) {
      case 'unique-items':
        return ok(probe, identity, UNENFORCED_ANSWERS['unique-items']);
      case 'truncation':
        // The cap was dropped: a long, complete answer with finish_reason stop.
        return ok(probe, { ...identity, finishReason: 'stop', usage: { prompt_tokens: 45, completion_tokens: 1210, total_tokens: 1255 } });
      case 'model-not-found':
        return { status: 404, body: { error: { message: 'model "depverdict-conformance/no-such-model-7f3a9c" not found, try pulling it first', type: 'not_found_error', param: null, code: null } } };
      default:
        return ok(probe, identity);
    }
  };
}

/** 9Router: no model or provider in responses, prompt and total tokens inflated by 2000. */
export function nineRouter(): Behaviour {
  const inflated = (prompt: number, completionTokens: number): CompletionOptions => ({
    model: null,
    usage: { prompt_tokens: prompt + 2000, completion_tokens: completionTokens, total_tokens: prompt + 2000 + completionTokens },
  });
  return (probe) => {
    switch (probe) {
      case 'truncation':
        return ok(probe, { ...inflated(40, 16), finishReason: 'length', content: '{"answer":"one two' });
      case 'model-not-found':
        return { status: 400, body: { error: { message: 'model_not_found: no such model', type: 'invalid_request_error', code: 'model_not_found' } } };
      case 'usage-sanity':
        return ok(probe, inflated(9, 4));
      default:
        return ok(probe, inflated(38, 9));
    }
  };
}
