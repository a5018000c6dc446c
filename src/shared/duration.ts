/**
 * Durations as people write them in workflow files and on the command line: `90s`, `10m`,
 * `1h`, or a bare number of minutes (as GitHub's own `timeout-minutes`). Parsed strictly, so a
 * typo is an error that names the input rather than a silently different deadline.
 */

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

export class DurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DurationError';
  }
}

/** Milliseconds for `text`, or a DurationError whose message starts with `label` (e.g. `--deadline`; '' for none). */
export function parseDuration(text: string, label: string, bounds: { minMs: number; maxMs: number }): number {
  const subject = label === '' ? '' : `${label} `;
  const match = /^(\d{1,6}(?:\.\d{1,3})?)\s*([smh]?)$/i.exec(text.trim());
  if (!match) {
    throw new DurationError(`${subject}must be a duration such as 90s, 10m or 1h (a bare number is minutes); got ${JSON.stringify(text.slice(0, 40))}`);
  }
  const unit = (match[2]?.toLowerCase() || 'm') as keyof typeof UNIT_MS;
  const milliseconds = Math.round(Number.parseFloat(match[1]!) * UNIT_MS[unit]);
  if (milliseconds < bounds.minMs || milliseconds > bounds.maxMs) {
    throw new DurationError(`${subject}must be between ${formatDuration(bounds.minMs)} and ${formatDuration(bounds.maxMs)}; got ${formatDuration(milliseconds)}`);
  }
  return milliseconds;
}

/** `600000` → `10m`, `90000` → `90s`: the shortest exact form, for messages. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds % UNIT_MS.h === 0 && milliseconds > 0) return `${milliseconds / UNIT_MS.h}h`;
  if (milliseconds % UNIT_MS.m === 0 && milliseconds > 0) return `${milliseconds / UNIT_MS.m}m`;
  if (milliseconds % UNIT_MS.s === 0) return `${milliseconds / UNIT_MS.s}s`;
  return `${milliseconds}ms`;
}
