import { afterEach, describe, expect, it } from 'vitest';
import { installSecretMasker, redact, registerSecret, resetSecretsForTesting, sanitizeMessage } from '../../src/shared/redaction.js';

afterEach(() => resetSecretsForTesting());

describe('secret redaction', () => {
  const key = 'sk-canary/KEY+with=odd&chars"1234';

  it('redacts a registered secret in its raw, URL-encoded, JSON-escaped and base64 forms', () => {
    registerSecret(key);
    const echoes = [
      `Incorrect API key provided: ${key}`,
      `GET /v1?key=${encodeURIComponent(key)} failed`,
      `{"error":{"message":"bad key ${JSON.stringify(key).slice(1, -1)}"}}`,
      `Authorization: Basic ${Buffer.from(key).toString('base64')}`,
    ];
    for (const echo of echoes) expect(redact(echo), echo).not.toMatch(/canary|Y2FuYXJ5|c2stY2FuYXJ5/);
  });

  it('masks every form in the runner log as soon as it is registered', () => {
    const masked: string[] = [];
    installSecretMasker((secret) => masked.push(secret));
    registerSecret('ghs_runnerToken0123456789');
    expect(masked).toContain('ghs_runnerToken0123456789');
    expect(masked).toContain(Buffer.from('ghs_runnerToken0123456789').toString('base64'));
  });

  it('redacts credential-shaped tokens it was never told about', () => {
    for (const token of ['npm_abcdefghijklmnopqrstuvwxyz0123456789', 'glpat-abcdefghij0123456789', 'AIzaSyA1234567890abcdefghijklmnopqrstuv', 'ghp_abcdefghij0123456789', 'Bearer abcdefghijklmnop']) {
      expect(redact(`failed with ${token}`), token).toBe(token.startsWith('Bearer') ? 'failed with Bearer ***' : 'failed with ***');
    }
  });

  it('redacts every token shape it knows, and never a package name that merely contains a prefix', () => {
    for (const token of ['github_pat_11ABCDEFG0123456789_abcdefghijklmnop', 'gho_abcdefghij0123456789', 'sk-proj-abc123DEF456ghi789', 'sk-or-v1-0123456789abcdef', 'xoxb-1234567890-abcdef']) {
      expect(redact(`failed with ${token}`), token).toBe('failed with ***');
    }
    // validate-npm-package-name 7.0.2 → 8.0.0 came out as "validate-*** 7.0.2 → 8.0.0" in an eval scorecard.
    for (const text of ['validate-npm-package-name 7.0.2 → 8.0.0', 'npm-package-arg@13.0.0', 'npm_package_version=1.2.3', 'npm-normalize-package-bin', 'ghp-pages-deploy-action']) {
      expect(redact(text), text).toBe(text);
    }
  });

  it('sanitizes messages: no control characters, bounded length', () => {
    expect(sanitizeMessage('a\u0000b\nc', 100)).toBe('a b c');
    expect(sanitizeMessage('x'.repeat(500), 50)).toHaveLength(50);
    // Bidirectional overrides cannot reorder a log line, and a cut never splits a surrogate pair.
    expect(sanitizeMessage('express \u202e1.0.0 → 2.0.0\u2066', 100)).toBe('express 1.0.0 → 2.0.0');
    expect(sanitizeMessage(`${'x'.repeat(48)}😀😀`, 50)).toBe(`${'x'.repeat(48)}…`);
  });
});
