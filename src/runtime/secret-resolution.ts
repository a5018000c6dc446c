import { registerSecret } from '../shared/redaction.js';
import { RuntimeError } from './contract.js';
import type { DeploymentProfile } from './profiles/profile-schema.js';

/**
 * Finds the API key for a profile: the action's api-key input wins, then the environment
 * variable the profile names. The value is registered for redaction the moment it is read.
 */
export function resolveSecret(profile: DeploymentProfile, apiKey: string | undefined, env: NodeJS.ProcessEnv): string | null {
  if (profile.auth.scheme === 'none') return null;
  const fromInput = apiKey !== undefined && apiKey.trim() !== '' ? apiKey.trim() : undefined;
  const variable = profile.auth.secretEnv;
  const fromEnv = variable !== undefined ? env[variable]?.trim() : undefined;
  const secret = fromInput ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : undefined);
  if (secret === undefined) {
    throw new RuntimeError(
      'CONFIGURATION_ERROR',
      `profile ${profile.id} needs an API key (auth.scheme ${profile.auth.scheme}) but none was given: set the api-key input${variable !== undefined ? ` or the ${variable} environment variable` : ''}`,
    );
  }
  if (/[\r\n\0]/.test(secret)) {
    throw new RuntimeError('CONFIGURATION_ERROR', `profile ${profile.id}: the API key contains a line break or NUL; copy the key again without surrounding whitespace`);
  }
  registerSecret(secret);
  return secret;
}
