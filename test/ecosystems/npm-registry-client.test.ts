import { gunzipSync } from 'node:zlib';
import { createConcurrencyLimit } from '../../src/shared/concurrency.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_REGISTRY_RETRY_AFTER_MS,
  createNpmRegistryClient,
  DEFAULT_MAX_PACKUMENT_BYTES,
  normaliseTarballOrigins,
  parseRetryAfter,
  RegistryError,
  type NpmRegistryClientOptions,
} from '../../src/ecosystems/npm/registry-client.js';
import { resetSecretsForTesting, redact } from '../../src/shared/redaction.js';
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../fakes/fake-npm-registry.js';

let registry: FakeNpmRegistry;
let sleeps: number[];

beforeEach(async () => {
  registry = await startFakeNpmRegistry();
  sleeps = [];
});

afterEach(async () => {
  await registry.close();
  resetSecretsForTesting();
});

function client(options: NpmRegistryClientOptions = {}) {
  // Backoff is observed through the injected sleep instead of waited for.
  return createNpmRegistryClient({ registryUrl: registry.url, sleep: async (milliseconds) => void sleeps.push(milliseconds), random: () => 1, ...options });
}

async function failureOf(promise: Promise<unknown>): Promise<RegistryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryError);
    return error as RegistryError;
  }
  throw new Error('expected the call to fail');
}

describe('npm registry client: packuments', () => {
  it('fetches the full packument with an application/json Accept header', async () => {
    const packument = await client().getPackument('express');
    expect(packument.name).toBe('express');
    expect(packument.versions['5.1.0']?.engines).toEqual({ node: '>= 18' });
    expect(packument.versions['5.1.0']?.dist?.tarball).toBe(`${registry.url}/express/-/express-5.1.0.tgz`);
    expect(packument.time['4.21.2']).toMatch(/^2024-/);
    expect(registry.received[0]?.headers.accept).toBe('application/json');
  });

  it('asks for each package exactly once, even with concurrent callers', async () => {
    const npm = client();
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => npm.getPackument('express')),
      ...Array.from({ length: 4 }, () => npm.getPackument('lodash')),
    ]);
    await npm.getPackument('express');
    expect(registry.countOf('/express')).toBe(1);
    expect(registry.countOf('/lodash')).toBe(1);
    expect(npm.stats.packumentRequests).toBe(2);
    expect(new Set(results.slice(0, 8)).size).toBe(1);
  });

  it('encodes scoped names as @scope%2fname', async () => {
    const packument = await client().getPackument('@types/node');
    expect(packument.name).toBe('@types/node');
    expect(registry.requests).toEqual(['/@types%2fnode']);
  });

  it('reports a missing package as PACKAGE_NOT_FOUND, once', async () => {
    const npm = client();
    const error = await failureOf(npm.getPackument('no-such-package-xyz'));
    expect(error.code).toBe('PACKAGE_NOT_FOUND');
    expect(error.message).toContain('no-such-package-xyz');
    expect(error.message).toContain('check the package name or the registry URL');
    expect(error.subject).toBe('no-such-package-xyz');
    await failureOf(npm.getPackument('no-such-package-xyz'));
    expect(registry.countOf('/no-such-package-xyz')).toBe(1);
  });

  it('refuses an invalid package name without a request', async () => {
    const error = await failureOf(client().getPackument('../../etc/passwd'));
    expect(error.code).toBe('PACKAGE_NAME_INVALID');
    expect(registry.requests).toEqual([]);
  });

  it('retries 429 at most twice, honouring Retry-After plus at most 10 % jitter', async () => {
    registry.script('/express', { kind: 'rate-limited', retryAfter: '3' });
    const error = await failureOf(client().getPackument('express'));
    expect(error.code).toBe('REGISTRY_RATE_LIMITED');
    expect(error.retryAfterMs).toBe(3000);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('express');
    expect(error.message).toContain('retry later');
    expect(registry.countOf('/express')).toBe(3);
    // random() = 1 here: the largest jitter, 10 % of the 3 s asked for.
    expect(sleeps).toEqual([3300, 3300]);
  });

  it('honours Retry-After on a 503, never retrying sooner than asked', async () => {
    registry.script('/express', { kind: 'server-error', status: 503, retryAfter: '2' }, 1);
    const packument = await client({ random: () => 0 }).getPackument('express');
    expect(packument.name).toBe('express');
    expect(sleeps).toEqual([2000]);
  });

  it(`does not wait out a Retry-After beyond the ${MAX_REGISTRY_RETRY_AFTER_MS / 1000} s cap`, async () => {
    registry.script('/express', { kind: 'rate-limited', retryAfter: '120' }, 1);
    const error = await failureOf(client().getPackument('express'));
    expect(error.code).toBe('REGISTRY_RATE_LIMITED');
    expect(error.retryAfterMs).toBe(120_000);
    expect(registry.countOf('/express')).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('does not start a wait that would pass the run deadline', async () => {
    registry.script('/express', { kind: 'rate-limited', retryAfter: '5' }, 1);
    const run = { signal: new AbortController().signal, remainingMs: () => 4000 };
    const error = await failureOf(client({ run }).getPackument('express'));
    expect(error.code).toBe('REGISTRY_RATE_LIMITED');
    expect(registry.countOf('/express')).toBe(1);
    expect(sleeps).toEqual([]);
  });

  it('waits out a real Retry-After between the two requests', async () => {
    registry.script('/express', { kind: 'server-error', status: 503, retryAfter: '1' }, 1);
    const started = performance.now();
    const packument = await createNpmRegistryClient({ registryUrl: registry.url }).getPackument('express');
    const waited = performance.now() - started;
    expect(packument.name).toBe('express');
    // A lower bound only: the server's wait was honoured, not shortened.
    expect(waited).toBeGreaterThanOrEqual(1000);
  });

  it('aborts a request in flight and the backoff when the run stops', async () => {
    registry.script('/express', { kind: 'slow', delayMs: 20_000 });
    const controller = new AbortController();
    const pending = failureOf(createNpmRegistryClient({ registryUrl: registry.url, run: { signal: controller.signal, remainingMs: () => 60_000 } }).getPackument('express'));
    setTimeout(() => controller.abort(new Error('stopped')), 100);
    const started = performance.now();
    const error = await pending;
    expect(error).toBeInstanceOf(RegistryError);
    // Generous bound that only catches a hang (the fake answers after 20 s).
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('recovers from one 5xx with capped exponential backoff', async () => {
    registry.script('/lodash', { kind: 'server-error', status: 503 }, 1);
    const npm = client({ backoffBaseMs: 100 });
    const packument = await npm.getPackument('lodash');
    expect(packument.name).toBe('lodash');
    expect(registry.countOf('/lodash')).toBe(2);
    expect(sleeps).toEqual([100]);
  });

  it('gives up on a persistent 5xx after three attempts as REGISTRY_UNAVAILABLE', async () => {
    registry.script('/lodash', { kind: 'server-error' });
    const error = await failureOf(client({ backoffBaseMs: 100 }).getPackument('lodash'));
    expect(error.code).toBe('REGISTRY_UNAVAILABLE');
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/lodash.*retry later/);
    expect(registry.countOf('/lodash')).toBe(3);
    expect(sleeps).toEqual([100, 200]);
  });

  it('treats a dropped connection as REGISTRY_UNAVAILABLE and retries it', async () => {
    registry.script('/ms', { kind: 'connection-reset' });
    const error = await failureOf(client().getPackument('ms'));
    expect(error.code).toBe('REGISTRY_UNAVAILABLE');
    expect(error.message).toContain('ms');
    expect(registry.countOf('/ms')).toBe(3);
  });

  it('reports a slow registry as REGISTRY_TIMEOUT without retrying', async () => {
    registry.script('/express', { kind: 'slow', delayMs: 5_000 });
    const error = await failureOf(client({ timeoutMs: 200 }).getPackument('express'));
    expect(error.code).toBe('REGISTRY_TIMEOUT');
    expect(error.message).toContain('express');
    expect(registry.countOf('/express')).toBe(1);
  });

  it('refuses an oversized packument, naming the package and the option that raises the limit', async () => {
    registry.script('/express', { kind: 'oversized', bytes: 512 * 1024 });
    const error = await failureOf(client({ maxPackumentBytes: 10_000 }).getPackument('express'));
    expect(error.code).toBe('REGISTRY_RESPONSE_INVALID');
    expect(error.message).toContain('10000-byte limit');
    expect(error.message).toContain('package express');
    expect(error.message).toContain('maxPackumentBytes');
    expect(error.subject).toBe('express');
  });

  it('caps packuments at 32 MiB by default and says so in MiB', async () => {
    expect(DEFAULT_MAX_PACKUMENT_BYTES).toBe(32 * 1024 * 1024);
    registry.script('/express', { kind: 'oversized', bytes: 3 * 1024 * 1024 });
    const error = await failureOf(client({ maxPackumentBytes: 2 * 1024 * 1024 }).getPackument('express'));
    expect(error.message).toMatch(/package express from .* is larger than the 2 MiB limit; .*raise .*maxPackumentBytes/);
  });

  it('refuses a redirect and never follows it', async () => {
    const elsewhere = await startFakeNpmRegistry();
    try {
      registry.script('/express', { kind: 'redirect', location: `${elsewhere.url}/express` });
      const error = await failureOf(client().getPackument('express'));
      expect(error.code).toBe('REGISTRY_RESPONSE_INVALID');
      expect(error.message).toMatch(/express.*redirect/);
      expect(elsewhere.requests).toEqual([]);
      expect(registry.countOf('/express')).toBe(1);
    } finally {
      await elsewhere.close();
    }
  });

  it('refuses invalid JSON, a wrong shape and another package document', async () => {
    registry.script('/express', { kind: 'invalid-json' });
    registry.script('/lodash', { kind: 'document', body: { name: 'lodash', versions: 'none' } });
    registry.script('/ms', { kind: 'document', body: { name: 'not-ms', versions: {} } });
    const npm = client();
    const [json, shape, misrouted] = await Promise.all([
      failureOf(npm.getPackument('express')),
      failureOf(npm.getPackument('lodash')),
      failureOf(npm.getPackument('ms')),
    ]);
    expect(json.code).toBe('REGISTRY_RESPONSE_INVALID');
    expect(json.message).toContain('invalid JSON for package express');
    expect(shape.code).toBe('REGISTRY_RESPONSE_INVALID');
    expect(shape.message).toContain('lodash');
    expect(shape.message).toContain('versions');
    expect(misrouted.message).toContain('different package');
  });

  it('keeps valid versions when one legacy version entry is odd', async () => {
    registry.script('/legacy', {
      kind: 'document',
      body: {
        name: 'legacy',
        time: { '1.0.0': '2011-01-01T00:00:00.000Z', unpublished: { time: 'x' } },
        versions: { '0.0.1': 'garbage', '1.0.0': { version: '1.0.0', engines: ['node >= 0.4'], license: 42, scripts: { install: 'x' } } },
      },
    });
    const packument = await client().getPackument('legacy');
    expect(Object.keys(packument.versions)).toEqual(['1.0.0']);
    expect(packument.versions['1.0.0']?.engines).toBeUndefined();
    expect(packument.versions['1.0.0']?.scripts).toEqual({ install: 'x' });
    expect(packument.time).toEqual({ '1.0.0': '2011-01-01T00:00:00.000Z' });
  });

  it('maps 401/403 to REGISTRY_ACCESS_DENIED', async () => {
    registry.script('/private-package', { kind: 'status', status: 403 });
    const error = await failureOf(client().getPackument('private-package'));
    expect(error.code).toBe('REGISTRY_ACCESS_DENIED');
    expect(error.message).toContain('check the registry token');
  });

  it('sends the token as Bearer and never shows it in errors', async () => {
    const token = 'npm_SuperSecretToken1234567890';
    const error = await failureOf(client({ token }).getPackument('no-such-package-xyz'));
    expect(registry.received[0]?.headers.authorization).toBe(`Bearer ${token}`);
    expect(error.message).not.toContain(token);
    expect(redact(`token=${token}`)).not.toContain(token);
  });
});

describe('npm registry client: configuration and tarballs', () => {
  it('accepts only https registries, or http on loopback', () => {
    expect(() => createNpmRegistryClient({ registryUrl: 'http://registry.example.com' })).toThrow(/use https/);
    expect(() => createNpmRegistryClient({ registryUrl: 'https://user:pass@registry.example.com' })).toThrow(/credentials/);
    expect(() => createNpmRegistryClient({ registryUrl: 'not a url' })).toThrow(RegistryError);
    expect(createNpmRegistryClient({ registryUrl: 'https://npm.example.com/artifactory/api/npm/' }).registryUrl).toBe('https://npm.example.com/artifactory/api/npm');
    expect(createNpmRegistryClient().registryUrl).toBe('https://registry.npmjs.org');
  });

  it('downloads a recorded tarball from the registry origin, with the token', async () => {
    const npm = client({ token: 'npm_TarballToken1234567890' });
    const packument = await npm.getPackument('ms');
    const url = packument.versions['2.1.3']?.dist?.tarball ?? '';
    const tarball = await npm.getTarball(url, 'ms@2.1.3');
    expect(gunzipSync(tarball).subarray(0, 8).toString('latin1')).toContain('package');
    expect(npm.stats.tarballRequests).toBe(1);
    expect(registry.received.at(-1)?.headers.authorization).toBe('Bearer npm_TarballToken1234567890');
  });

  it('refuses https tarball URLs on any other origin, naming the package, without a request', async () => {
    const npm = client({ token: 'npm_TarballToken1234567890' });
    for (const url of ['https://cdn.example.com/x/-/x-1.0.0.tgz', 'https://169.254.169.254/latest/meta-data', 'https://registry.npmjs.org.evil.example/x/-/x-1.0.0.tgz']) {
      const error = await failureOf(npm.getTarball(url, 'x@1.0.0'));
      expect(error.code).toBe('REGISTRY_URL_REFUSED');
      expect(error.subject).toBe('x@1.0.0');
      expect(error.message).toContain('The tarball URL of x@1.0.0');
      expect(error.message).toContain(`only from ${registry.url} or https://registry.npmjs.org`);
      expect(error.message).toContain('tarballOrigins');
    }
    const long = await failureOf(npm.getTarball(`${registry.url}/ms/-/${'a'.repeat(3000)}.tgz`, 'ms@2.1.3'));
    expect(long.code).toBe('REGISTRY_URL_REFUSED');
    expect(npm.stats.tarballRequests).toBe(0);
    expect(registry.received).toEqual([]);
  });

  it('downloads from an origin allowed by tarballOrigins, without the registry token', async () => {
    // Same fake server, other origin: `localhost` instead of `127.0.0.1`.
    const other = registry.url.replace('127.0.0.1', 'localhost');
    expect(other).not.toBe(registry.url);
    const npm = client({ token: 'npm_TarballToken1234567890', tarballOrigins: [other] });
    const tarball = await npm.getTarball(`${other}/ms/-/ms-2.1.3.tgz`, 'ms@2.1.3');
    expect(gunzipSync(tarball).subarray(0, 8).toString('latin1')).toContain('package');
    expect(registry.received.at(-1)?.headers.authorization).toBeUndefined();
  });

  it('accepts only bare https (or loopback http) origins in tarballOrigins', () => {
    expect(normaliseTarballOrigins(['https://cdn.example.com/', 'http://127.0.0.1:8080'])).toEqual(['https://cdn.example.com', 'http://127.0.0.1:8080']);
    for (const bad of ['http://cdn.example.com', 'https://cdn.example.com/path', 'https://u:p@cdn.example.com', 'https://cdn.example.com?x=1', 'not a url']) {
      expect(() => normaliseTarballOrigins([bad])).toThrow(RegistryError);
    }
    expect(() => createNpmRegistryClient({ tarballOrigins: ['ftp://cdn.example.com'] })).toThrow(/tarball origin/);
  });

  it('refuses tarball URLs off the registry origin that are not https, without a request', async () => {
    const npm = client();
    const plain = await failureOf(npm.getTarball('http://evil.example.com/x/-/x-1.0.0.tgz', 'x@1.0.0'));
    expect(plain.code).toBe('REGISTRY_URL_REFUSED');
    expect(plain.message).toContain('x@1.0.0');
    const credentials = await failureOf(npm.getTarball('https://user:pw@cdn.example.com/x.tgz', 'x@1.0.0'));
    expect(credentials.code).toBe('REGISTRY_URL_REFUSED');
    expect((await failureOf(npm.getTarball('::nonsense', 'x@1.0.0'))).code).toBe('REGISTRY_URL_REFUSED');
    expect(npm.stats.tarballRequests).toBe(0);
  });

  it('reports a missing or oversized tarball with its label', async () => {
    const npm = client({ maxTarballBytes: 100 });
    const missing = await failureOf(npm.getTarball(`${registry.url}/x/-/x-9.9.9.tgz`, 'x@9.9.9'));
    expect(missing.code).toBe('PACKAGE_NOT_FOUND');
    expect(missing.message).toContain('x@9.9.9');
    const large = await failureOf(npm.getTarball(`${registry.url}/ms/-/ms-2.1.3.tgz`, 'ms@2.1.3'));
    expect(large.code).toBe('REGISTRY_RESPONSE_INVALID');
  });
});

describe('helpers', () => {
  it('parses Retry-After seconds and HTTP dates', () => {
    expect(parseRetryAfter('7')).toBe(7000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(30_000);
    expect(parseRetryAfter('soon')).toBeNull();
    // A negative number is not a date (Date.parse would read "-3" as a year).
    expect(parseRetryAfter('-3')).toBeNull();
    expect(parseRetryAfter(undefined)).toBeNull();
  });

  it('limits concurrency with the shared FIFO limit', async () => {
    const limit = createConcurrencyLimit(2);
    let active = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 5 }, (_, index) =>
      limit.run(async () => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
        return index;
      }),
    );
    // Release tasks one by one as they start; only two may ever be waiting at once.
    for (let released = 0; released < 5; released += 1) {
      while (releases.length === 0) await new Promise((resolve) => setImmediate(resolve));
      expect(releases.length).toBeLessThanOrEqual(2);
      releases.shift()?.();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });
});
