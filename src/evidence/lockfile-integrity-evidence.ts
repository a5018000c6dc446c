import type { Bump } from '../bumps/types.js';
import { packageIdOf } from '../bumps/types.js';
import { integritiesDisagree } from '../bumps/lockfile-integrity.js';
import type { RegistryFacts } from '../ecosystems/types.js';
import { makeEvidenceItem } from './evidence-item.js';
import { REGISTRY_SOURCE_ID } from './registry-fact-evidence.js';
import type { EvidenceItem } from './types.js';

/** SRI strings are short; anything longer is cut before it reaches a fact or the manifest. */
const MAX_INTEGRITY_CHARS = 200;

export interface LockfileIntegrityCheck {
  mismatch: { lockfile: string; registry: string } | null;
  /** A `registryFact` item stating the mismatch, so the analyzer (model or extractive) sees it. */
  evidence: EvidenceItem | null;
}

/**
 * Compares the integrity the head lockfile records for the target version with the one the
 * registry publishes. A difference means the lockfile would install bytes the registry never
 * published for that version (a tampered or hand-edited lockfile): a supply-chain fact, shown
 * next to the analysis and a reason for human review, never silently accepted.
 */
export function checkLockfileIntegrity(bump: Bump, facts: RegistryFacts | null, lockfileIntegrity: string | null): LockfileIntegrityCheck {
  const registryIntegrity = facts?.to?.integrity ?? null;
  if (bump.to === null || !integritiesDisagree(lockfileIntegrity, registryIntegrity)) return { mismatch: null, evidence: null };
  const mismatch = { lockfile: lockfileIntegrity!.slice(0, MAX_INTEGRITY_CHARS), registry: registryIntegrity!.slice(0, MAX_INTEGRITY_CHARS) };
  const evidence = makeEvidenceItem({
    packageId: packageIdOf(bump),
    sourceId: REGISTRY_SOURCE_ID,
    kind: 'registryFact',
    locator: 'fact/lockfile-integrity',
    title: `npm registry — ${bump.name} ${bump.to} — lockfile integrity`,
    sourceUrl: `${facts!.packagePageUrl}/v/${bump.to}`,
    releaseVersions: [bump.to],
    content:
      `The lockfile (${bump.lockfiles.join(', ')}) records integrity ${mismatch.lockfile} for ${bump.name}@${bump.to}, ` +
      `but the registry publishes ${mismatch.registry}: the package the lockfile would install is not the published one.`,
  });
  return { mismatch, evidence };
}
