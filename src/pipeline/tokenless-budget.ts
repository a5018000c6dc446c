import { resultIdOf } from '../analysis/types.js';
import type { Bump } from '../bumps/types.js';
import { UNAUTHENTICATED_REQUEST_BUDGET, type AllowanceClaim, type RequestBudget } from '../evidence/repository-changelog.js';

/**
 * Tokenless GitHub reads (the CLI without GITHUB_TOKEN) share GitHub's unauthenticated limit of
 * 60 requests an hour, so a run spends at most {@link UNAUTHENTICATED_REQUEST_BUDGET}. The
 * evidence of a bump — and so its contextId, and whether an earlier answer can be reused — must
 * not depend on timing, so who gets requests is decided in a fixed order (by result ID), never
 * by whichever bump asks first:
 *
 * - a GitHub Action bump needs its share whatever happens (tags, two action.yml reads, the
 *   commit of a pin): its share is set aside up front;
 * - an npm bump needs GitHub only when neither its tarball nor anything else carries release
 *   text, which is known only once its tarball is read. Each npm bump *claims* a share or
 *   declines. Claims are granted one at a time in result-ID order: a bump's share is granted once
 *   every earlier bump has declined or finished its GitHub reads, and what an earlier bump did
 *   not spend is granted again. GitHub reads of npm bumps are therefore sequential in a tokenless
 *   run (a few requests each); registry and tarball work stays parallel.
 */
const REQUESTS_PER_BUMP: Readonly<Record<Bump['ecosystem'], number>> = {
  // Visibility, two tag spellings, a root listing or the commit log, the file; a monorepo
  // package's folder log takes two (evidence/package-commit-log.ts), after the visibility, two
  // tag listings and its root listing. A commit log of more than 100 commits takes one request
  // per further page, and is read only when what is left of the share covers them all
  // (evidence/commit-log.ts).
  npm: 6,
  'github-actions': 10,
};

export interface TokenlessAllowance {
  /** The bumps in the order shares are decided ({@link allowanceOrder}). */
  readonly order: readonly Bump[];
  /** Fixed shares of GitHub Action bumps. */
  actionBudget(bump: Bump): RequestBudget;
  /**
   * The claim handle of an npm bump: `claim` resolves, in result-ID order, to its share (zero
   * when it declines or the allowance is spent); `done` (idempotent) ends its GitHub reads and
   * returns what it did not spend. Every handle must end in `done`, or later bumps wait.
   */
  claimFor(bump: Bump): AllowanceClaim;
}

/** The bumps in the order the allowance decides them; the evidence phase starts them in this order too. */
export function allowanceOrder(bumps: readonly Bump[]): Bump[] {
  // One result ID (a digest) per bump, not one per comparison.
  const keyed = bumps.map((bump) => ({ bump, id: resultIdOf(bump.name, bump.from, bump.to, bump.ecosystem) }));
  return keyed.sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0)).map(({ bump }) => bump);
}

export function createTokenlessAllowance(bumps: readonly Bump[], total: number = UNAUTHENTICATED_REQUEST_BUDGET): TokenlessAllowance {
  const ordered = allowanceOrder(bumps);
  let left = total;
  const actionBudgets = new Map<Bump, RequestBudget>();
  for (const bump of ordered.filter((entry) => entry.ecosystem === 'github-actions')) {
    const share = Math.min(left, REQUESTS_PER_BUMP['github-actions']);
    left -= share;
    actionBudgets.set(bump, { remaining: share, total: share });
  }

  const npmBumps = ordered.filter((entry) => entry.ecosystem === 'npm');
  const decisions: Array<{ needs: boolean; grant: (budget: RequestBudget) => void } | undefined> = new Array(npmBumps.length);
  const finished: boolean[] = npmBumps.map(() => false);
  /** The bump holding a granted share and still reading, with that share. */
  let holder: { index: number; budget: RequestBudget } | null = null;
  let nextToDecide = 0;
  const settle = (): void => {
    // One share out at a time, in order: the next claim waits for the holder's leftover.
    while (holder === null && nextToDecide < npmBumps.length && decisions[nextToDecide] !== undefined) {
      const index = nextToDecide;
      const decision = decisions[index]!;
      nextToDecide += 1;
      const share = decision.needs && !finished[index] ? Math.min(left, REQUESTS_PER_BUMP.npm) : 0;
      left -= share;
      const budget = { remaining: share, total: share };
      if (share > 0) holder = { index, budget };
      decision.grant(budget);
    }
  };
  const finish = (index: number): void => {
    if (finished[index]) return;
    finished[index] = true;
    if (decisions[index] === undefined) decisions[index] = { needs: false, grant: () => undefined };
    if (holder?.index === index) {
      left += Math.max(0, holder.budget.remaining);
      // The share is spent or returned: no read after this may use it.
      holder.budget.remaining = 0;
      holder = null;
    }
    settle();
  };

  return {
    order: ordered,
    actionBudget(bump) {
      return actionBudgets.get(bump) ?? { remaining: 0, total: 0 };
    },
    claimFor(bump) {
      const index = npmBumps.indexOf(bump);
      if (index < 0) throw new Error(`${bump.name} ${bump.from} → ${bump.to} is not an npm bump of this run`);
      return {
        claim: (needsGitHub) =>
          new Promise((grant) => {
            if (decisions[index] !== undefined || finished[index]) return grant({ remaining: 0, total: 0 });
            decisions[index] = { needs: needsGitHub, grant };
            settle();
          }),
        done: () => finish(index),
      };
    },
  };
}
