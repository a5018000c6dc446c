import { sanitizeMessage } from '../../../shared/redaction.js';
import type { RouteObservation } from '../../contract.js';
import type { DeploymentProfile } from '../../profiles/profile-schema.js';
import { parseCost } from './usage.js';

/**
 * Route facts from gateway metadata, selected by the profile's `routing.metadata` mapping
 * (data, not vendor-named adapters). Everything read here is untrusted: values are
 * type-checked, sanitized and bounded before they reach the trace.
 */

export interface RouteFacts {
  route: RouteObservation;
  /** Provider that served, when the response says (OpenRouter top-level `provider`). */
  provider: string | null;
  /** Cost the gateway reports authoritatively, else null. */
  costUsd: number | null;
}

function record(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function boundedString(value: unknown, max = 200): string | null {
  return typeof value === 'string' && value.trim() !== '' ? sanitizeMessage(value, max) : null;
}

function nonNegativeInteger(value: unknown): number | null {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : null;
}

/** LiteLLM route headers worth recording; `x-litellm-model-api-base` is left out (internal hosts). */
const LITELLM_HEADERS = ['x-litellm-model-id', 'x-litellm-model-group', 'x-litellm-call-id', 'x-litellm-version', 'x-litellm-attempted-retries', 'x-litellm-attempted-fallbacks', 'x-litellm-response-cost'];

function observeOpenRouter(body: Record<string, unknown>, route: RouteObservation): void {
  const metadata = record(body.openrouter_metadata);
  if (metadata === null) return;
  const attempts = metadata.attempts ?? metadata.attempt;
  route.gatewayAttempts = Array.isArray(attempts) ? attempts.length : nonNegativeInteger(attempts);
  if (metadata.fallback === true || metadata.fallback_used === true) route.fallbackOccurred = true;
  if (Array.isArray(metadata.transforms)) {
    route.transforms = metadata.transforms.map((transform) => boundedString(transform, 60)).filter((value): value is string => value !== null).slice(0, 20);
  }
  const details: Record<string, string> = {};
  for (const key of ['strategy', 'region', 'requested']) {
    const value = boundedString(metadata[key], 120);
    if (value !== null) details[key] = value;
  }
  if (Object.keys(details).length > 0) route.gatewayDetails = details;
}

function observeLiteLlm(headers: Record<string, string>, route: RouteObservation): number | null {
  const details: Record<string, string> = {};
  for (const name of LITELLM_HEADERS) {
    const value = boundedString(headers[name], 120);
    if (value !== null) details[name] = value;
  }
  if (Object.keys(details).length > 0) route.gatewayDetails = details;
  const retries = nonNegativeInteger(headers['x-litellm-attempted-retries']);
  if (retries !== null) route.gatewayAttempts = retries + 1;
  const fallbacks = nonNegativeInteger(headers['x-litellm-attempted-fallbacks']);
  if (fallbacks !== null && fallbacks > 0) route.fallbackOccurred = true;
  route.generationId = boundedString(headers['x-litellm-call-id'], 120) ?? route.generationId;
  return parseCost(headers['x-litellm-response-cost']);
}

export function observeRoute(profile: DeploymentProfile, body: Record<string, unknown>, headers: Record<string, string>): RouteFacts {
  const route: RouteObservation = {
    gateway: profile.routing.gateway,
    fallbackOccurred: false,
    gatewayAttempts: null,
    transforms: [],
    generationId: boundedString(body.id, 120),
  };
  let costUsd: number | null = null;
  let provider = boundedString(body.provider, 120);
  switch (profile.routing.metadata) {
    case 'openrouter':
      observeOpenRouter(body, route);
      costUsd = parseCost(record(body.usage)?.cost);
      break;
    case 'litellm':
      costUsd = observeLiteLlm(headers, route);
      // LiteLLM's `model` echoes the alias it was asked for, so it proves nothing about the
      // route. The deployment that actually served is `x-litellm-model-id`; it stands in for
      // the provider so a profile can lock it with identity.provider (and fail closed without it).
      provider ??= boundedString(headers['x-litellm-model-id'], 120);
      break;
    case 'none':
      break;
  }
  return { route, provider, costUsd };
}
