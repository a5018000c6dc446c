import { describe, expect, it } from 'vitest';
import { createConcurrencyLimit, mapWithConcurrency } from '../../src/shared/concurrency.js';

describe('concurrency', () => {
  it('never runs more than the limit, even when a newcomer arrives as a slot frees', async () => {
    const limit = createConcurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const task = async () => {
      active += 1;
      peak = Math.max(peak, active);
      await Promise.resolve();
      active -= 1;
    };
    const first = Array.from({ length: 4 }, () => limit.run(task));
    // Newcomers queued while earlier tasks are finishing.
    await Promise.resolve();
    const late = Array.from({ length: 4 }, () => limit.run(task));
    await Promise.all([...first, ...late]);
    expect(peak).toBe(2);
  });

  it('drops a waiter whose signal aborts', async () => {
    const limit = createConcurrencyLimit(1);
    let release!: () => void;
    const holder = limit.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    const waiter = limit.run(async () => 'ran', controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiter).rejects.toThrow('stop');
    release();
    await holder;
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
  });

  it('maps with bounded concurrency and keeps input order', async () => {
    let active = 0;
    let peak = 0;
    const output = await mapWithConcurrency([5, 1, 3, 2], 2, async (value) => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, value));
      active -= 1;
      return value * 10;
    });
    expect(output).toEqual([50, 10, 30, 20]);
    expect(peak).toBe(2);
  });
});
