/**
 * Retry-After, the one parser every client uses (model endpoints, the npm registry): a server
 * that is rate-limiting knows its own load, so its wait is honoured (each caller caps it).
 */

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
