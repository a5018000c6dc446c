import { describe, expect, it } from 'vitest';
import { createEvalBudget, type BudgetReservation, type ReserveOutcome } from '../../src/evaluation/eval-budget.js';

function reserved(outcome: ReserveOutcome): BudgetReservation {
  if ('refused' in outcome) throw new Error(`expected a reservation, got: ${outcome.refused}`);
  return outcome.reserved;
}

describe('eval budget with samples in flight', () => {
  it('--max-requests: reservations of samples in flight count, and what they leave unused is handed back', () => {
    const budget = createEvalBudget({ maxRequests: 7, maxCostUsd: null, requestsPerSample: 3, attemptsPerCall: 3 });
    const first = reserved(budget.reserve());
    const second = reserved(budget.reserve());
    // 6 reserved: a third sample could take the run to 9.
    expect(budget.reserve()).toEqual({ refused: "--max-requests 7 reached after 0 request(s): the next sample may make up to 3 (its repeats × the profile's retry.maxAttempts, 3)." });
    budget.settle(first, { requests: 1, costUsd: null });
    // 1 spent + 3 reserved + 3 = 7: it fits now.
    const third = reserved(budget.reserve());
    expect('refused' in budget.reserve()).toBe(true);
    budget.settle(second, { requests: 3, costUsd: null });
    budget.settle(third, { requests: 2, costUsd: null });
    expect(budget.requests).toBe(6);
    expect(budget.reserve()).toEqual({ refused: "--max-requests 7 reached after 6 request(s): the next sample may make up to 3 (its repeats × the profile's retry.maxAttempts, 3)." });
  });

  it('--max-cost: the first sample runs alone, then samples start only while the costliest so far, times those in flight, fits', () => {
    const budget = createEvalBudget({ maxRequests: null, maxCostUsd: 1, requestsPerSample: 2, attemptsPerCall: 1 });
    const first = reserved(budget.reserve());
    expect(budget.reserve()).toEqual({ refused: 'waiting for the first sample to report its cost' });
    budget.settle(first, { requests: 2, costUsd: 0.2 });
    // 0.2 spent; two more at 0.2 each would reach 0.6, a third 0.8, a fourth 1.0.
    const inFlight = [reserved(budget.reserve()), reserved(budget.reserve()), reserved(budget.reserve()), reserved(budget.reserve())];
    expect(budget.reserve()).toEqual({ refused: '--max-cost 1 USD: 0.2000 USD spent, and the next sample may cost 0.2000 USD (the costliest so far), which could pass the budget.' });
    for (const reservation of inFlight) budget.settle(reservation, { requests: 2, costUsd: 0.15 });
    expect(budget.costUsd).toBeCloseTo(0.8);
    // 0.8 + 0.2 (the costliest) = 1.0: still within.
    const last = reserved(budget.reserve());
    budget.settle(last, { requests: 2, costUsd: 0.25 });
    expect(budget.reserve()).toEqual({ refused: '--max-cost 1 USD reached (1.0500 USD spent).' });
  });

  it('no limits: every sample starts', () => {
    const budget = createEvalBudget({ maxRequests: null, maxCostUsd: null, requestsPerSample: 4, attemptsPerCall: 2 });
    for (let index = 0; index < 100; index += 1) reserved(budget.reserve());
  });
});
