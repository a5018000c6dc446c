import { resultIdOf } from '../analysis/types.js';
import type { Bump } from '../bumps/types.js';
import { UNAUTHENTICATED_REQUEST_BUDGET, type RequestBudget } from '../evidence/repository-changelog.js';

/**
 * Tokenless GitHub reads (the CLI without GITHUB_TOKEN) share GitHub's unauthenticated limit of
 * 60 requests an hour. The run's allowance is split between bumps up front, in a fixed order
 * (by result ID), rather than spent by whichever bump asks first: the evidence of a bump — and
 * so its contextId, and whether an earlier answer can be reused — must not depend on timing.
 *
 * An npm bump needs at most five requests (visibility, two tag spellings, a root listing, the
 * file); an action bump more (tags, two action.yml reads, the commit of a pin).
 */
const REQUESTS_PER_BUMP: Readonly<Record<Bump['ecosystem'], number>> = { npm: 5, 'github-actions': 10 };

export function allocateTokenlessBudgets(bumps: readonly Bump[], total: number = UNAUTHENTICATED_REQUEST_BUDGET): Map<Bump, RequestBudget> {
  const budgets = new Map<Bump, RequestBudget>();
  let left = total;
  const ordered = [...bumps].sort((left, right) => {
    const a = resultIdOf(left.name, left.from, left.to, left.ecosystem);
    const b = resultIdOf(right.name, right.from, right.to, right.ecosystem);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  for (const bump of ordered) {
    const share = Math.min(left, REQUESTS_PER_BUMP[bump.ecosystem]);
    left -= share;
    budgets.set(bump, { remaining: share, total: share });
  }
  return budgets;
}
