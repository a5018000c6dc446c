import { describe, expect, it } from 'vitest';
import { describeFailure } from '../../src/conformance/diagnostics.js';
import { validateProbeOutput } from '../../src/conformance/local-validation.js';
import { deriveProbeProfile } from '../../src/conformance/probe-profiles.js';
import { PROBE_SCHEMAS } from '../../src/conformance/probe-schemas.js';
import { RuntimeError } from '../../src/runtime/contract.js';
import { openRouterProfile } from './conformance-profiles.js';

describe('probe-only profile variants', () => {
  const loaded = openRouterProfile('https://openrouter.example/api/v1/chat/completions', { projection: true });

  it('force one attempt and keep the original digest, marking the source probe-only', () => {
    const isolation = deriveProbeProfile(loaded, 'isolation');
    expect(isolation.profile.retry.maxAttempts).toBe(1);
    expect(isolation.profile.structuredOutput.projection).toBeUndefined();
    expect(isolation.digest).toBe(loaded.digest);
    expect(isolation.source).toContain('probe-only');
    expect(Object.isFrozen(isolation.profile)).toBe(true);
    // The loaded profile itself is untouched.
    expect(loaded.profile.retry.maxAttempts).toBe(3);
  });

  it('keep the projection for the declared-projection variant and replace only the model for bogus-model', () => {
    expect(deriveProbeProfile(loaded, 'declared-projection').profile.structuredOutput.projection?.dropKeywords).toEqual(['uniqueItems']);
    const bogus = deriveProbeProfile(loaded, 'bogus-model', 'no/such-model');
    expect(bogus.profile.model).toBe('no/such-model');
    expect(bogus.profile.identity).toEqual(loaded.profile.identity);
    expect(bogus.profile.routing).toEqual(loaded.profile.routing);
  });
});

describe('local validation of probe answers', () => {
  it('names violated keywords and paths without the answer text', () => {
    const result = validateProbeOutput('{"answer":"SECRETWORD","tags":["x","x"]}', PROBE_SCHEMAS.uniqueItems);
    expect(result).toMatchObject({ valid: false, violatedKeywords: ['uniqueItems'] });
    expect(result.problems.join(' ')).not.toContain('SECRETWORD');
  });

  it('reports unparsable answers without echoing them', () => {
    const result = validateProbeOutput('not json SECRETWORD', PROBE_SCHEMAS.baseline);
    expect(result).toMatchObject({ valid: false, violatedKeywords: ['json'] });
    expect(JSON.stringify(result)).not.toContain('SECRETWORD');
  });
});

describe('canonical diagnostics', () => {
  it('drops the endpoint origin and any quoted JSON document from provider messages', () => {
    const error = new RuntimeError(
      'SCHEMA_REJECTED',
      'https://api.example.com answered HTTP 400 (SCHEMA_REJECTED) [invalid_request_error]: Invalid schema {"type":"object","properties":{"tags":{"uniqueItems":true}}} rejected',
      { status: 400 },
    );
    const facts = describeFailure(error, 'https://api.example.com');
    expect(facts).toMatchObject({ httpStatus: 400, errorCode: 'SCHEMA_REJECTED', providerError: 'invalid_request_error' });
    expect(facts.diagnostic).toBe('HTTP 400 SCHEMA_REJECTED [invalid_request_error]: Invalid schema [structured text omitted] rejected');
  });

  it('describes non-runtime failures by type only', () => {
    expect(describeFailure(new TypeError('secret stuff'), '').diagnostic).toBe('unexpected failure (TypeError)');
  });
});
