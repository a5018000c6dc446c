/**
 * prepareAhead: `depverdict eval` gathers the evidence of the next samples while it scores one,
 * still hands them over one at a time, in order, and stops the ones it never takes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prepareAhead } from '../../src/evaluation/prepare-ahead.js';

/** A preparation the test settles by hand, recording which items were started and with what signal. */
function controlledPreparation() {
  const started: number[] = [];
  const signals = new Map<number, AbortSignal>();
  const settle = new Map<number, { resolve: (value: string) => void; reject: (error: Error) => void }>();
  const prepare = (item: number, signal: AbortSignal): Promise<string> => {
    started.push(item);
    signals.set(item, signal);
    return new Promise<string>((resolve, reject) => {
      settle.set(item, { resolve, reject });
      if (signal.aborted) reject(signal.reason as Error);
      signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    });
  };
  return { started, signals, settle, prepare };
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown): void => {
  unhandled.push(reason);
};
beforeEach(() => {
  unhandled.length = 0;
  process.on('unhandledRejection', onUnhandled);
});
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
});

/** Long enough for Node.js to report a rejection nobody observed. */
const aTick = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('prepareAhead', () => {
  it('starts at most `depth` items past the one taken, and gives each its own result in order', async () => {
    const { started, settle, prepare } = controlledPreparation();
    const ahead = prepareAhead([0, 1, 2, 3, 4, 5], 2, prepare);
    const first = ahead.take(0);
    await aTick();
    expect(started).toEqual([0, 1, 2]);
    settle.get(1)!.resolve('one');
    settle.get(0)!.resolve('zero');
    expect(await first).toBe('zero');
    const second = ahead.take(1);
    await aTick();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(await second).toBe('one');
    await ahead.stop();
  });

  it('reports a failure ahead only when its item is taken, never as an unhandled rejection', async () => {
    const { settle, prepare } = controlledPreparation();
    const ahead = prepareAhead([0, 1], 1, prepare);
    const first = ahead.take(0);
    await aTick();
    settle.get(1)!.reject(new Error('registry down for item 1'));
    settle.get(0)!.resolve('zero');
    expect(await first).toBe('zero');
    await aTick();
    expect(unhandled).toEqual([]);
    await expect(ahead.take(1)).rejects.toThrow('registry down for item 1');
  });

  it('a preparation that throws at once fails its own item, not the take of an earlier one', async () => {
    const ahead = prepareAhead([0, 1, 2], 2, async (item) => item);
    const throwing = prepareAhead([0, 1, 2], 2, (item) => {
      if (item === 2) throw new Error('item 2 is malformed');
      return Promise.resolve(item);
    });
    expect(await throwing.take(0)).toBe(0);
    expect(await throwing.take(1)).toBe(1);
    await expect(throwing.take(2)).rejects.toThrow('item 2 is malformed');
    expect(await ahead.take(0)).toBe(0);
    await aTick();
    expect(unhandled).toEqual([]);
  });

  it('stop() aborts what was never taken and resolves once it settled; nothing starts after it', async () => {
    const { started, signals, prepare } = controlledPreparation();
    const ahead = prepareAhead([0, 1, 2, 3, 4, 5], 3, prepare);
    void ahead.take(0).catch(() => undefined);
    await aTick();
    expect(started).toEqual([0, 1, 2, 3]);
    await ahead.stop();
    expect([...signals.values()].every((signal) => signal.aborted)).toBe(true);
    expect(() => ahead.take(1)).toThrow(/after stop\(\)/);
    await aTick();
    expect(started).toEqual([0, 1, 2, 3]);
    expect(unhandled).toEqual([]);
  });

  it('refuses an item taken twice or out of order, naming what to do', async () => {
    const { prepare } = controlledPreparation();
    const ahead = prepareAhead([0, 1, 2], 1, prepare);
    void ahead.take(0).catch(() => undefined);
    expect(() => ahead.take(0)).toThrow(/take items once, in order/);
    expect(() => ahead.take(7)).toThrow(/out of range/);
    await ahead.stop();
  });
});
