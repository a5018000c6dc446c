/**
 * TEST DOUBLE: a fake GitHub Actions artifact service (the "results" service behind
 * @actions/artifact v2+). A real HTTP server on 127.0.0.1 (random port) that implements just
 * enough for `new DefaultArtifactClient().uploadArtifact(...)` to run unmodified against it:
 *
 *  - the Twirp JSON RPCs `POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact`
 *    and `.../FinalizeArtifact` (other methods answer a Twirp `unimplemented` error);
 *  - the Azure-blob-shaped endpoint that CreateArtifact's `signed_upload_url` points to (same
 *    server, IP-style path `/<account>/<container>/<blob>?sig=...`): `PUT ?comp=block&blockid=`
 *    stages a block, `PUT ?comp=blocklist` commits them (this is what BlockBlobClient.uploadStream
 *    does), and a plain `PUT` (x-ms-blob-type: BlockBlob) is accepted as a single-shot upload.
 *
 * The committed blob is parsed as a zip (central directory, read by hand with Buffer + node:zlib)
 * so tests can assert which files the artifact holds and what they contain.
 *
 * `env` holds everything the client reads: an unsigned JWT in ACTIONS_RUNTIME_TOKEN whose `scp`
 * claim carries `Actions.Results:<runBackendId>:<jobBackendId>`, ACTIONS_RESULTS_URL, and
 * GITHUB_SERVER_URL=https://github.com (any other host is treated as GHES, which the client
 * refuses). Not a production component; never import it from src/.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';

const TWIRP_PREFIX = '/twirp/github.actions.results.api.v1.ArtifactService/';
const BLOB_ACCOUNT = 'fakeaccount';
const BLOB_CONTAINER = 'actions-results';

export type FakeArtifactEndpoint = 'CreateArtifact' | 'FinalizeArtifact' | 'blob';

export interface FakeArtifact {
  name: string;
  /** Bytes actually committed to the fake blob store (the zip size). */
  size: number;
  /** Names of the entries inside the uploaded zip, in central-directory order. */
  files: string[];
  finalized: boolean;
  /** Entry contents by name (directories and unreadable entries are omitted). */
  contents: Record<string, Buffer>;
  /** The committed blob (the zip itself), or null before anything was committed. */
  blob: Buffer | null;
  /** `size` the client reported in FinalizeArtifact (a decimal string, as sent). */
  reportedSize: string | null;
  /** `hash.value` the client reported in FinalizeArtifact, e.g. `sha256:…`. */
  reportedHash: string | null;
  /** `expires_at` from CreateArtifact (RFC 3339), when retention was requested. */
  expiresAt: string | null;
  mimeType: string | null;
  id: number;
}

export interface FakeArtifactRequest {
  method: string;
  path: string;
  /** Twirp method name, or `blob:<comp>` (`blob:block`, `blob:blocklist`, `blob:put`). */
  kind: string;
  status: number;
}

export interface FakeArtifactService {
  /** Origin, e.g. `http://127.0.0.1:43121`. */
  url: string;
  /** Merge into a child process's environment (or process.env) before uploading. */
  env: Record<string, string>;
  /** Every artifact created, in creation order (finalized or not). */
  artifacts: FakeArtifact[];
  /** Every request received, in arrival order. */
  requests: FakeArtifactRequest[];
  /** The backend ids carried by the token (CreateArtifact/FinalizeArtifact must match them). */
  backendIds: { workflowRunBackendId: string; workflowJobRunBackendId: string };
  /**
   * Make the next `times` (default 1) requests to an endpoint fail with `status`. Use a 4xx for
   * a fast failure: the client retries 5xx/429 Twirp calls with 3 s+ back-off (5 attempts) and the
   * Azure pipeline retries 5xx blob calls with back-off too.
   */
  failNext(endpoint: FakeArtifactEndpoint, status: number, times?: number): void;
  close(): Promise<void>;
}

interface PendingFault {
  status: number;
  remaining: number;
}

interface BlobState {
  artifact: FakeArtifact;
  sig: string;
  staged: Map<string, Buffer>;
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** An unsigned (alg "none") JWT carrying the claims @actions/artifact decodes. */
function craftRuntimeToken(runId: string, jobId: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { typ: 'JWT', alg: 'none' };
  const payload = {
    // Same shape as a runner token: several scopes, space separated; the client looks for Actions.Results.
    scp: `Actions.ExampleScope Actions.Results:${runId}:${jobId}`,
    iss: 'fake-artifact-service',
    aud: 'vso:fake',
    nbf: now - 60,
    iat: now - 60,
    exp: now + 6 * 60 * 60,
  };
  return `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}.`;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Twirp errors are JSON too; the client JSON.parses every body (a parse failure counts as retryable). */
function twirpError(res: ServerResponse, status: number, code: string, msg: string): void {
  sendJson(res, status, { code, msg });
}

function blobHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'x-ms-request-id': randomUUID(),
    'x-ms-version': '2025-01-05',
    'x-ms-request-server-encrypted': 'true',
    date: new Date().toUTCString(),
    'content-length': '0',
    ...extra,
  };
}

function blobError(res: ServerResponse, status: number, code: string, message: string): void {
  const xml = `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, {
    ...blobHeaders({ 'content-length': String(Buffer.byteLength(xml)) }),
    'content-type': 'application/xml',
    'x-ms-error-code': code,
  });
  res.end(xml);
}

export interface ZipEntry {
  name: string;
  /** Decompressed content, or null for directories / unsupported compression. */
  data: Buffer | null;
}

/** Lists (and inflates) the entries of a zip by reading its central directory. */
export function readZipEntries(zip: Buffer): ZipEntry[] {
  const EOCD = 0x06054b50;
  const CENTRAL = 0x02014b50;
  const LOCAL = 0x04034b50;
  let eocd = -1;
  // The end-of-central-directory record is 22 bytes plus an optional comment of up to 64 KiB.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return readLocalHeaders(zip);
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) return readLocalHeaders(zip); // zip64: not needed for tests
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (offset + 46 > zip.length || zip.readUInt32LE(offset) !== CENTRAL) break;
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localOffset = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString('utf8');
    let data: Buffer | null = null;
    if (!name.endsWith('/') && localOffset + 30 <= zip.length && zip.readUInt32LE(localOffset) === LOCAL) {
      const start = localOffset + 30 + zip.readUInt16LE(localOffset + 26) + zip.readUInt16LE(localOffset + 28);
      const raw = zip.subarray(start, start + compressedSize);
      if (method === 0) data = Buffer.from(raw);
      else if (method === 8) data = inflateRawSync(raw);
    }
    entries.push({ name, data });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Fallback: names from local file headers only (no sizes needed). */
function readLocalHeaders(zip: Buffer): ZipEntry[] {
  const entries: ZipEntry[] = [];
  for (let i = 0; i + 30 <= zip.length; i++) {
    if (zip.readUInt32LE(i) !== 0x04034b50) continue;
    const nameLength = zip.readUInt16LE(i + 26);
    entries.push({ name: zip.subarray(i + 30, i + 30 + nameLength).toString('utf8'), data: null });
    i += 29 + nameLength;
  }
  return entries;
}

export async function startFakeArtifactService(): Promise<FakeArtifactService> {
  const workflowRunBackendId = randomUUID();
  const workflowJobRunBackendId = randomUUID();
  const token = craftRuntimeToken(workflowRunBackendId, workflowJobRunBackendId);
  const artifacts: FakeArtifact[] = [];
  const requests: FakeArtifactRequest[] = [];
  const blobs = new Map<string, BlobState>(); // by URL path
  const faults = new Map<FakeArtifactEndpoint, PendingFault>();
  let nextId = 1000;
  let origin = '';

  function takeFault(endpoint: FakeArtifactEndpoint): number | null {
    const fault = faults.get(endpoint);
    if (!fault) return null;
    fault.remaining--;
    if (fault.remaining <= 0) faults.delete(endpoint);
    return fault.status;
  }

  function commit(state: BlobState, blob: Buffer): void {
    state.artifact.blob = blob;
    state.artifact.size = blob.length;
    const entries = readZipEntries(blob);
    state.artifact.files = entries.map((e) => e.name);
    state.artifact.contents = {};
    for (const entry of entries) if (entry.data) state.artifact.contents[entry.name] = entry.data;
  }

  async function handleTwirp(req: IncomingMessage, res: ServerResponse, method: string): Promise<number> {
    const body = await readBody(req);
    if (req.method !== 'POST') {
      twirpError(res, 404, 'bad_route', `unsupported method ${req.method ?? ''}`);
      return 404;
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      twirpError(res, 401, 'unauthenticated', 'invalid or missing runtime token');
      return 401;
    }
    const injected = takeFault(method as FakeArtifactEndpoint);
    if (injected !== null && (method === 'CreateArtifact' || method === 'FinalizeArtifact')) {
      twirpError(res, injected, injected >= 500 ? 'internal' : 'failed_precondition', `injected failure (${injected})`);
      return injected;
    }
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      twirpError(res, 400, 'malformed', 'request body is not JSON');
      return 400;
    }
    if (method === 'CreateArtifact' || method === 'FinalizeArtifact') {
      if (
        input.workflow_run_backend_id !== workflowRunBackendId ||
        input.workflow_job_run_backend_id !== workflowJobRunBackendId
      ) {
        twirpError(res, 400, 'invalid_argument', 'backend ids do not match the runtime token');
        return 400;
      }
      if (typeof input.name !== 'string' || input.name === '') {
        twirpError(res, 400, 'invalid_argument', 'name is required');
        return 400;
      }
    }
    const name = input.name as string;
    if (method === 'CreateArtifact') {
      if (artifacts.some((a) => a.name === name)) {
        twirpError(res, 409, 'already_exists', `an artifact with this name already exists on the workflow run`);
        return 409;
      }
      const mime = input.mime_type;
      const artifact: FakeArtifact = {
        name,
        size: 0,
        files: [],
        finalized: false,
        contents: {},
        blob: null,
        reportedSize: null,
        reportedHash: null,
        expiresAt: typeof input.expires_at === 'string' ? input.expires_at : null,
        mimeType: typeof mime === 'string' ? mime : null,
        id: nextId++,
      };
      artifacts.push(artifact);
      const blobPath = `/${BLOB_ACCOUNT}/${BLOB_CONTAINER}/${workflowRunBackendId}/${artifact.id}/${encodeURIComponent(name)}.zip`;
      const sig = randomBytes(16).toString('hex');
      blobs.set(blobPath, { artifact, sig, staged: new Map() });
      const signedUploadUrl = `${origin}${blobPath}?sv=2025-01-05&sr=b&sp=cw&se=${encodeURIComponent(
        new Date(Date.now() + 3600_000).toISOString(),
      )}&sig=${sig}`;
      sendJson(res, 200, { ok: true, signed_upload_url: signedUploadUrl });
      return 200;
    }
    if (method === 'FinalizeArtifact') {
      const artifact = artifacts.find((a) => a.name === name && !a.finalized);
      if (!artifact) {
        twirpError(res, 404, 'not_found', 'no pending artifact with this name');
        return 404;
      }
      if (!artifact.blob) {
        twirpError(res, 400, 'failed_precondition', 'nothing was uploaded for this artifact');
        return 400;
      }
      artifact.reportedSize = typeof input.size === 'string' || typeof input.size === 'number' ? String(input.size) : null;
      artifact.reportedHash = typeof input.hash === 'string' ? input.hash : null;
      artifact.finalized = true;
      sendJson(res, 200, { ok: true, artifact_id: String(artifact.id) });
      return 200;
    }
    twirpError(res, 501, 'unimplemented', `${method} is not implemented by the fake`);
    return 501;
  }

  async function handleBlob(req: IncomingMessage, res: ServerResponse, url: URL): Promise<{ kind: string; status: number }> {
    const body = await readBody(req);
    const comp = url.searchParams.get('comp');
    const kind = `blob:${comp ?? (req.method === 'PUT' ? 'put' : (req.method ?? '').toLowerCase())}`;
    const state = blobs.get(url.pathname);
    if (!state) {
      blobError(res, 404, 'ContainerNotFound', 'The specified container does not exist.');
      return { kind, status: 404 };
    }
    if (url.searchParams.get('sig') !== state.sig) {
      blobError(res, 403, 'AuthenticationFailed', 'Signature did not match.');
      return { kind, status: 403 };
    }
    const injected = takeFault('blob');
    if (injected !== null) {
      blobError(res, injected, 'InjectedFailure', `injected failure (${injected})`);
      return { kind, status: injected };
    }
    if (req.method !== 'PUT') {
      blobError(res, 405, 'UnsupportedHttpVerb', 'The resource does not support the specified HTTP verb.');
      return { kind, status: 405 };
    }
    const etag = `"0x${randomBytes(8).toString('hex').toUpperCase()}"`;
    if (comp === 'block') {
      const blockId = url.searchParams.get('blockid');
      if (!blockId) {
        blobError(res, 400, 'InvalidQueryParameterValue', 'blockid is required');
        return { kind, status: 400 };
      }
      state.staged.set(blockId, body);
      res.writeHead(201, blobHeaders());
      res.end();
      return { kind, status: 201 };
    }
    if (comp === 'blocklist') {
      const xml = body.toString('utf8');
      const ids = [...xml.matchAll(/<(Latest|Uncommitted|Committed)>([^<]*)<\/\1>/g)].map((m) => m[2] ?? '');
      const parts: Buffer[] = [];
      for (const id of ids) {
        const block = state.staged.get(id);
        if (!block) {
          blobError(res, 400, 'InvalidBlockList', `block ${id} was not staged`);
          return { kind, status: 400 };
        }
        parts.push(block);
      }
      commit(state, Buffer.concat(parts));
      state.staged.clear();
      res.writeHead(201, blobHeaders({ etag, 'last-modified': new Date().toUTCString() }));
      res.end();
      return { kind, status: 201 };
    }
    if (comp === null) {
      // Single-shot Put Blob (BlockBlobClient.upload for small bodies).
      commit(state, body);
      res.writeHead(201, blobHeaders({ etag, 'last-modified': new Date().toUTCString() }));
      res.end();
      return { kind, status: 201 };
    }
    blobError(res, 400, 'InvalidQueryParameterValue', `unsupported comp=${comp}`);
    return { kind, status: 400 };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const record = (kind: string, status: number) =>
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, kind, status });
    const work = url.pathname.startsWith(TWIRP_PREFIX)
      ? handleTwirp(req, res, url.pathname.slice(TWIRP_PREFIX.length)).then((status) =>
          record(url.pathname.slice(TWIRP_PREFIX.length), status),
        )
      : handleBlob(req, res, url).then(({ kind, status }) => record(kind, status));
    work.catch((error: unknown) => {
      record('error', 500);
      if (!res.headersSent) sendJson(res, 500, { code: 'internal', msg: String(error) });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    env: {
      ACTIONS_RUNTIME_TOKEN: token,
      ACTIONS_RESULTS_URL: `${origin}/`,
      // Any host other than github.com / *.ghe.com / *.localhost is treated as GHES and refused.
      GITHUB_SERVER_URL: 'https://github.com',
      // Keep loopback traffic off any proxy configured in the parent environment.
      NO_PROXY: '127.0.0.1,localhost',
      no_proxy: '127.0.0.1,localhost',
    },
    artifacts,
    requests,
    backendIds: { workflowRunBackendId, workflowJobRunBackendId },
    failNext(endpoint, status, times = 1) {
      faults.set(endpoint, { status, remaining: times });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
