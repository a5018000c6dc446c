import { getOctokit } from '@actions/github';
import { GitHub as ActionsOctokit, defaults as actionsOctokitDefaults } from '@actions/github/lib/utils';
import type { Logger } from '../shared/logger.js';
import { registerSecret, sanitizeMessage } from '../shared/redaction.js';
import { parseRetryAfter } from '../shared/retry-after.js';
import { sleepUnlessStopped, UNBOUNDED_RUN, type RunBounds } from '../shared/run-bounds.js';

/** Most pages read from any one paginated GitHub list (100 items a page). */
export const MAX_GITHUB_PAGES = 30;

/**
 * The one Octokit DepVerdict uses. It is built once in `run()` (or the CLI) and passed down, so
 * tests point it at the fake GitHub server through `baseUrl` instead of mocking modules.
 */
export type GitHubClient = ReturnType<typeof getOctokit>;

export const DEFAULT_GITHUB_API_URL = 'https://api.github.com';
/** Total time allowed for one GitHub request (headers and body). */
export const DEFAULT_GITHUB_TIMEOUT_MS = 30_000;

type FetchFunction = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface GitHubClientOptions {
  /** null: no token, for public reads only (GitHub allows 60 unauthenticated requests an hour). */
  token: string | null;
  /** REST base URL; defaults to GITHUB_API_URL (set by the runner, also on GHES) or api.github.com. */
  baseUrl?: string;
  /** Per-request deadline in milliseconds. */
  timeoutMs?: number;
  /** Replacement fetch (tests, proxies). Defaults to the proxy-aware fetch of @actions/github. */
  fetch?: FetchFunction;
  logger?: Logger;
  /**
   * The run this client serves: its signal aborts requests in flight and rate-limit waits, and
   * no wait is started that would outlast the run's deadline.
   */
  run?: RunBounds;
  /** Longest rate-limit wait honoured (default {@link MAX_GITHUB_RATE_LIMIT_WAIT_MS}). */
  maxRateLimitWaitMs?: number;
  /** Injected wait and randomness, so tests can observe waits without waiting. */
  sleep?: (milliseconds: number, signal: AbortSignal) => Promise<void>;
  random?: () => number;
}

/**
 * The longest GitHub rate-limit wait DepVerdict sits out (documented in the README): secondary
 * limits ask for about a minute. A primary limit that resets later is not waited for; the
 * request fails and the evidence it would have read is reported as missing information.
 */
export const MAX_GITHUB_RATE_LIMIT_WAIT_MS = 60_000;
/** Retries of one request after a rate limit; a limit that persists is reported, not fought. */
const MAX_RATE_LIMIT_RETRIES = 2;
/** GitHub's advice for a secondary rate limit that names no time: wait at least a minute. */
const SECONDARY_LIMIT_DEFAULT_WAIT_MS = 60_000;

/**
 * How long GitHub asks us to wait before sending this request again, or null when the answer
 * is not a rate limit: 429, or 403 with `retry-after` (secondary limit) or with
 * `x-ratelimit-remaining: 0` (primary limit, until `x-ratelimit-reset`). A 403 with neither is
 * a permission problem and is never retried.
 */
export function rateLimitWaitMs(status: number, headers: { get(name: string): string | null }, nowEpochMs: number): number | null {
  if (status !== 429 && status !== 403) return null;
  const retryAfter = parseRetryAfter({ ...optionalHeader('retry-after', headers.get('retry-after')) }, nowEpochMs);
  if (retryAfter !== null) return retryAfter;
  if (headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(headers.get('x-ratelimit-reset'));
    if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - nowEpochMs);
  }
  return status === 429 ? SECONDARY_LIMIT_DEFAULT_WAIT_MS : null;
}

function optionalHeader(name: string, value: string | null): Record<string, string> {
  return value === null ? {} : { [name]: value };
}

export function createGitHubClient(options: GitHubClientOptions): GitHubClient {
  // Registered before any request so the token can never leak through an error message.
  if (options.token !== null) registerSecret(options.token);
  const baseUrl = (options.baseUrl ?? process.env['GITHUB_API_URL'] ?? DEFAULT_GITHUB_API_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_GITHUB_TIMEOUT_MS;
  const defaultRequest = actionsOctokitDefaults.request as { fetch?: FetchFunction; agent?: unknown } | undefined;
  const baseFetch: FetchFunction = options.fetch ?? defaultRequest?.fetch ?? globalThis.fetch;
  const logger = options.logger;
  const run = options.run ?? UNBOUNDED_RUN;
  const maxWaitMs = options.maxRateLimitWaitMs ?? MAX_GITHUB_RATE_LIMIT_WAIT_MS;
  const sleep = options.sleep ?? sleepUnlessStopped;
  const random = options.random ?? Math.random;
  // Octokit has no request deadline of its own (a hung GitHub connection must not hang the
  // job) and @actions/github brings no throttling plugin: both live here, under every request.
  const fetchWithLimits: FetchFunction = async (input, init) => {
    for (let retry = 0; ; retry += 1) {
      const signals = [AbortSignal.timeout(timeoutMs), run.signal, ...(init?.signal ? [init.signal] : [])];
      const response = await baseFetch(input, { ...init, signal: AbortSignal.any(signals) });
      const asked = rateLimitWaitMs(response.status, response.headers, Date.now());
      if (asked === null || retry >= MAX_RATE_LIMIT_RETRIES) return response;
      // Up to 10 % (at most 5 s) more than asked, so parallel jobs do not return in lockstep.
      const delay = asked + Math.round(Math.min(5000, asked * 0.1) * random());
      if (asked > maxWaitMs || delay >= run.remainingMs()) {
        const why = asked > maxWaitMs ? `more than the ${Math.round(maxWaitMs / 1000)} s DepVerdict waits` : "past the run's deadline";
        logger?.warning(`GitHub rate limit (HTTP ${response.status}): it asks to wait ${Math.ceil(asked / 1000)} s, ${why}; the request is reported as failed.`);
        return response;
      }
      logger?.info(`GitHub rate limit (HTTP ${response.status}); retrying in ${delay} ms (retry ${retry + 1} of ${MAX_RATE_LIMIT_RETRIES}).`);
      await response.body?.cancel().catch(() => {});
      await sleep(delay, run.signal);
    }
  };
  const settings = {
    baseUrl,
    request: { ...defaultRequest, fetch: fetchWithLimits },
    log: {
      debug: (message: string) => logger?.debug(sanitizeMessage(message, 500)),
      info: (message: string) => logger?.debug(sanitizeMessage(message, 500)),
      warn: (message: string) => logger?.warning(sanitizeMessage(message, 500)),
      error: (message: string) => logger?.error(sanitizeMessage(message, 500)),
    },
  };
  // Same Octokit class and plugins either way; without a token no Authorization header is sent.
  return options.token === null ? (new ActionsOctokit(settings) as GitHubClient) : getOctokit(options.token, settings);
}

/** What a failed GitHub request means, read from an Octokit RequestError (or anything thrown). */
export interface GitHubErrorInfo {
  /** HTTP status, or null when no response was received (network, timeout). */
  status: number | null;
  /** GitHub's message (or the transport error), sanitised and bounded. */
  message: string;
  /** Primary (403/429 with remaining 0) or secondary (429, 403 with retry-after) rate limit. */
  rateLimited: boolean;
  /** Seconds to wait, from retry-after or x-ratelimit-reset, when GitHub said. */
  retryAfterSeconds: number | null;
  /** "Resource not accessible by integration": the token lacks a permission (fork PRs, Dependabot). */
  notAccessible: boolean;
  /** The contents API refused a file as too large (`too_large`). */
  tooLarge: boolean;
}

interface ErrorLike {
  status?: unknown;
  message?: unknown;
  response?: { data?: unknown; headers?: Record<string, unknown> };
}

export function describeGitHubError(error: unknown, now: () => number = Date.now): GitHubErrorInfo {
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as ErrorLike;
  // Octokit reports transport failures (timeouts, refused connections) as status 500 with no
  // response; calling that "GitHub answered 500" would send users looking at the wrong thing.
  const answered = candidate.response !== undefined || candidate.status !== 500;
  const status = answered && typeof candidate.status === 'number' && candidate.status > 0 ? candidate.status : null;
  const data = candidate.response?.data;
  const headers = candidate.response?.headers ?? {};
  const header = (name: string): string | undefined => {
    const value = headers[name];
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  };
  const dataMessage = typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string'
    ? (data as { message: string }).message
    : undefined;
  const rawMessage = dataMessage ?? (typeof candidate.message === 'string' ? candidate.message : String(error));
  const errorCodes = readErrorCodes(data);

  const remaining = header('x-ratelimit-remaining');
  const retryAfter = header('retry-after');
  const rateLimited =
    status === 429 ||
    (status === 403 && (remaining === '0' || retryAfter !== undefined || /rate limit/i.test(rawMessage)));
  let retryAfterSeconds: number | null = null;
  if (retryAfter !== undefined && Number.isFinite(Number(retryAfter))) {
    retryAfterSeconds = Number(retryAfter);
  } else if (rateLimited && header('x-ratelimit-reset') !== undefined) {
    const resetEpochSeconds = Number(header('x-ratelimit-reset'));
    if (Number.isFinite(resetEpochSeconds)) retryAfterSeconds = Math.max(0, Math.ceil(resetEpochSeconds - now() / 1000));
  }
  return {
    status,
    message: sanitizeMessage(rawMessage),
    rateLimited,
    retryAfterSeconds,
    notAccessible: (status === 403 || status === 404) && /resource not accessible/i.test(rawMessage),
    tooLarge: status === 403 && (errorCodes.includes('too_large') || /too large/i.test(rawMessage)),
  };
}

function readErrorCodes(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return [];
  const errors = (data as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .map((entry: unknown) => (typeof entry === 'object' && entry !== null ? (entry as { code?: unknown }).code : undefined))
    .filter((code): code is string => typeof code === 'string');
}

/** One readable sentence about a GitHub failure, for errors and missing-information notes. */
export function formatGitHubError(info: GitHubErrorInfo): string {
  if (info.rateLimited) {
    const wait = info.retryAfterSeconds !== null ? ` (retry in about ${info.retryAfterSeconds} s)` : '';
    return `GitHub rate limit reached${wait}: ${info.message}`;
  }
  if (info.status === null) return `GitHub could not be reached: ${info.message}`;
  return `GitHub answered ${info.status}: ${info.message}`;
}

/**
 * Reads a paginated list (`octokit.paginate.iterator(...)`) up to `maxPages` pages, so a PR with
 * an unbounded number of comments cannot keep the run listing. `truncated` says when pages were
 * left unread.
 */
export async function collectPages<Item>(pages: AsyncIterable<{ data: Item[] }>, maxPages: number = MAX_GITHUB_PAGES): Promise<{ items: Item[]; truncated: boolean }> {
  const items: Item[] = [];
  let read = 0;
  for await (const page of pages) {
    if (read >= maxPages) return { items, truncated: true };
    items.push(...page.data);
    read += 1;
  }
  return { items, truncated: false };
}
