import type { Dispatcher } from 'undici';
import { boundedRequest, describeOrigin, HttpTransportError, type BoundedResponse } from '../../../shared/bounded-http.js';
import { RuntimeError, type RuntimeRequest } from '../../contract.js';
import type { AttemptContext, AttemptResult, RuntimeAdapter } from '../../execution.js';
import type { LoadedProfile } from '../../profiles/load-profile.js';
import type { DeploymentProfile } from '../../profiles/profile-schema.js';
import { parseRetryAfter } from '../../retry-policy.js';
import { mapErrorResponse } from './error-mapping.js';
import { buildChatCompletionsCall, type ChatCompletionsCall } from './request-mapping.js';
import { mapSuccessResponse, parseJsonEnvelope } from './response-mapping.js';

/**
 * One Chat Completions attempt over HTTP. No retries, no policy: the execution layer owns
 * both. The adapter knows the wire format and the transport limits, nothing about
 * dependencies or trust.
 */

export interface OpenAiCompatibleOptions {
  /** Resolved secret (already registered for redaction), or null when auth.scheme is none. */
  secret: string | null;
  dispatcher?: Dispatcher;
  epochNow: () => number;
}

function requestHeaders(profile: DeploymentProfile, secret: string | null): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  for (const [name, value] of Object.entries(profile.routing.headers ?? {})) headers[name.toLowerCase()] = value;
  // Auth last, so nothing configured above can replace it.
  if (secret !== null && profile.auth.scheme === 'bearer') headers.authorization = `Bearer ${secret}`;
  if (secret !== null && profile.auth.scheme === 'header' && profile.auth.headerName !== undefined) headers[profile.auth.headerName.toLowerCase()] = secret;
  return headers;
}

function transportError(error: HttpTransportError, maxBytes: number): RuntimeError {
  switch (error.kind) {
    case 'cancelled':
      return new RuntimeError('CANCELLED', error.message, { cause: error });
    case 'timeout':
      return new RuntimeError('TIMEOUT', error.message, { retryable: true, cause: error });
    case 'too-large':
      return new RuntimeError('RESPONSE_TOO_LARGE', `${error.message}; the profile's limits.maxResponseBytes is ${maxBytes}`, { cause: error });
    case 'network':
      return new RuntimeError('NETWORK_ERROR', error.message, { retryable: true, cause: error });
  }
}

export function createOpenAiCompatibleAdapter(options: OpenAiCompatibleOptions): RuntimeAdapter<ChatCompletionsCall & { profile: DeploymentProfile }> {
  return {
    prepare(request: RuntimeRequest, loaded: LoadedProfile) {
      return { ...buildChatCompletionsCall(request, loaded.profile), profile: loaded.profile };
    },

    async attempt(prepared, context: AttemptContext): Promise<AttemptResult> {
      const profile = prepared.profile;
      const endpoint = profile.endpoint;
      if (endpoint === undefined) throw new RuntimeError('CONFIGURATION_ERROR', `profile ${profile.id} has no endpoint`);
      const origin = describeOrigin(endpoint);
      let response: BoundedResponse;
      try {
        response = await boundedRequest({
          url: endpoint,
          method: 'POST',
          headers: requestHeaders(profile, options.secret),
          body: prepared.serializedBody,
          timeoutMs: context.remainingMs,
          maxBytes: profile.limits.maxResponseBytes,
          signal: context.signal,
          dispatcher: options.dispatcher,
        });
      } catch (error) {
        if (error instanceof HttpTransportError) throw transportError(error, profile.limits.maxResponseBytes);
        throw new RuntimeError('NETWORK_ERROR', `request to ${origin} failed`, { retryable: true, cause: error });
      }

      if (response.status >= 300 && response.status < 400) {
        // A redirect could move prompts and the key to another host; never follow one.
        throw new RuntimeError('INVALID_RESPONSE', `${origin} answered HTTP ${response.status} (a redirect); redirects are refused: set the profile endpoint to the final URL`, { status: response.status });
      }
      if (response.status < 200 || response.status >= 300) {
        let parsedBody: unknown = null;
        try {
          parsedBody = parseJsonEnvelope(response.body);
        } catch {
          // Non-JSON error bodies (HTML from a proxy) are classified by status alone.
        }
        throw mapErrorResponse({
          status: response.status,
          parsedBody,
          origin,
          retryAfterMs: parseRetryAfter(response.headers, options.epochNow()),
          promptTexts: prepared.promptTexts,
        });
      }
      return mapSuccessResponse({
        profile,
        body: response.body,
        headers: response.headers,
        status: response.status,
        origin,
        firstByteMs: response.headersMs,
        promptTexts: prepared.promptTexts,
      });
    },
  };
}
