import { RuntimeError } from '../runtime/contract.js';

/**
 * Conformance cannot run as configured (e.g. the profile makes no model requests). It is a
 * CONFIGURATION_ERROR so the action fails closed exactly as for a broken profile.
 */
export class ConformanceError extends RuntimeError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super('CONFIGURATION_ERROR', message, { retryable: false, cause: options.cause });
    this.name = 'ConformanceError';
  }
}
