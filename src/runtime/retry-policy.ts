/**
 * Retry timing. A provider's Retry-After is honoured because it knows its own load; it is
 * capped so a hostile or broken endpoint cannot park a CI job for hours. Without one we
 * back off exponentially with full jitter so parallel jobs do not retry in lockstep.
 */

export interface RetryTiming {
  baseDelayMs: number;
  maxDelayMs: number;
  maxRetryAfterMs: number;
}

export { parseRetryAfter } from '../shared/retry-after.js';

/** Exponential backoff with full jitter: random in [0, min(maxDelay, base * 2^retryIndex)]. */
export function backoffDelay(retryIndex: number, timing: RetryTiming, random: () => number): number {
  const ceiling = Math.min(timing.maxDelayMs, timing.baseDelayMs * 2 ** retryIndex);
  return Math.round(ceiling * random());
}

/** The wait before the next attempt: the provider's request (capped) or our own backoff. */
export function retryDelay(retryIndex: number, retryAfterMs: number | null, timing: RetryTiming, random: () => number): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, timing.maxRetryAfterMs);
  return backoffDelay(retryIndex, timing, random);
}
