import { describe, expect, it } from 'vitest';
import { createPhaseClock, PHASE_NAMES } from '../../src/shared/phase-clock.js';

describe('phase clock', () => {
  it('measures busy time: overlapping operations of one phase count once, idle gaps not at all', async () => {
    let now = 0;
    const clock = createPhaseClock(() => now, () => Date.UTC(2025, 0, 1));
    const endA = clock.begin('registry');
    now = 10;
    const endB = clock.begin('registry');
    now = 30;
    endA();
    now = 40;
    endB();
    now = 100; // idle
    await clock.track('registry', async () => {
      now = 105;
    });
    clock.count('registry', { requests: 2, bytes: 300 });
    clock.countFrom('registry', () => ({ cacheHits: 1, requests: 1 }));
    const registry = clock.snapshot().find((phase) => phase.name === 'registry')!;
    expect(registry).toEqual({ name: 'registry', startedAt: '2025-01-01T00:00:00.000Z', ms: 45, counts: { requests: 3, bytes: 300, cacheHits: 1, reused: 0 } });
  });

  it('lists every phase in pipeline order; one that never ran has no start; one running is measured to now', () => {
    let now = 0;
    const clock = createPhaseClock(() => now);
    clock.begin('publication');
    now = 7;
    const phases = clock.snapshot();
    expect(phases.map((phase) => phase.name)).toEqual([...PHASE_NAMES]);
    expect(phases.find((phase) => phase.name === 'detection')).toMatchObject({ startedAt: null, ms: 0 });
    expect(phases.find((phase) => phase.name === 'publication')?.ms).toBe(7);
  });

  it('ignores counts that are not non-negative numbers', () => {
    const clock = createPhaseClock();
    clock.count('tarballs', { bytes: -5, requests: Number.NaN, cacheHits: 2 });
    expect(clock.snapshot().find((phase) => phase.name === 'tarballs')?.counts).toEqual({ requests: 0, bytes: 0, cacheHits: 2, reused: 0 });
  });
});
