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

  it('sanitizes messages: no control characters, bounded length', () => {
    expect(sanitizeMessage('a\u0000b\nc', 100)).toBe('a b c');
    expect(sanitizeMessage('x'.repeat(500), 50)).toHaveLength(50);
  });
});
