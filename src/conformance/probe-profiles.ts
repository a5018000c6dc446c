import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import type { DeploymentProfile } from '../runtime/profiles/profile-schema.js';

/**
 * Probe-only profile variants. Probes must go through the same runtime path as analyses,
 * but three things must differ so that a probe measures exactly one feature:
 *
 * - retries are off (maxAttempts 1): a retried probe would hide a flaky rejection and
 *   spend budget the caller did not allow;
 * - the declared projection is off for isolation probes: otherwise the runtime would strip
 *   `uniqueItems` from the `unique-items` probe and it would test nothing;
 * - the model-not-found probe asks for a model that does not exist.
 *
 * Nothing else is recomputed: the digest stays the *original* profile's digest (the report
 * qualifies that profile, not the variant) and the source is marked probe-only so no trace
 * can mistake a variant for a shipped profile.
 */

export type ProbeProfileKind = 'isolation' | 'declared-projection' | 'bogus-model';

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const member of Object.values(value as Record<string, unknown>)) deepFreeze(member);
    Object.freeze(value);
  }
  return value;
}

export function deriveProbeProfile(loaded: LoadedProfile, kind: ProbeProfileKind, bogusModel?: string): LoadedProfile {
  const original = loaded.profile;
  const structuredOutput: DeploymentProfile['structuredOutput'] =
    kind === 'declared-projection' ? { ...original.structuredOutput } : { mode: original.structuredOutput.mode, strict: original.structuredOutput.strict };
  const profile: DeploymentProfile = {
    ...original,
    model: kind === 'bogus-model' && bogusModel !== undefined ? bogusModel : original.model,
    structuredOutput,
    retry: { ...original.retry, maxAttempts: 1 },
  };
  return { profile: deepFreeze(profile), digest: loaded.digest, source: `${loaded.source} (probe-only ${kind} variant)` };
}
