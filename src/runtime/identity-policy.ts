import { sanitizeMessage } from '../shared/redaction.js';
import { RuntimeError, type ModelIdentity, type RouteObservation } from './contract.js';
import type { DeploymentProfile } from './profiles/profile-schema.js';

/**
 * Fail-closed identity and routing policy (DESIGN §2.4). A locked profile promises that a
 * specific model (and provider) answered with no fallback or hidden transform; anything
 * else withholds the verdict. Development profiles may run against routes that cannot
 * report identity, but a *reported* mismatch still fails in every mode.
 * Neither error is ever retried: asking again would only hide the problem.
 */

interface Matcher {
  exact?: string | undefined;
  pattern?: string | undefined;
}

/** Control, invisible-format and line-separator characters: never part of a real model or provider name. */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** Compares the reported name as given (never a cleaned copy); a name with control characters never matches. */
function matches(matcher: Matcher, value: string): boolean {
  if (UNSAFE_NAME_CHARACTERS.test(value)) return false;
  if (matcher.exact !== undefined && value !== matcher.exact) return false;
  // Anchored so `gpt-4o` cannot match `gpt-4o-mini` by accident.
  if (matcher.pattern !== undefined && !new RegExp(`^(?:${matcher.pattern})$`, 'u').test(value)) return false;
  return true;
}

function describe(matcher: Matcher): string {
  const parts: string[] = [];
  if (matcher.exact !== undefined) parts.push(`exactly "${matcher.exact}"`);
  if (matcher.pattern !== undefined) parts.push(`matching /^(?:${matcher.pattern})$/`);
  return parts.join(' and ');
}

/** Provider-reported names are untrusted: bounded and sanitized before they reach a message. */
function shown(value: string): string {
  return `"${sanitizeMessage(value, 120)}"`;
}

export interface IdentityVerdict {
  verified: boolean;
  warnings: string[];
}

/**
 * Throws IDENTITY_MISMATCH, or says whether the identity was verified.
 *
 * A name that matches is proof only when the route reports who served. A profile that declares
 * `capabilities.reportsRouteIdentity: false` (9Router: it repeats the alias it was sent) is
 * never verified, however well the name matches: that is an unknown identity, allowed only where
 * unknown identity is (development with allowUnknown; the profile schema refuses the
 * declaration anywhere else). A reported mismatch still fails, as in every mode.
 */
export function enforceIdentityPolicy(profile: DeploymentProfile, actual: ModelIdentity): IdentityVerdict {
  const warnings: string[] = [];
  const unknownAllowed = profile.mode === 'development' && profile.identity.allowUnknown;
  let verified = true;
  if (!profile.capabilities.reportsRouteIdentity) {
    if (!unknownAllowed) {
      throw new RuntimeError('IDENTITY_MISMATCH', `profile ${profile.id} (${profile.mode}) declares that its route does not report which model served (capabilities.reportsRouteIdentity: false), so its identity cannot be verified`);
    }
    verified = false;
    warnings.push(`unverified route: profile ${profile.id} declares that its route does not report which model served, so a matching model name only echoes the request; identity is unverified (allowed only in development)`);
  }

  // With no explicit matcher the profile's own model must come back verbatim.
  const modelMatcher: Matcher =
    profile.identity.model.exact === undefined && profile.identity.model.pattern === undefined ? { exact: profile.model } : profile.identity.model;
  if (actual.model === null) {
    if (!unknownAllowed) {
      throw new RuntimeError('IDENTITY_MISMATCH', `profile ${profile.id} (${profile.mode}) requires the serving model to be ${describe(modelMatcher)}, but the response did not name its model`);
    }
    verified = false;
    warnings.push('unverified route: the response did not name its model; identity is unverified (allowed only in development)');
  } else if (UNSAFE_NAME_CHARACTERS.test(actual.model)) {
    throw new RuntimeError('IDENTITY_MISMATCH', `profile ${profile.id} requires the serving model to be ${describe(modelMatcher)}, but the response named its model with control characters`);
  } else if (!matches(modelMatcher, actual.model)) {
    throw new RuntimeError('IDENTITY_MISMATCH', `profile ${profile.id} requires the serving model to be ${describe(modelMatcher)}, but ${shown(actual.model)} answered`);
  }

  const providerMatcher = profile.identity.provider;
  if (providerMatcher !== undefined && (providerMatcher.exact !== undefined || providerMatcher.pattern !== undefined)) {
    if (actual.provider === null) {
      if (!unknownAllowed) {
        throw new RuntimeError('IDENTITY_MISMATCH', `profile ${profile.id} (${profile.mode}) requires the provider to be ${describe(providerMatcher)}, but the response did not name its provider`);
      }
      verified = false;
      warnings.push('unverified route: the response did not name its provider; identity is unverified (allowed only in development)');
    } else if (UNSAFE_NAME_CHARACTERS.test(actual.provider)) {
      throw new RuntimeError('IDENTITY_MISMATCH', `profile ${profile.id} requires the provider to be ${describe(providerMatcher)}, but the response named its provider with control characters`);
    } else if (!matches(providerMatcher, actual.provider)) {
      throw new RuntimeError('IDENTITY_MISMATCH', `profile ${profile.id} requires the provider to be ${describe(providerMatcher)}, but ${shown(actual.provider)} answered`);
    }
  }
  return { verified, warnings };
}

/** Throws ROUTING_POLICY_VIOLATION in evaluation/production; returns warnings in development. */
export function enforceRoutingPolicy(profile: DeploymentProfile, route: RouteObservation): string[] {
  const problems: string[] = [];
  if (route.fallbackOccurred) problems.push('the gateway reports a fallback to another model or provider');
  if (route.gatewayAttempts !== null && route.gatewayAttempts > 1) problems.push(`the gateway reports ${route.gatewayAttempts} internal attempts`);
  if (route.transforms.length > 0) problems.push(`the gateway applied transforms (${route.transforms.map((transform) => sanitizeMessage(transform, 40)).join(', ')})`);
  if (problems.length === 0) return [];
  if (profile.mode === 'development') return problems.map((problem) => `${problem}; allowed only because profile ${profile.id} is in development mode`);
  throw new RuntimeError('ROUTING_POLICY_VIOLATION', `profile ${profile.id} (${profile.mode}) forbids hidden routing changes: ${problems.join('; ')}`);
}
