import { digestOf } from '../shared/canonical-json.js';
import type { RuntimeDescriptor } from './contract.js';
import type { LoadedProfile } from './profiles/load-profile.js';

/** Binds a loaded profile to the descriptor every trace entry and comment records. */
export function describeProfile(loaded: LoadedProfile): RuntimeDescriptor {
  const profile = loaded.profile;
  return {
    profileId: profile.id,
    profileDigest: loaded.digest,
    adapter: profile.adapter,
    mode: profile.mode,
    requestedIdentity: { model: profile.model, provider: profile.identity.provider?.exact ?? null },
    // The routing digest lets a trace reader see a changed provider lock without diffing profiles.
    routingPolicyDigest: profile.routing.gateway === 'none' ? null : digestOf(profile.routing),
    gateway: profile.routing.gateway,
    concurrency: profile.limits.concurrency,
    deterministic: profile.adapter === 'extractive',
    structuredOutputMode: profile.structuredOutput.mode,
  };
}
