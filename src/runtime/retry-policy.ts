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

/** Jitter added to a provider's Retry-After: up to a tenth of it, at most a second. */
const RETRY_AFTER_JITTER_SHARE = 0.1;
const MAX_RETRY_AFTER_JITTER_MS = 1000;

/**
 * The wait before the next attempt: the provider's request plus a little jitter (calls that were
 * told the same Retry-After would otherwise all come back at the same instant), capped; or our
 * own backoff.
 */
export function retryDelay(retryIndex: number, retryAfterMs: number | null, timing: RetryTiming, random: () => number): number {
  if (retryAfterMs !== null) {
    const jitter = Math.round(Math.min(MAX_RETRY_AFTER_JITTER_MS, retryAfterMs * RETRY_AFTER_JITTER_SHARE) * random());
    return Math.min(retryAfterMs + jitter, timing.maxRetryAfterMs);
  }
  return backoffDelay(retryIndex, timing, random);
}
