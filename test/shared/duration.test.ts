import { describe, expect, it } from 'vitest';
import { parseActionConfig } from '../../src/action/config.js';
import { parseCliArguments } from '../../src/cli/arguments.js';
import { formatDuration, parseDuration } from '../../src/shared/duration.js';

const bounds = { minMs: 10_000, maxMs: 6 * 3_600_000 };

describe('durations (the timeout input and --deadline)', () => {
  it('reads seconds, minutes and hours; a bare number is minutes, as timeout-minutes', () => {
    expect(parseDuration('90s', 'x', bounds)).toBe(90_000);
    expect(parseDuration('10m', 'x', bounds)).toBe(600_000);
    expect(parseDuration('1.5h', 'x', bounds)).toBe(5_400_000);
    expect(parseDuration(' 15 ', 'x', bounds)).toBe(900_000);
  });

  it('refuses anything else, naming the input and the allowed range', () => {
    expect(() => parseDuration('10 minutes', '--deadline', bounds)).toThrow(/^--deadline must be a duration such as 90s, 10m or 1h/);
    expect(() => parseDuration('-5m', '--deadline', bounds)).toThrow(/must be a duration/);
    expect(() => parseDuration('2s', '--deadline', bounds)).toThrow(/^--deadline must be between 10s and 6h; got 2s$/);
    expect(() => parseDuration('7h', '--deadline', bounds)).toThrow(/between 10s and 6h/);
  });

  it('formats the shortest exact form', () => {
    expect([600_000, 90_000, 3_600_000, 1500].map(formatDuration)).toEqual(['10m', '90s', '1h', '1500ms']);
  });

  it('defaults the action input to 10 minutes and names the input when it is wrong', () => {
    expect(parseActionConfig(() => '').timeout).toBe(600_000);
    expect(parseActionConfig((name) => (name === 'timeout' ? '45s' : '')).timeout).toBe(45_000);
    expect(() => parseActionConfig((name) => (name === 'timeout' ? 'soon' : ''))).toThrow(/input "timeout": must be a duration such as 90s/);
  });

  it('defaults --deadline to 10 minutes and refuses a bad value by name', () => {
    expect(parseCliArguments(['analyze', '--sample']).deadlineMs).toBe(600_000);
    expect(parseCliArguments(['analyze', '--sample', '--deadline', '2m']).deadlineMs).toBe(120_000);
    expect(() => parseCliArguments(['analyze', '--sample', '--deadline', 'later'])).toThrow(/--deadline must be a duration/);
    expect(() => parseCliArguments(['context', '--sample', '--deadline', '2m'])).toThrow(/--deadline is not an option of context/);
  });
});
