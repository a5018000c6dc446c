import { registerSecret } from '../shared/redaction.js';
import { RuntimeError } from './contract.js';
import type { DeploymentProfile } from './profiles/profile-schema.js';

/**
 * Finds the API key for a profile: a key the caller gives explicitly (the action's api-key
 * input, the CLI's --api-key-env variable) wins, then the environment variable the profile
 * names. The value is registered for redaction the moment it is read.
 *
 * `explicitKeySource` says, in the caller's own words, how a person gives a key explicitly
 * ("pass one in the api-key input"): the runtime is shared by the action and the CLI, and a
 * missing-key message must name what the person in front of it can actually set.
 */
export function resolveSecret(profile: DeploymentProfile, apiKey: string | undefined, env: NodeJS.ProcessEnv, explicitKeySource?: string): string | null {
  if (profile.auth.scheme === 'none') return null;
  const fromInput = apiKey !== undefined && apiKey.trim() !== '' ? apiKey.trim() : undefined;
  const variable = profile.auth.secretEnv;
  const fromEnv = variable !== undefined ? env[variable]?.trim() : undefined;
  const secret = fromInput ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined);
  if (secret === undefined) {
    // The profile schema requires auth.secretEnv whenever a key is needed; the fallback wording is defensive.
    const fromVariable = variable !== undefined ? `set the ${variable} environment variable (the profile's auth.secretEnv)` : 'give the profile an auth.secretEnv variable';
    throw new RuntimeError(
      'CONFIGURATION_ERROR',
      `profile ${profile.id} needs an API key (auth.scheme ${profile.auth.scheme}) but none was given: ${fromVariable}${explicitKeySource !== undefined ? `, or ${explicitKeySource}` : ''}`,
    );
  }
  if (/[\r\n\0]/.test(secret)) {
    throw new RuntimeError('CONFIGURATION_ERROR', `profile ${profile.id}: the API key contains a line break or NUL; copy the key again without surrounding whitespace`);
  }
  registerSecret(secret);
  return secret;
}
