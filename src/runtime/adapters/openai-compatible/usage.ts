import type { RuntimeUsage } from '../../contract.js';

/**
 * Usage normalisation. A missing or malformed count stays null: inventing a 0 would make
 * cost and token reports look precise when the provider said nothing.
 */

function count(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export const UNKNOWN_USAGE: RuntimeUsage = {
  inputTokens: null,
  outputTokens: null,
  totalTokens: null,
  reasoningTokens: null,
  cachedInputTokens: null,
  costUsd: null,
};

export function normalizeUsage(rawUsage: unknown, costUsd: number | null): RuntimeUsage {
  const usage = record(rawUsage);
  if (usage === null) return { ...UNKNOWN_USAGE, costUsd };
  return {
    inputTokens: count(usage.prompt_tokens),
    outputTokens: count(usage.completion_tokens),
    totalTokens: count(usage.total_tokens),
    reasoningTokens: count(record(usage.completion_tokens_details)?.reasoning_tokens),
    cachedInputTokens: count(record(usage.prompt_tokens_details)?.cached_tokens),
    costUsd,
  };
}

/** A cost figure only when it is a finite, non-negative number (or numeric string, as in headers). */
export function parseCost(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null;
}
