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

/** Reads `retry-after-ms`, then `retry-after` as seconds, then as an HTTP date. Null when absent or unusable. */
export function parseRetryAfter(headers: Record<string, string>, nowEpochMs: number): number | null {
  const milliseconds = headers['retry-after-ms'];
  if (milliseconds !== undefined) {
    const value = Number.parseFloat(milliseconds);
    if (Number.isFinite(value) && value >= 0) return Math.round(value);
  }
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter === undefined || retryAfter === '') return null;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.round(Number.parseFloat(retryAfter) * 1000);
  // Only an HTTP date (has a weekday/month name); Date.parse would read "-3" as a year.
  if (!/[a-z]/i.test(retryAfter)) return null;
  const date = Date.parse(retryAfter);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - nowEpochMs);
}

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
