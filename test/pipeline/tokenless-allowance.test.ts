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

/** Claims every bump in `claimOrder` (each after a random delay), needing GitHub unless named in `declining`; returns the shares. */
async function shares(claimOrder: Bump[], bumps: Bump[], declining: ReadonlySet<string> = new Set(), total = 40): Promise<Record<string, number>> {
  const allowance = createTokenlessAllowance(bumps, total);
  const granted = await Promise.all(
    claimOrder.map(async (bump, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * 7) % 11));
      return [bump.name, (await allowance.claimFor(bump).claim(!declining.has(bump.name))).total] as const;
    }),
  );
  return Object.fromEntries(granted);
}

describe('tokenless allowance', () => {
  it('grants shares in result-ID order, whatever order the claims arrive in', async () => {
    const bumps = NAMES.map(npmBump);
    const inOrder = await shares(bumps, bumps);
    expect(inOrder).toEqual({ axios: 5, chalk: 5, express: 5, got: 5, lodash: 5, mime: 5, nanoid: 5, semver: 5, ws: 0, zod: 0 });
    expect(await shares([...bumps].reverse(), bumps)).toEqual(inOrder);
    expect(allowanceOrder(bumps).map((bump) => bump.name)).toEqual(['axios', 'chalk', 'express', 'got', 'lodash', 'mime', 'nanoid', 'semver', 'ws', 'zod']);
  });

  it('a bump that needs no GitHub (its tarball ships a changelog) leaves its share to the next', async () => {
    const bumps = NAMES.map(npmBump);
    const result = await shares(bumps, bumps, new Set(['axios', 'chalk', 'express']));
    expect(result).toEqual({ axios: 0, chalk: 0, express: 0, got: 5, lodash: 5, mime: 5, nanoid: 5, semver: 5, ws: 5, zod: 5 });
  });

  it('a claim waits for every earlier bump to decide, and an abandoned bump (it failed first) unblocks the rest', async () => {
    const bumps = ['a', 'b', 'c'].map(npmBump);
    const allowance = createTokenlessAllowance(bumps, 40);
    const [a, b, c] = allowanceOrder(bumps).map((bump) => allowance.claimFor(bump));
    let cGranted = false;
    const cShare = c!.claim(true).then((budget) => {
      cGranted = true;
      return budget;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cGranted).toBe(false);
    a!.abandon();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(cGranted).toBe(false);
    expect((await b!.claim(true)).total).toBe(5);
    expect((await cShare).total).toBe(5);
    // Abandoning after claiming, or claiming twice, changes nothing.
    b!.abandon();
    expect((await b!.claim(true)).total).toBe(0);
  });

  it('GitHub Action bumps have their shares set aside first; npm bumps share the rest', async () => {
    const bumps = [actionBump('actions/checkout'), actionBump('actions/setup-node'), ...['zod', 'chalk', 'axios'].map(npmBump)];
    const allowance = createTokenlessAllowance(bumps, 25);
    expect(allowance.actionBudget(bumps[0]!).total + allowance.actionBudget(bumps[1]!).total).toBe(20);
    const npm = allowanceOrder(bumps).filter((bump) => bump.ecosystem === 'npm');
    const granted = await Promise.all(npm.map((bump) => allowance.claimFor(bump).claim(true)));
    expect(granted.map((budget) => budget.total)).toEqual([5, 0, 0]);
  });
});
