import { request, type Dispatcher } from 'undici';

/**
 * One bounded HTTP exchange. Every outbound call DepVerdict makes (registry, tarballs,
 * model endpoints) goes through here so the same limits hold everywhere:
 * - a total deadline (undici's bodyTimeout is only idle time between chunks),
 * - a byte cap counted while streaming (the body is destroyed past the cap),
 * - redirects are never followed (undici.request returns the 3xx; callers treat it as an error),
 * - the caller's AbortSignal cancels the exchange.
 */
export interface BoundedRequest {
  url: string;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Total time for headers and body, in milliseconds. */
  timeoutMs: number;
  /** Maximum body bytes; a larger body fails with kind `too-large`. */
  maxBytes: number;
  /** Time allowed until response headers arrive (defaults to timeoutMs). */
  headersTimeoutMs?: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

export interface BoundedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Milliseconds from sending to the first response byte (headers). */
  headersMs: number;
  /** Milliseconds from sending to the last body byte. */
  totalMs: number;
}

export type HttpFailureKind = 'timeout' | 'cancelled' | 'network' | 'too-large';

/** A transport failure: no complete HTTP response was read. Messages never include bodies. */
export class HttpTransportError extends Error {
  readonly kind: HttpFailureKind;
  constructor(kind: HttpFailureKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'HttpTransportError';
    this.kind = kind;
  }
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Host part of a URL, for error messages that must not leak paths or query strings. */
export function describeOrigin(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '<invalid URL>';
  }
}

export async function boundedRequest(options: BoundedRequest): Promise<BoundedResponse> {
  const started = performance.now();
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;
  const origin = describeOrigin(options.url);

  const classify = (error: unknown): HttpTransportError => {
    if (error instanceof HttpTransportError) return error;
    if (options.signal?.aborted) return new HttpTransportError('cancelled', `request to ${origin} was cancelled`, { cause: error });
    if (deadline.aborted) {
      return new HttpTransportError('timeout', `request to ${origin} exceeded ${options.timeoutMs} ms`, { cause: error });
    }
    const code = (error as { code?: string } | undefined)?.code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new HttpTransportError('timeout', `request to ${origin} timed out (${code})`, { cause: error });
    }
    return new HttpTransportError('network', `request to ${origin} failed${code ? ` (${code})` : ''}`, { cause: error });
  };

  let response: Dispatcher.ResponseData;
  try {
    response = await request(options.url, {
      method: options.method ?? 'GET',
      headers: options.headers,
      body: options.body,
      signal,
      dispatcher: options.dispatcher,
      headersTimeout: options.headersTimeoutMs ?? options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  } catch (error) {
    throw classify(error);
  }
  const headersMs = performance.now() - started;

  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response.body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      size += buffer.length;
      if (size > options.maxBytes) {
        response.body.destroy();
        throw new HttpTransportError('too-large', `response from ${origin} exceeded ${options.maxBytes} bytes`);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    throw classify(error);
  }
  return {
    status: response.statusCode,
    headers: flattenHeaders(response.headers),
    body: Buffer.concat(chunks),
    headersMs,
    totalMs: performance.now() - started,
  };
}

/** True for 127.0.0.0/8, ::1 and localhost: the only hosts allowed over plain HTTP. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
