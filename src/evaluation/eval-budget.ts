/**
 * The spending limits of an eval run (`--max-requests`, `--max-cost`) when several samples are
 * asked at once. A sample starts only after it reserved what it may spend:
 *
 * - requests are exact: a sample may make `repeats × retry.maxAttempts` HTTP requests, all
 *   reserved before it starts, so samples in flight can never pass the limit together; what a
 *   sample did not use is handed back when it settles;
 * - cost is known only afterwards, so it is estimated: the first sample runs alone, and a later
 *   one starts only if the run stays within the budget even when it, and every sample in flight,
 *   costs as much as the costliest sample so far (a costlier one than any before can still pass
 *   it). A first sample that reported 0 (a free model) lets the rest start freely.
 *
 * A refusal while other samples are in flight means "wait": what they hand back may let the next
 * one start. A refusal with nothing in flight is final, and its reason is what the scorecard says.
 */
export interface SampleSpending {
  requests: number;
  /** Null when the endpoint reported no cost for a call that was made. */
  costUsd: number | null;
}

export interface BudgetReservation {
  readonly requests: number;
}

export type ReserveOutcome = { reserved: BudgetReservation } | { refused: string };

export interface EvalBudget {
  reserve(): ReserveOutcome;
  settle(reservation: BudgetReservation, spent: SampleSpending): void;
  readonly requests: number;
  readonly costUsd: number;
}

export interface EvalBudgetOptions {
  maxRequests: number | null;
  maxCostUsd: number | null;
  /** The most requests one sample may make: repeats × the profile's retry.maxAttempts. */
  requestsPerSample: number;
  /** The profile's retry.maxAttempts, named in the refusal so the user knows where the figure comes from. */
  attemptsPerCall: number;
}

export function createEvalBudget(options: EvalBudgetOptions): EvalBudget {
  let requests = 0;
  let costUsd = 0;
  let reservedRequests = 0;
  let inFlight = 0;
  /** The highest cost one settled sample reported; null until one did. */
  let costliestSample: number | null = null;

  return {
    get requests() {
      return requests;
    },
    get costUsd() {
      return costUsd;
    },
    reserve() {
      const { maxRequests, maxCostUsd, requestsPerSample } = options;
      if (maxRequests !== null && requests + reservedRequests + requestsPerSample > maxRequests) {
        return {
          refused: `--max-requests ${maxRequests} reached after ${requests} request(s): the next sample may make up to ${requestsPerSample} (its repeats × the profile's retry.maxAttempts, ${options.attemptsPerCall}).`,
        };
      }
      if (maxCostUsd !== null) {
        if (costUsd >= maxCostUsd) return { refused: `--max-cost ${maxCostUsd} USD reached (${costUsd.toFixed(4)} USD spent).` };
        // Nothing is known of a sample's cost until one settles: the first runs alone.
        if (costliestSample === null && inFlight > 0) return { refused: 'waiting for the first sample to report its cost' };
        if (costliestSample !== null && costUsd + (inFlight + 1) * costliestSample > maxCostUsd) {
          return {
            refused: `--max-cost ${maxCostUsd} USD: ${costUsd.toFixed(4)} USD spent, and the next sample may cost ${costliestSample.toFixed(4)} USD (the costliest so far), which could pass the budget.`,
          };
        }
      }
      reservedRequests += requestsPerSample;
      inFlight += 1;
      return { reserved: { requests: requestsPerSample } };
    },
    settle(reservation, spent) {
      reservedRequests -= reservation.requests;
      inFlight -= 1;
      requests += spent.requests;
      if (spent.costUsd !== null) {
        costUsd += spent.costUsd;
        costliestSample = Math.max(costliestSample ?? 0, spent.costUsd);
      }
    },
  };
}
