/**
 * prepareAhead: `depverdict eval` gathers the evidence of the next samples while it scores one,
 * and still hands them over one at a time, in order.
 */
import { describe, expect, it } from 'vitest';
import { prepareAhead } from '../../src/evaluation/prepare-ahead.js';

/** A preparation the test settles by hand, recording when each item was started. */
function controlledPreparation() {
  const started: number[] = [];
  const settle = new Map<number, { resolve: (value: string) => void; reject: (error: Error) => void }>();
  const prepare = (item: number): Promise<string> => {
    started.push(item);
    return new Promise<string>((resolve, reject) => settle.set(item, { resolve, reject }));
  };
  return { started, settle, prepare };
}

describe('prepareAhead', () => {
  it('starts at most `depth` items past the one taken, and gives each its own result in order', async () => {
    const { started, settle, prepare } = controlledPreparation();
    const take = prepareAhead([0, 1, 2, 3, 4, 5], 2, prepare);
    const first = take(0);
    expect(started).toEqual([0, 1, 2]);
    settle.get(1)!.resolve('one');
    settle.get(0)!.resolve('zero');
    expect(await first).toBe('zero');
    const second = take(1);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(await second).toBe('one');
  });

  it('reports a failure ahead only when its item is taken, never as an unhandled rejection', async () => {
    const { settle, prepare } = controlledPreparation();
    const take = prepareAhead([0, 1], 1, prepare);
    const first = take(0);
    settle.get(1)!.reject(new Error('registry down for item 1'));
    settle.get(0)!.resolve('zero');
    expect(await first).toBe('zero');
    // Give an unhandled rejection the chance to surface before the item is taken.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await expect(take(1)).rejects.toThrow('registry down for item 1');
  });

  it('refuses an item taken twice or out of order, naming what to do', () => {
    const { prepare } = controlledPreparation();
    const take = prepareAhead([0, 1, 2], 1, prepare);
    void take(0);
    expect(() => take(0)).toThrow(/take items once, in order/);
    expect(() => take(7)).toThrow(/out of range/);
  });
});
