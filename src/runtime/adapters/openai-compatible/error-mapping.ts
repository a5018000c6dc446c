import { sanitizeMessage } from '../../../shared/redaction.js';
import { RuntimeError, type RuntimeErrorCode } from '../../contract.js';

/**
 * Provider error responses → stable RuntimeError codes. OpenAI-compatible servers disagree
 * on the envelope (`{error:{...}}`, `{error:"text"}`, top-level `{message,type,code}`,
 * numeric or string codes), so the envelope is read leniently and the *status* decides the
 * code, with message words only refining 400/422. Messages are untrusted: bounded,
 * redacted, scrubbed of prompt echoes, and never the raw body.
 */

export interface ErrorEnvelope {
  message: string | null;
  type: string | null;
  code: string | null;
  /** OpenRouter's numeric `error.code`, which mirrors an HTTP status. */
  numericCode: number | null;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reads every known envelope variant; returns nulls for what is absent. */
export function readErrorEnvelope(parsed: unknown): ErrorEnvelope {
  const empty: ErrorEnvelope = { message: null, type: null, code: null, numericCode: null };
  if (!isRecord(parsed)) return empty;
  const error = Object.hasOwn(parsed, 'error') ? parsed.error : undefined;
  if (typeof error === 'string') return { ...empty, message: error };
  const source = isRecord(error) ? error : parsed;
  const code = source.code;
  let message = text(source.message);
  // OpenRouter wraps upstream failures as "Provider returned error" with metadata.error_type.
  const metadata = isRecord(source.metadata) ? source.metadata : null;
  const metadataType = metadata ? text(metadata.error_type) : null;
  if (message === null && typeof source.detail === 'string') message = source.detail;
  return {
    message,
    type: text(source.type) ?? metadataType,
    code: text(code),
    numericCode: typeof code === 'number' && Number.isInteger(code) ? code : typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : null,
  };
}

const SCHEMA_WORDS = /response_format|json_schema|json schema|\bschema\b|structured output|xgrammar|guided_json/i;
const MODEL_WORDS = /invalid model name|model[^.]{0,80}(not found|does not exist|not exist|unknown|not available)|no such model|model_not_found|unknown model/i;

/** Removes any prompt text a provider echoed back (whole prompts and their longer lines). */
export function scrubPromptEcho(message: string, promptTexts: readonly string[]): string {
  let out = message;
  for (const prompt of promptTexts) {
    if (prompt.length >= 8) out = out.split(prompt).join('[prompt]');
    for (const line of prompt.split('\n')) {
      const trimmed = line.trim();
      if (trimmed.length >= 16) out = out.split(trimmed).join('[prompt]');
    }
  }
  return out;
}

interface Classification {
  code: RuntimeErrorCode;
  retryable: boolean;
}

function classify(status: number, envelope: ErrorEnvelope): Classification {
  const words = `${envelope.message ?? ''} ${envelope.type ?? ''} ${envelope.code ?? ''}`;
  switch (status) {
    case 400:
      if (MODEL_WORDS.test(words)) return { code: 'MODEL_NOT_FOUND', retryable: false };
      if (SCHEMA_WORDS.test(words)) return { code: 'SCHEMA_REJECTED', retryable: false };
      return { code: 'INVALID_REQUEST', retryable: false };
    case 401:
      return { code: 'AUTH_ERROR', retryable: false };
    case 402:
      return { code: 'INSUFFICIENT_CREDIT', retryable: false };
    case 403:
      return { code: 'ACCESS_DENIED', retryable: false };
    case 404:
      return { code: 'MODEL_NOT_FOUND', retryable: false };
    case 408:
    case 504:
      return { code: 'TIMEOUT', retryable: true };
    case 413:
      return { code: 'INVALID_REQUEST', retryable: false };
    case 422:
      return SCHEMA_WORDS.test(words) ? { code: 'SCHEMA_REJECTED', retryable: false } : { code: 'INVALID_REQUEST', retryable: false };
    case 429:
      return { code: 'RATE_LIMITED', retryable: true };
    case 500:
      return { code: 'PROVIDER_ERROR', retryable: true };
    case 502:
    case 503:
    case 529:
      return { code: 'PROVIDER_UNAVAILABLE', retryable: true };
    default:
      return { code: 'UNKNOWN', retryable: false };
  }
}

const HINTS: Partial<Record<RuntimeErrorCode, string>> = {
  AUTH_ERROR: 'check the API key DepVerdict sent (the one given explicitly, else the profile auth.secretEnv variable)',
  ACCESS_DENIED: 'the key is not allowed to use this model or route',
  INSUFFICIENT_CREDIT: 'add credit to the provider account',
  MODEL_NOT_FOUND: 'check the profile model name and endpoint URL',
  SCHEMA_REJECTED: 'the endpoint rejected the JSON Schema; declare a projection or use a profile whose capabilities match',
};

/** Builds the RuntimeError for a non-2xx response. */
export function mapErrorResponse(options: {
  status: number;
  parsedBody: unknown;
  origin: string;
  retryAfterMs: number | null;
  promptTexts: readonly string[];
}): RuntimeError {
  const envelope = readErrorEnvelope(options.parsedBody);
  const { code, retryable } = classify(options.status, envelope);
  return new RuntimeError(code, describeProviderError(`${options.origin} answered HTTP ${options.status}`, code, envelope, options.promptTexts), {
    retryable,
    status: options.status,
    retryAfterMs: options.retryAfterMs,
  });
}

/** An `error` object inside a 200 body (OpenRouter does this for upstream failures). */
export function mapErrorInSuccessBody(parsedBody: unknown, origin: string, promptTexts: readonly string[]): RuntimeError {
  const envelope = readErrorEnvelope(parsedBody);
  const embeddedStatus = envelope.numericCode !== null && envelope.numericCode >= 400 && envelope.numericCode <= 599 ? envelope.numericCode : null;
  const { code, retryable } = embeddedStatus !== null ? classify(embeddedStatus, envelope) : { code: 'PROVIDER_ERROR' as const, retryable: false };
  return new RuntimeError(code, describeProviderError(`${origin} answered HTTP 200 with an error object`, code, envelope, promptTexts), { retryable, status: 200 });
}

function describeProviderError(prefix: string, code: RuntimeErrorCode, envelope: ErrorEnvelope, promptTexts: readonly string[]): string {
  const detail = envelope.message === null ? 'no error message' : sanitizeMessage(scrubPromptEcho(envelope.message, promptTexts), 200);
  const kind = [envelope.type, envelope.code].filter((part): part is string => part !== null).map((part) => sanitizeMessage(scrubPromptEcho(part, promptTexts), 60));
  const hint = HINTS[code];
  return `${prefix} (${code})${kind.length > 0 ? ` [${kind.join('/')}]` : ''}: ${detail}${hint ? `; ${hint}` : ''}`;
}
