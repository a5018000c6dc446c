/**
 * The run's tokenless GitHub allowance: shares are granted in result-ID order whatever the
 * timing, a bump that needs no GitHub leaves its share to the next, and an abandoned claim
 * never holds the others up.
 */
import { describe, expect, it } from 'vitest';
import type { Bump } from '../../src/bumps/types.js';
import { allowanceOrder, createTokenlessAllowance } from '../../src/pipeline/tokenless-budget.js';

const npmBump = (name: string): Bump => ({ ecosystem: 'npm', name, manifests: ['package.json'], dependencyTypes: ['prod'], from: '1.0.0', to: '2.0.0', fromSpec: '1.0.0', toSpec: '2.0.0', direction: 'upgrade', semverClass: 'major', versionSource: 'manifest', lockfiles: [], installPaths: [], direct: true });
const actionBump = (name: string): Bump => ({ ...npmBump(name), ecosystem: 'github-actions', from: 'v3', to: 'v4', fromSpec: 'v3', toSpec: 'v4', versionSource: 'manifest' });

const NAMES = ['zod', 'chalk', 'axios', 'lodash', 'express', 'ws', 'semver', 'nanoid', 'mime', 'got'];

/**
 * Claims every bump in `claimOrder` (each after a small delay), needing GitHub unless named in
 * `declining`; a granted bump spends up to `spend` requests, then says it is done. Returns the shares.
 */
async function shares(claimOrder: Bump[], bumps: Bump[], options: { declining?: ReadonlySet<string>; total?: number; spend?: number } = {}): Promise<Record<string, number>> {
  const allowance = createTokenlessAllowance(bumps, options.total ?? 40);
  const granted = await Promise.all(
    claimOrder.map(async (bump, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 7) % 11));
      const handle = allowance.claimFor(bump);
      const budget = await handle.claim(!(options.declining ?? new Set()).has(bump.name));
      const total = budget.total;
      await new Promise((resolve) => setTimeout(resolve, (index * 3) % 5));
      budget.remaining -= Math.min(budget.remaining, options.spend ?? 3);
      handle.done();
      return [bump.name, total] as const;
    }),
  );
  return Object.fromEntries(granted);
}

describe('tokenless allowance', () => {
  it('grants shares one at a time in result-ID order, whatever order the claims arrive in, and grants again what a bump did not spend', async () => {
    const bumps = NAMES.map(npmBump);
    expect(allowanceOrder(bumps).map((bump) => bump.name)).toEqual(['axios', 'chalk', 'express', 'got', 'lodash', 'mime', 'nanoid', 'semver', 'ws', 'zod']);
    // 20 requests, 3 spent of each 6 granted: 20 → 17 → 14 → 11 → 8 → 5 → 2 → 0.
    const inOrder = await shares(bumps, bumps, { total: 20 });
    expect(inOrder).toEqual({ axios: 6, chalk: 6, express: 6, got: 6, lodash: 6, mime: 5, nanoid: 2, semver: 0, ws: 0, zod: 0 });
    expect(await shares([...bumps].reverse(), bumps, { total: 20 })).toEqual(inOrder);
  });

  it('a bump that needs no GitHub (its tarball ships a changelog) leaves its share to the next', async () => {
    const bumps = NAMES.map(npmBump);
    const result = await shares(bumps, bumps, { total: 20, spend: 5, declining: new Set(['axios', 'chalk', 'express']) });
    expect(result).toEqual({ axios: 0, chalk: 0, express: 0, got: 6, lodash: 6, mime: 6, nanoid: 5, semver: 0, ws: 0, zod: 0 });
  });

  it('a claim waits until every earlier bump has declined or finished its reads; a bump that failed before claiming unblocks the rest', async () => {
    const bumps = ['a', 'b', 'c'].map(npmBump);
    const allowance = createTokenlessAllowance(bumps, 40);
    const [a, b, c] = allowanceOrder(bumps).map((bump) => allowance.claimFor(bump));
    let cGranted = false;
    const cShare = c!.claim(true).then((budget) => {
      cGranted = true;
      return budget;
    });
    const bShare = await (async () => {
      a!.done(); // failed before it could claim
      return b!.claim(true);
    })();
    expect(bShare.total).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cGranted).toBe(false); // b still reads
    bShare.remaining -= 1;
    b!.done();
    expect((await cShare).total).toBe(6);
    // After done, the share is gone: no further read can spend it; done and claim again change nothing.
    expect(bShare.remaining).toBe(0);
    b!.done();
    expect((await b!.claim(true)).total).toBe(0);
  });

  it('GitHub Action bumps have their shares set aside first; npm bumps share the rest', async () => {
    const bumps = [actionBump('actions/checkout'), actionBump('actions/setup-node'), ...['zod', 'chalk', 'axios'].map(npmBump)];
    const allowance = createTokenlessAllowance(bumps, 25);
    expect(allowance.actionBudget(bumps[0]!).total + allowance.actionBudget(bumps[1]!).total).toBe(20);
    const npm = allowanceOrder(bumps).filter((bump) => bump.ecosystem === 'npm');
    const granted: number[] = [];
    for (const bump of npm) {
      const handle = allowance.claimFor(bump);
      const budget = await handle.claim(true);
      granted.push(budget.total);
      budget.remaining = 0;
      handle.done();
    }
    expect(granted).toEqual([5, 0, 0]);
  });
});
