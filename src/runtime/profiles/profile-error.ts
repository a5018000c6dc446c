import { RuntimeError } from '../contract.js';

/**
 * A Deployment Profile could not be found, read or validated. It is a
 * CONFIGURATION_ERROR (fail closed for the whole run); the message names the file and
 * what to change, never a secret value (profiles hold only secret *names*).
 */
export class ProfileError extends RuntimeError {
  /** The profile file or name the problem is about. */
  readonly file: string;

  /** `message` continues the sentence that names the profile: "is not valid YAML…", "does not exist…". */
  constructor(file: string, message: string, options: { cause?: unknown } = {}) {
    super('CONFIGURATION_ERROR', `Deployment profile ${file} ${message}`, { retryable: false, cause: options.cause });
    this.name = 'ProfileError';
    this.file = file;
  }
}
