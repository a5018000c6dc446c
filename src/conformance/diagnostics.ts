import { RuntimeError, type RuntimeErrorCode } from '../runtime/contract.js';
import { sanitizeMessage } from '../shared/redaction.js';

/**
 * Canonical, storable diagnostics from runtime failures. The runtime's messages are already
 * redacted, prompt-scrubbed and bounded; here they are shortened further to one line without
 * the endpoint origin (the report shows it once, in the configuration) and without anything
 * that looks like a JSON document, because some providers quote the rejected schema back.
 */

export interface FailureFacts {
  httpStatus: number | null;
  errorCode: RuntimeErrorCode;
  providerError: string | null;
  diagnostic: string;
  /** HTTP attempts the runtime made before failing (0 when it failed before sending). */
  attempts: number;
}

const MAX_DIAGNOSTIC = 200;
/** `(CODE) [type/code]: detail` as error-mapping.ts formats provider errors. */
const PROVIDER_ERROR_SHAPE = /\(([A-Z_]+)\)(?: \[([^\]]{1,130})\])?: (.*)$/s;
/** A quoted JSON object or array of any real size: a schema or body echo, never kept. */
const JSON_ECHO = /[{[][^]{40,}[}\]]/g;

export function canonicalText(text: string, origin: string): string {
  const withoutOrigin = origin === '' ? text : text.split(origin).join('endpoint');
  return sanitizeMessage(withoutOrigin.replace(JSON_ECHO, '[structured text omitted]'), MAX_DIAGNOSTIC);
}

export function describeFailure(error: unknown, origin: string): FailureFacts {
  if (!(error instanceof RuntimeError)) {
    // The runtime promises RuntimeError only; anything else is reported by its type alone.
    return { httpStatus: null, errorCode: 'UNKNOWN', providerError: null, diagnostic: `unexpected failure (${error instanceof Error ? error.name : typeof error})`, attempts: 0 };
  }
  const match = PROVIDER_ERROR_SHAPE.exec(error.message);
  const providerError = match?.[2] !== undefined ? sanitizeMessage(match[2], 60) : null;
  const detail = match?.[3] ?? error.message;
  const status = error.status === null ? '' : `HTTP ${error.status} `;
  return {
    httpStatus: error.status,
    errorCode: error.code,
    providerError,
    diagnostic: sanitizeMessage(`${status}${error.code}${providerError !== null ? ` [${providerError}]` : ''}: ${canonicalText(detail, origin)}`, MAX_DIAGNOSTIC),
    attempts: error.telemetry?.attempts ?? 0,
  };
}
