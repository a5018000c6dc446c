import { describe, expect, it } from 'vitest';
import { RuntimeError } from '../../src/runtime/contract.js';
import { enforceIdentityPolicy } from '../../src/runtime/identity-policy.js';
import { testProfile } from './profile-builders.js';

const locked = testProfile('http://127.0.0.1:9/v1/chat/completions', { model: 'gpt-4o', identity: { model: { exact: 'gpt-4o' }, allowUnknown: false } }).profile;

function mismatch(model: string, provider: string | null = null): RuntimeError {
  try {
    enforceIdentityPolicy(locked, { model, provider });
  } catch (error) {
    expect(error).toBeInstanceOf(RuntimeError);
    return error as RuntimeError;
  }
  throw new Error('expected IDENTITY_MISMATCH');
}

describe('enforceIdentityPolicy', () => {
  it('accepts the exact raw name', () => {
    expect(enforceIdentityPolicy(locked, { model: 'gpt-4o', provider: null })).toEqual({ verified: true, warnings: [] });
  });

  it.each(['gpt-4o\u0000', 'gpt-4o\u200b', 'gpt-4o\u2028', 'gpt-4o\u007f', ' gpt-4o', 'gpt-4o\n'])('never matches %j to exact "gpt-4o"', (model) => {
    const error = mismatch(model);
    expect(error.code).toBe('IDENTITY_MISMATCH');
    expect(error.message).not.toContain(model);
  });

  it('never matches a name with control characters to a pattern that would accept it', () => {
    const patterned = testProfile('http://127.0.0.1:9/v1/chat/completions', { model: 'gpt-4o', identity: { model: { exact: undefined, pattern: 'gpt-4o.*' }, allowUnknown: false } }).profile;
    expect(() => enforceIdentityPolicy(patterned, { model: 'gpt-4o\u0000', provider: null })).toThrow(/control characters/);
    expect(enforceIdentityPolicy(patterned, { model: 'gpt-4o-2024-08-06', provider: null }).verified).toBe(true);
  });

  it('never verifies a route that declares it does not report which model served', () => {
    const echoing = testProfile('http://127.0.0.1:9/v1/chat/completions', {
      mode: 'development',
      identity: { model: { exact: 'test-model' }, allowUnknown: true },
      capabilities: { reportsRouteIdentity: false },
    }).profile;
    const verdict = enforceIdentityPolicy(echoing, { model: 'test-model', provider: null });
    expect(verdict.verified).toBe(false);
    expect(verdict.warnings).toEqual([expect.stringMatching(/^unverified route: .*a matching model name only echoes the request/)]);
    // A reported mismatch still fails.
    expect(() => enforceIdentityPolicy(echoing, { model: 'other-model', provider: null })).toThrow(RuntimeError);
  });
});
