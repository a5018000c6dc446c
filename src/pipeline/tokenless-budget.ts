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
 *   declines; claims are granted in result-ID order once every earlier npm bump has claimed or
 *   declined, so a bump with a changelog in its tarball leaves its share to the next one.
 */
const REQUESTS_PER_BUMP: Readonly<Record<Bump['ecosystem'], number>> = {
  // Visibility, two tag spellings, a root listing or the commit log, the file.
  npm: 5,
  'github-actions': 10,
};

export interface TokenlessAllowance {
  /** Fixed shares of GitHub Action bumps. */
  actionBudget(bump: Bump): RequestBudget;
  /**
   * The claim handle of an npm bump: `claim` resolves, in result-ID order, to its share (zero
   * when it declines or the allowance is spent); `abandon` (idempotent) declines for a bump that
   * failed or stopped before claiming. Every handle must end in one of the two, or later bumps wait.
   */
  claimFor(bump: Bump): AllowanceClaim;
}

function byResultId(left: Bump, right: Bump): number {
  const a = resultIdOf(left.name, left.from, left.to, left.ecosystem);
  const b = resultIdOf(right.name, right.from, right.to, right.ecosystem);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The bumps in the order the allowance decides them; the evidence phase starts them in this order too. */
export function allowanceOrder(bumps: readonly Bump[]): Bump[] {
  return [...bumps].sort(byResultId);
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
  let nextToDecide = 0;
  const settle = (): void => {
    // Grant every decided claim whose predecessors have all decided, in order.
    while (nextToDecide < npmBumps.length && decisions[nextToDecide] !== undefined) {
      const decision = decisions[nextToDecide]!;
      const share = decision.needs ? Math.min(left, REQUESTS_PER_BUMP.npm) : 0;
      left -= share;
      decision.grant({ remaining: share, total: share });
      nextToDecide += 1;
    }
  };

  return {
    actionBudget(bump) {
      return actionBudgets.get(bump) ?? { remaining: 0, total: 0 };
    },
    claimFor(bump) {
      const index = npmBumps.indexOf(bump);
      if (index < 0) throw new Error(`${bump.name} ${bump.from} → ${bump.to} is not an npm bump of this run`);
      let decided = false;
      const decide = (needs: boolean): Promise<RequestBudget> =>
        new Promise((grant) => {
          if (decided) return grant({ remaining: 0, total: 0 });
          decided = true;
          decisions[index] = { needs, grant };
          settle();
        });
      return {
        claim: decide,
        abandon: () => void decide(false),
      };
    },
  };
}
