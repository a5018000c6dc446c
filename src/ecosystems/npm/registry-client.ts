import type { Dispatcher } from 'undici';
import { parseRetryAfter as parseRetryAfterHeaders } from '../../shared/retry-after.js';
import { createConcurrencyLimit } from '../../shared/concurrency.js';
import { boundedRequest, describeOrigin, HttpTransportError, isLoopbackHost, type BoundedResponse } from '../../shared/bounded-http.js';
import { silentLogger, type Logger } from '../../shared/logger.js';
import { sleepUnlessStopped, UNBOUNDED_RUN, type RunBounds } from '../../shared/run-bounds.js';
import { registerSecret, sanitizeMessage } from '../../shared/redaction.js';
import { encodePackageName, isValidPackageName, parseJsonDroppingProtoKeys, parsePackument, type Packument } from './packument.js';

/**
 * npm registry client: full packuments and tarballs, through the shared bounded HTTP layer.
 * One client lives for one run; it asks for each package at most once (the promise is shared,
 * so concurrent callers wait for the same request) and limits parallel requests so a 50-bump
 * grouped PR does not hammer the registry.
 */

export const DEFAULT_REGISTRY_URL = 'https://registry.npmjs.org';

/** Default packument size limit. The largest real packuments are a few tens of MiB. */
export const DEFAULT_MAX_PACKUMENT_BYTES = 32 * 1024 * 1024;
export const DEFAULT_MAX_TARBALL_BYTES = 16 * 1024 * 1024;
/** Bulk advisory answers are a few KiB per package; anything near this is not an answer. */
export const MAX_ADVISORY_RESPONSE_BYTES = 2 * 1024 * 1024;
/** Tarball URLs longer than this are refused: no registry needs them, and they end up in messages. */
const MAX_TARBALL_URL_CHARS = 2048;

export type RegistryErrorCode =
  | 'PACKAGE_NOT_FOUND'
  | 'REGISTRY_RATE_LIMITED'
  | 'REGISTRY_UNAVAILABLE'
  | 'REGISTRY_TIMEOUT'
  | 'REGISTRY_RESPONSE_INVALID'
  | 'REGISTRY_ACCESS_DENIED'
  | 'REGISTRY_URL_REFUSED'
  | 'PACKAGE_NAME_INVALID'
  /** The registry does not offer the endpoint (404/405/501): mirrors often lack the audit API. */
  | 'ENDPOINT_UNSUPPORTED';

/** Codes a later attempt may cure; the client already retried them before throwing. */
const RETRYABLE_CODES: ReadonlySet<RegistryErrorCode> = new Set(['REGISTRY_RATE_LIMITED', 'REGISTRY_UNAVAILABLE']);

export class RegistryError extends Error {
  readonly code: RegistryErrorCode;
  /** The package (or `name@version` tarball) the error is about; null for configuration errors. */
  readonly subject: string | null;
  readonly status: number | null;
  /** Parsed Retry-After of a 429 or 5xx answer, in milliseconds. */
  readonly retryAfterMs: number | null;
  readonly retryable: boolean;
  constructor(code: RegistryErrorCode, message: string, details: { subject?: string | null; status?: number | null; retryAfterMs?: number | null; cause?: unknown } = {}) {
    // Messages are built from our own words plus registry origins; sanitise anyway so a token
    // that slipped into a URL can never leave through an error.
    super(sanitizeMessage(message, 500), { cause: details.cause });
    this.name = 'RegistryError';
    this.code = code;
    this.subject = details.subject ?? null;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.retryable = RETRYABLE_CODES.has(code);
  }
}

export interface NpmRegistryClientOptions {
  registryUrl?: string;
  token?: string;
  timeoutMs?: number;
  /** Largest packument read, in bytes (default {@link DEFAULT_MAX_PACKUMENT_BYTES}). */
  maxPackumentBytes?: number;
  /** Largest tarball read, in bytes (default {@link DEFAULT_MAX_TARBALL_BYTES}). */
  maxTarballBytes?: number;
  /**
   * Further origins (`https://host[:port]`) tarballs may be downloaded from, for registries that
   * serve tarballs from a separate host. The registry's own origin and https://registry.npmjs.org
   * are always allowed; anything else in a packument's `dist.tarball` is refused.
   */
  tarballOrigins?: readonly string[];
  concurrency?: number;
  dispatcher?: Dispatcher;
  logger?: Logger;
  /** Retries after the first attempt for 429, 5xx and network failures (default 2). */
  maxRetries?: number;
  /** First backoff delay; doubles per retry, capped at 10 s (default 500 ms). */
  backoffBaseMs?: number;
  /** Injected wait, so tests can observe backoff without waiting. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** Random source in [0, 1) for backoff jitter (tests make it fixed). */
  random?: () => number;
  /**
   * The run this client serves: its signal aborts requests in flight and backoff waits, and no
   * wait is started that would outlast the run's deadline.
   */
  run?: RunBounds;
  /**
   * Packuments kept from earlier runs. A stored packument is never used as it is: it is
   * revalidated with If-None-Match / If-Modified-Since, and used only when the registry answers
   * 304 Not Modified (which costs no body), so new versions and deprecations are always seen.
   */
  packumentCache?: PackumentCache;
}

/** A packument as stored between runs, with the validators the registry sent with it. */
export interface StoredPackument {
  etag: string | null;
  lastModified: string | null;
  body: Buffer;
}

export interface PackumentCache {
  read(name: string): Promise<StoredPackument | null>;
  write(name: string, entry: StoredPackument): Promise<void>;
  /** The stored copy could not be used (e.g. it no longer parses): forget it. */
  discard(name: string, reason: string): Promise<void>;
}

/** Requests and bytes this client exchanged with the registry (for the trace's phases and the bench). */
export interface RegistryStats {
  packumentRequests: number;
  tarballRequests: number;
  advisoryRequests?: number;
  /** Body bytes received for packuments and tarballs. */
  packumentBytes?: number;
  tarballBytes?: number;
  /** Packuments the registry confirmed unchanged (304): served from the cache, no body sent. */
  packumentsNotModified?: number;
  /** Tarballs served from a verified cached copy, without a request. */
  tarballCacheHits?: number;
}

export interface NpmRegistryClient {
  getPackument(name: string): Promise<Packument>;
  /**
   * `label` (e.g. `express@5.1.0`) names the tarball in errors. `integrity` (the packument's
   * SRI) lets a caching client check a stored copy; callers verify the bytes they get anyway.
   */
  getTarball(url: string, label?: string, integrity?: string | null): Promise<Buffer>;
  /**
   * The bulk advisory endpoint `npm audit` uses: `POST /-/npm/v1/security/advisories/bulk` with
   * `{ "<name>": ["<version>", …] }`. Resolves to the decoded JSON answer (untrusted: the caller
   * validates it); rejects with ENDPOINT_UNSUPPORTED when the registry does not offer it.
   */
  getAdvisories(versionsByName: Record<string, string[]>): Promise<unknown>;
  readonly stats: RegistryStats;
  /** Registry base URL without credentials or trailing slash. */
  readonly registryUrl: string;
}

const MAX_BACKOFF_MS = 10_000;
/**
 * The longest Retry-After the client waits out (documented in the README). A registry asking
 * for more is treated as unavailable for this run, rather than parking the CI job.
 */
export const MAX_REGISTRY_RETRY_AFTER_MS = 30_000;

/**
 * The wait before retry `attemptNumber` (0-based): the server's Retry-After plus up to 10 %
 * (at most 1 s) of jitter, so parallel jobs told the same time do not return in lockstep;
 * otherwise exponential backoff with full jitter. Null: the server asked for more than the cap.
 */
export function registryRetryDelay(attemptNumber: number, retryAfterMs: number | null, timing: { backoffBaseMs: number }, random: () => number): number | null {
  if (retryAfterMs !== null) {
    if (retryAfterMs > MAX_REGISTRY_RETRY_AFTER_MS) return null;
    return retryAfterMs + Math.round(Math.min(1000, retryAfterMs * 0.1) * random());
  }
  const ceiling = Math.min(MAX_BACKOFF_MS, timing.backoffBaseMs * 2 ** attemptNumber);
  // Full jitter, but never below half the ceiling: a registry that just failed needs a moment.
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** Retry-After as delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | null {
  return parseRetryAfterHeaders(value === undefined ? {} : { 'retry-after': value }, now);
}

/** `33554432` → `32 MiB`; other sizes in bytes. */
function describeBytes(bytes: number): string {
  const mebibytes = bytes / (1024 * 1024);
  return Number.isInteger(mebibytes) ? `${mebibytes} MiB` : `${bytes}-byte`;
}

/** Validates the configured registry URL: https, or http only on loopback (tests, local mirrors). */
export function normaliseRegistryUrl(raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new RegistryError('REGISTRY_URL_REFUSED', `The registry URL is not a valid URL; set it to an https URL such as ${DEFAULT_REGISTRY_URL}.`);
  }
  const loopbackHttp = parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
  if (parsed.protocol !== 'https:' && !loopbackHttp) {
    throw new RegistryError('REGISTRY_URL_REFUSED', `The registry URL ${describeOrigin(raw)} is refused: use https (plain http is allowed only on loopback).`);
  }
  if (parsed.username || parsed.password) {
    throw new RegistryError('REGISTRY_URL_REFUSED', 'The registry URL must not contain credentials; pass the token separately.');
  }
  if (parsed.search || parsed.hash) {
    throw new RegistryError('REGISTRY_URL_REFUSED', `The registry URL ${describeOrigin(raw)} must not contain a query or fragment.`);
  }
  // A loop, not `/\/+$/` (quadratic on a long run of `/` followed by other text).
  let end = parsed.pathname.length;
  while (end > 0 && parsed.pathname.charCodeAt(end - 1) === 0x2f) end -= 1;
  return `${parsed.origin}${parsed.pathname.slice(0, end)}`;
}

/** Normalises the extra tarball origins: https only (http on loopback), no path, query or credentials. */
export function normaliseTarballOrigins(origins: readonly string[]): string[] {
  return origins.map((raw) => {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new RegistryError('REGISTRY_URL_REFUSED', `The tarball origin ${JSON.stringify(raw.slice(0, 100))} is not a valid URL; give an origin such as https://cdn.example.com.`);
    }
    const loopbackHttp = parsed.protocol === 'http:' && isLoopbackHost(parsed.hostname);
    if ((parsed.protocol !== 'https:' && !loopbackHttp) || parsed.username || parsed.password || parsed.search || parsed.hash || (parsed.pathname !== '/' && parsed.pathname !== '')) {
      throw new RegistryError('REGISTRY_URL_REFUSED', `The tarball origin ${describeOrigin(raw)} is refused: give only an https origin (scheme, host and port), without a path or credentials.`);
    }
    return parsed.origin;
  });
}

interface Attempt {
  what: string;
  subject: string;
  url: string;
  maxBytes: number;
  /** The client option that raises `maxBytes`, named in the too-large error. */
  limitOption: 'maxPackumentBytes' | 'maxTarballBytes' | 'the advisory response limit';
  withToken: boolean;
  accept: string;
  /** POST with a JSON body (the advisory endpoint); GET otherwise. */
  jsonBody?: string;
  /** Statuses that mean "this registry does not offer the endpoint". */
  unsupportedStatuses?: ReadonlySet<number>;
  /** Conditional request headers (If-None-Match, If-Modified-Since); 304 is then an answer. */
  conditional?: Record<string, string>;
  countRequest: () => void;
  countBytes?: (bytes: number) => void;
}

export function createNpmRegistryClient(options: NpmRegistryClientOptions = {}): NpmRegistryClient {
  const registryUrl = normaliseRegistryUrl(options.registryUrl ?? DEFAULT_REGISTRY_URL);
  const registryOrigin = new URL(registryUrl).origin;
  const token = options.token?.trim() || undefined;
  registerSecret(token);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxPackumentBytes = options.maxPackumentBytes ?? DEFAULT_MAX_PACKUMENT_BYTES;
  const maxTarballBytes = options.maxTarballBytes ?? DEFAULT_MAX_TARBALL_BYTES;
  const tarballOrigins = new Set([registryOrigin, new URL(DEFAULT_REGISTRY_URL).origin, ...normaliseTarballOrigins(options.tarballOrigins ?? [])]);
  const maxRetries = Math.max(0, options.maxRetries ?? 2);
  const backoffBaseMs = options.backoffBaseMs ?? 500;
  const logger = options.logger ?? silentLogger;
  const run = options.run ?? UNBOUNDED_RUN;
  const sleep = options.sleep ?? ((milliseconds: number) => sleepUnlessStopped(milliseconds, run.signal));
  const random = options.random ?? Math.random;
  const limit = createConcurrencyLimit(Math.max(1, options.concurrency ?? 6));
  const stats = { packumentRequests: 0, tarballRequests: 0, advisoryRequests: 0, packumentBytes: 0, tarballBytes: 0, packumentsNotModified: 0 };
  const packuments = new Map<string, Promise<Packument>>();

  /** Maps one HTTP outcome to a RegistryError; returns null for success. */
  const failureOf = (attempt: Attempt, response: BoundedResponse): RegistryError | null => {
    const { status } = response;
    const details = { subject: attempt.subject, status };
    if (status >= 200 && status < 300) return null;
    if (status === 304 && attempt.conditional !== undefined) return null;
    if (attempt.unsupportedStatuses?.has(status)) {
      return new RegistryError('ENDPOINT_UNSUPPORTED', `${registryOrigin} does not offer ${attempt.what} (HTTP ${status}).`, details);
    }
    if (status === 404) {
      return new RegistryError('PACKAGE_NOT_FOUND', `${attempt.what} was not found on ${registryOrigin} (HTTP 404): check the package name or the registry URL.`, details);
    }
    // Retry-After is read on 429 and on 5xx (RFC 9110 names 503): the registry knows its own load.
    const retryAfterMs = status === 429 || status >= 500 ? parseRetryAfter(response.headers['retry-after']) : null;
    if (status === 429) {
      const hint = retryAfterMs === null ? '' : ` (Retry-After ${Math.ceil(retryAfterMs / 1000)} s)`;
      return new RegistryError('REGISTRY_RATE_LIMITED', `${registryOrigin} rate-limited the request for ${attempt.what}${hint}: retry later.`, { ...details, retryAfterMs });
    }
    if (status === 401 || status === 403) {
      return new RegistryError('REGISTRY_ACCESS_DENIED', `${registryOrigin} denied access to ${attempt.what} (HTTP ${status}): check the registry token and its permissions.`, details);
    }
    if (status >= 500) {
      return new RegistryError('REGISTRY_UNAVAILABLE', `${registryOrigin} failed to serve ${attempt.what} (HTTP ${status}): retry later.`, { ...details, retryAfterMs });
    }
    if (status >= 300 && status < 400) {
      // Redirects are refused: following one could send the token, or us, somewhere unvetted.
      return new RegistryError('REGISTRY_RESPONSE_INVALID', `${registryOrigin} answered ${attempt.what} with a redirect (HTTP ${status}), which is refused: set the registry URL to the final address.`, details);
    }
    return new RegistryError('REGISTRY_RESPONSE_INVALID', `${registryOrigin} answered ${attempt.what} with HTTP ${status}: check the registry URL.`, details);
  };

  const transportFailureOf = (attempt: Attempt, error: HttpTransportError): RegistryError => {
    const details = { subject: attempt.subject, cause: error };
    if (error.kind === 'timeout') {
      return new RegistryError('REGISTRY_TIMEOUT', `${registryOrigin} did not answer ${attempt.what} within ${timeoutMs} ms: retry later or raise the timeout.`, details);
    }
    if (error.kind === 'too-large') {
      return new RegistryError(
        'REGISTRY_RESPONSE_INVALID',
        `${attempt.what} from ${registryOrigin} is larger than the ${describeBytes(attempt.maxBytes)} limit; if the package really is that large, raise the npm registry client's ${attempt.limitOption} option.`,
        details,
      );
    }
    return new RegistryError('REGISTRY_UNAVAILABLE', `${registryOrigin} could not be reached for ${attempt.what} (${error.message}): retry later.`, details);
  };

  /** One request with bounded retries for 429, 5xx and network failures. */
  const fetchWithRetries = async (attempt: Attempt): Promise<BoundedResponse> => {
    const headers: Record<string, string> = { ...attempt.conditional, accept: attempt.accept, 'user-agent': 'depverdict' };
    if (token && attempt.withToken) headers.authorization = `Bearer ${token}`;
    if (attempt.jsonBody !== undefined) headers['content-type'] = 'application/json';
    for (let attemptNumber = 0; ; attemptNumber += 1) {
      let failure: RegistryError;
      try {
        const response = await limit.run(() => {
          attempt.countRequest();
          return boundedRequest({
            url: attempt.url,
            headers,
            timeoutMs,
            maxBytes: attempt.maxBytes,
            dispatcher: options.dispatcher,
            signal: run.signal,
            ...(attempt.jsonBody === undefined ? {} : { method: 'POST' as const, body: attempt.jsonBody }),
          });
        }, run.signal);
        const httpFailure = failureOf(attempt, response);
        attempt.countBytes?.(response.body.length);
        if (!httpFailure) return response;
        failure = httpFailure;
      } catch (error) {
        if (!(error instanceof HttpTransportError)) throw error;
        failure = transportFailureOf(attempt, error);
      }
      if (!failure.retryable || attemptNumber >= maxRetries || run.signal.aborted) throw failure;
      const delay = registryRetryDelay(attemptNumber, failure.retryAfterMs, { backoffBaseMs }, random);
      if (delay === null) {
        logger.warning(`npm registry: ${failure.code} for ${attempt.subject}; it asked to wait ${Math.ceil(failure.retryAfterMs! / 1000)} s, more than the ${MAX_REGISTRY_RETRY_AFTER_MS / 1000} s DepVerdict waits: not retried.`);
        throw failure;
      }
      if (delay >= run.remainingMs()) {
        logger.warning(`npm registry: ${failure.code} for ${attempt.subject}; a ${delay} ms wait would pass the run's deadline: not retried.`);
        throw failure;
      }
      const asked = failure.retryAfterMs === null ? '' : ` (Retry-After ${failure.retryAfterMs} ms)`;
      logger.info(`npm registry: ${failure.code} for ${attempt.subject}; retry ${attemptNumber + 1} of ${maxRetries} in ${delay} ms${asked}`);
      await sleep(delay);
    }
  };

  const decodePackument = (name: string, body: Buffer): Packument => {
    let decoded: unknown;
    try {
      decoded = parseJsonDroppingProtoKeys(body.toString('utf8'));
    } catch (error) {
      throw new RegistryError('REGISTRY_RESPONSE_INVALID', `${registryOrigin} returned invalid JSON for package ${name}: check the registry URL points to an npm registry.`, { subject: name, status: 200, cause: error });
    }
    const parsed = parsePackument(decoded, name);
    if (!parsed.ok) {
      throw new RegistryError('REGISTRY_RESPONSE_INVALID', `${registryOrigin} returned an unusable document for package ${name}: ${parsed.problem}. Check the registry URL points to an npm registry.`, { subject: name, status: 200 });
    }
    return parsed.packument;
  };

  const fetchPackument = async (name: string, stored: StoredPackument | null): Promise<Packument> => {
    const conditional: Record<string, string> = {};
    if (stored?.etag) conditional['if-none-match'] = stored.etag;
    if (stored?.lastModified) conditional['if-modified-since'] = stored.lastModified;
    const revalidating = Object.keys(conditional).length > 0;
    const response = await fetchWithRetries({
      what: `package ${name}`,
      subject: name,
      url: `${registryUrl}/${encodePackageName(name)}`,
      maxBytes: maxPackumentBytes,
      limitOption: 'maxPackumentBytes',
      withToken: true,
      // The full document: the abbreviated ("corgi") form lacks time, _npmUser and scripts.
      accept: 'application/json',
      ...(revalidating ? { conditional } : {}),
      countRequest: () => (stats.packumentRequests += 1),
      countBytes: (bytes) => (stats.packumentBytes += bytes),
    });
    if (response.status === 304 && stored !== null) {
      try {
        const packument = decodePackument(name, stored.body);
        stats.packumentsNotModified += 1;
        return packument;
      } catch {
        // The stored copy no longer reads (an older format, a damaged write): ask for it whole.
        await options.packumentCache?.discard(name, 'unreadable');
        return fetchPackument(name, null);
      }
    }
    const packument = decodePackument(name, response.body);
    const etag = response.headers.etag ?? null;
    const lastModified = response.headers['last-modified'] ?? null;
    // Without a validator the copy could never be revalidated, only trusted stale: not stored.
    if (options.packumentCache && (etag !== null || lastModified !== null)) {
      await options.packumentCache.write(name, { etag, lastModified, body: response.body });
    }
    return packument;
  };

  const getPackument = (name: string): Promise<Packument> => {
    const existing = packuments.get(name);
    if (existing) return existing;
    let pending: Promise<Packument>;
    if (!isValidPackageName(name)) {
      pending = Promise.reject(new RegistryError('PACKAGE_NAME_INVALID', `${JSON.stringify(name.slice(0, 100))} is not a valid npm package name: check the dependency name in the manifest or lockfile.`, { subject: name.slice(0, 100) }));
    } else {
      const stored = options.packumentCache ? options.packumentCache.read(name).catch(() => null) : Promise.resolve(null);
      pending = stored.then((entry) => fetchPackument(name, entry));
    }
    // Failures are memoised too: within one run a package is asked for once, whatever happens.
    packuments.set(name, pending);
    return pending;
  };

  /**
   * A packument's `dist.tarball` is publisher- and registry-controlled: fetching any URL it names
   * would let a package make the runner send requests to internal services. Tarballs therefore
   * come only from the registry's own origin, https://registry.npmjs.org, or an origin the
   * configuration allows, and never carry credentials.
   */
  const checkTarballUrl = (url: string, label: string): URL => {
    let parsed: URL;
    try {
      if (url.length > MAX_TARBALL_URL_CHARS) throw new Error('too long');
      parsed = new URL(url);
    } catch {
      throw new RegistryError('REGISTRY_URL_REFUSED', `The tarball URL of ${label} is not a valid URL: the registry metadata is broken; report it to the package's registry.`, { subject: label });
    }
    if (parsed.username || parsed.password) {
      throw new RegistryError('REGISTRY_URL_REFUSED', `The tarball URL of ${label} (${describeOrigin(url)}) is refused: it contains credentials.`, { subject: label });
    }
    if (!tarballOrigins.has(parsed.origin)) {
      throw new RegistryError(
        'REGISTRY_URL_REFUSED',
        `The tarball URL of ${label} (${describeOrigin(url)}) is refused: tarballs are downloaded only from ${[...tarballOrigins].join(' or ')}. If this registry really serves tarballs from another host, allow that origin with the npm registry client's tarballOrigins option.`,
        { subject: label },
      );
    }
    return parsed;
  };

  const getTarball = async (url: string, label?: string): Promise<Buffer> => {
    const subject = label ?? 'tarball';
    const parsed = checkTarballUrl(url, subject);
    const response = await fetchWithRetries({
      what: label ? `the tarball of ${label}` : `tarball ${describeOrigin(url)}${parsed.pathname}`,
      subject,
      url,
      maxBytes: maxTarballBytes,
      limitOption: 'maxTarballBytes',
      // The token belongs to the registry: never hand it to another host.
      withToken: parsed.origin === registryOrigin,
      accept: 'application/octet-stream',
      countRequest: () => (stats.tarballRequests += 1),
      countBytes: (bytes) => (stats.tarballBytes += bytes),
    });
    return response.body;
  };

  const getAdvisories = async (versionsByName: Record<string, string[]>): Promise<unknown> => {
    const names = Object.keys(versionsByName);
    const subject = names.length === 1 ? names[0]! : `${names.length} packages`;
    const { body } = await fetchWithRetries({
      what: `the security advisories of ${subject}`,
      subject,
      url: `${registryUrl}/-/npm/v1/security/advisories/bulk`,
      maxBytes: MAX_ADVISORY_RESPONSE_BYTES,
      limitOption: 'the advisory response limit',
      withToken: true,
      accept: 'application/json',
      jsonBody: JSON.stringify(versionsByName),
      unsupportedStatuses: new Set([404, 405, 501]),
      countRequest: () => (stats.advisoryRequests += 1),
    });
    try {
      return parseJsonDroppingProtoKeys(body.toString('utf8'));
    } catch (error) {
      throw new RegistryError('REGISTRY_RESPONSE_INVALID', `${registryOrigin} answered the advisory request for ${subject} with something that is not JSON.`, { subject, status: 200, cause: error });
    }
  };

  return { getPackument, getTarball, getAdvisories, stats, registryUrl };
}
