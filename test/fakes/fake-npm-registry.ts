/**
 * TEST DOUBLE: a fake npm registry. A real HTTP server on 127.0.0.1 (random port) that serves
 * the recorded packuments and tarballs under test/fixtures/registry/ (and the hand-made
 * synthetic packuments), replacing the `{{REGISTRY}}` origin token with its own origin. It
 * records every request and can be scripted, per path, to misbehave: 404, 429 with
 * Retry-After, 5xx, a slow answer, an oversized body, a redirect, invalid JSON, a dropped
 * connection, or an arbitrary document.
 *
 * Packuments carry an ETag (a digest of the body served) and answer `If-None-Match` with
 * 304 Not Modified and no body, as registry.npmjs.org does.
 *
 * POST /-/npm/v1/security/advisories/bulk follows npm's documented bulk advisory format
 * (`{ "<name>": ["<version>", …] }` in, `{ "<name>": [{ id, url, title, severity,
 * vulnerable_versions, … }] }` out, only advisories affecting a version asked about). Without
 * seeded `advisories` it answers 405, as registry mirrors do.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import semver from 'semver';

export const FIXTURE_DIRECTORY = fileURLToPath(new URL('../fixtures/registry/', import.meta.url));
const REGISTRY_TOKEN = '{{REGISTRY}}';

export type FakeRegistryFault =
  | { kind: 'not-found' }
  | { kind: 'rate-limited'; retryAfter?: string }
  | { kind: 'server-error'; status?: number; retryAfter?: string }
  | { kind: 'slow'; delayMs: number }
  | { kind: 'oversized'; bytes: number }
  | { kind: 'redirect'; location: string; status?: number }
  | { kind: 'invalid-json' }
  | { kind: 'connection-reset' }
  | { kind: 'status'; status: number }
  | { kind: 'document'; body: unknown };

export interface ScriptedFault {
  fault: FakeRegistryFault;
  /** Apply to this many requests, then serve normally again. Default: every request. */
  times?: number;
}

export interface ReceivedRequest {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** Request body as text (POST only). */
  body: string;
}

/** One entry of the bulk advisory answer, in npm's documented shape. */
export interface FakeBulkAdvisory {
  id: number;
  url: string;
  title: string;
  severity: 'info' | 'low' | 'moderate' | 'high' | 'critical';
  vulnerable_versions: string;
  cwe?: string[];
  cvss?: { score: number; vectorString: string | null };
}

export interface FakeNpmRegistry {
  /** Origin, e.g. `http://127.0.0.1:43121`. */
  url: string;
  /** Request paths in arrival order. */
  requests: string[];
  received: ReceivedRequest[];
  countOf(path: string): number;
  /** Responses by status, e.g. how many 304s were sent. */
  statuses: number[];
  /** Replaces a served packument (a new version was published). */
  setPackument(name: string, document: unknown): void;
  script(path: string, fault: FakeRegistryFault, times?: number): void;
  close(): Promise<void>;
}

export interface FakeNpmRegistryOptions {
  /** Extra packuments served from memory, by package name (may also use `{{REGISTRY}}`). */
  packuments?: Record<string, unknown>;
  /** Advisories by package name: turns the bulk advisory endpoint on (405 without). */
  advisories?: Record<string, FakeBulkAdvisory[]>;
  /** Serve packuments without ETag (a registry that sends no validators). */
  noValidators?: boolean;
}

export const BULK_ADVISORY_PATH = '/-/npm/v1/security/advisories/bulk';

/**
 * Waits until the response can take more bytes or the client has gone. Whichever event comes
 * first, both listeners are removed: a listener left behind per chunk piles up on the one
 * response (MaxListenersExceededWarning after ten chunks of backpressure).
 */
function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.once('drain', done);
    response.once('close', done);
  });
}

/** `@scope/name` → `@scope%2fname`: the fixture file naming used by the recording script. */
function fixtureNameOf(name: string): string {
  return name.startsWith('@') ? `@${encodeURIComponent(name.slice(1))}`.replace('%2F', '%2f') : encodeURIComponent(name);
}

async function readFirst(paths: string[]): Promise<Buffer | null> {
  for (const path of paths) {
    try {
      return await readFile(path);
    } catch {
      // Try the next candidate: the fixture may live in the other folder.
    }
  }
  return null;
}

export async function startFakeNpmRegistry(options: FakeNpmRegistryOptions = {}): Promise<FakeNpmRegistry> {
  const requests: string[] = [];
  const received: ReceivedRequest[] = [];
  const faults = new Map<string, ScriptedFault>();
  let origin = '';

  const send = (response: ServerResponse, status: number, body: string | Buffer, headers: Record<string, string> = {}): void => {
    response.writeHead(status, { 'content-length': String(Buffer.byteLength(body)), ...headers });
    response.end(body);
  };

  const applyFault = async (fault: FakeRegistryFault, request: IncomingMessage, response: ServerResponse): Promise<boolean> => {
    switch (fault.kind) {
      case 'not-found':
        send(response, 404, '{"error":"Not found"}', { 'content-type': 'application/json' });
        return true;
      case 'rate-limited':
        send(response, 429, '{"error":"rate limited"}', fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter });
        return true;
      case 'server-error':
        send(response, fault.status ?? 500, 'internal error', fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter });
        return true;
      case 'status':
        send(response, fault.status, '');
        return true;
      case 'redirect':
        send(response, fault.status ?? 302, '', { location: fault.location });
        return true;
      case 'invalid-json':
        send(response, 200, '{"name": "broken", "versions": {', { 'content-type': 'application/json' });
        return true;
      case 'document':
        send(response, 200, JSON.stringify(fault.body), { 'content-type': 'application/json' });
        return true;
      case 'oversized': {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        for (let sent = 0; sent < fault.bytes && !response.destroyed; sent += chunk.length) {
          if (!response.write(chunk)) await drainedOrClosed(response);
        }
        response.end();
        return true;
      }
      case 'connection-reset':
        request.socket.destroy();
        return true;
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        return false;
    }
  };

  const statuses: number[] = [];
  const packuments = new Map<string, unknown>(Object.entries(options.packuments ?? {}));

  const serveFixture = async (path: string, request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const tarball = /^\/(.+)\/-\/[^/]+-(\d[^/]*)\.tgz$/.exec(path);
    if (tarball) {
      const name = decodeURIComponent(tarball[1] ?? '');
      const bytes = await readFirst([join(FIXTURE_DIRECTORY, 'tarballs', `${fixtureNameOf(name)}-${tarball[2]}.tgz`)]);
      if (bytes) send(response, 200, bytes, { 'content-type': 'application/octet-stream' });
      else send(response, 404, '{"error":"Not found"}');
      return;
    }
    const name = decodeURIComponent(path.slice(1));
    const inMemory = packuments.get(name);
    const text = inMemory !== undefined
      ? JSON.stringify(inMemory)
      : (await readFirst([
          join(FIXTURE_DIRECTORY, 'packuments', `${fixtureNameOf(name)}.json`),
          join(FIXTURE_DIRECTORY, 'synthetic', `${fixtureNameOf(name)}.json`),
        ]))?.toString('utf8');
    if (text === undefined) {
      send(response, 404, '{"error":"Not found"}', { 'content-type': 'application/json' });
      return;
    }
    const body = text.split(REGISTRY_TOKEN).join(origin);
    if (options.noValidators) {
      send(response, 200, body, { 'content-type': 'application/json' });
      return;
    }
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`;
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, { etag });
      response.end();
      return;
    }
    send(response, 200, body, { 'content-type': 'application/json', etag });
  };

  /** The documented bulk answer: for each package asked about, advisories affecting any version asked. */
  const answerBulkAdvisories = (body: string, response: ServerResponse): void => {
    if (options.advisories === undefined) {
      send(response, 405, '{"error":"Method Not Allowed"}', { 'content-type': 'application/json' });
      return;
    }
    let asked: Record<string, unknown>;
    try {
      asked = JSON.parse(body) as Record<string, unknown>;
    } catch {
      send(response, 400, '{"error":"invalid json"}', { 'content-type': 'application/json' });
      return;
    }
    const answer: Record<string, FakeBulkAdvisory[]> = {};
    for (const [name, versions] of Object.entries(asked)) {
      if (!Array.isArray(versions)) continue;
      const affecting = (options.advisories[name] ?? []).filter((advisory) =>
        versions.some((version) => typeof version === 'string' && semver.valid(version) !== null && semver.satisfies(version, advisory.vulnerable_versions)),
      );
      if (affecting.length > 0) answer[name] = affecting;
    }
    send(response, 200, JSON.stringify(answer), { 'content-type': 'application/json' });
  };

  const server = createServer((request, response) => {
    response.on('finish', () => statuses.push(response.statusCode));
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push(path);
      received.push({ path, method: request.method ?? 'GET', headers: { ...request.headers }, body });
      const scripted = faults.get(path);
      if (scripted) {
        if (scripted.times !== undefined) {
          scripted.times -= 1;
          if (scripted.times <= 0) faults.delete(path);
        }
        if (await applyFault(scripted.fault, request, response)) return;
      }
      if (path === BULK_ADVISORY_PATH && request.method === 'POST') {
        answerBulkAdvisories(body, response);
        return;
      }
      await serveFixture(path, request, response);
    })().catch(() => {
      if (!response.headersSent) send(response, 500, 'fake registry failure');
      else response.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    requests,
    received,
    countOf: (path) => requests.filter((entry) => entry === path).length,
    statuses,
    setPackument: (name, document) => packuments.set(name, document),
    script(path, fault, times) {
      faults.set(path, times === undefined ? { fault } : { fault, times });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Slow responses would otherwise keep close() waiting for their timers.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
