/**
 * TEST DOUBLE: a fake OpenAI-compatible Chat Completions server.
 *
 * A real node:http server on 127.0.0.1 with a random port, so tests exercise the real
 * transport (undici, byte caps, deadlines, resets). Each request takes the next scripted
 * reply from a queue; with an empty queue it answers a plain success that echoes the
 * requested model. Every request is recorded (method, path, headers, parsed body).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface ScriptedReply {
  /** HTTP status; 200 by default. */
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string is sent verbatim (e.g. truncated JSON, HTML). */
  body?: unknown;
  /** Wait this long before sending headers. */
  headersDelayMs?: number;
  /** Send the body in chunks with a pause between them. */
  drip?: { chunkBytes: number; intervalMs: number };
  /** Destroy the socket: before any byte, or after headers and half the body. */
  reset?: 'before-headers' | 'mid-body';
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** Parsed JSON body, or null when it was not JSON. */
  body: Record<string, unknown> | null;
}

export interface CompletionOptions {
  content?: string | null;
  model?: string | null;
  provider?: string;
  /** `null` omits usage entirely. */
  usage?: Record<string, unknown> | null;
  finishReason?: string | null;
  refusal?: string;
  toolCalls?: unknown[];
  /** Number of identical choices (1 by default). */
  choiceCount?: number;
  /** Extra top-level members (e.g. openrouter_metadata). */
  extra?: Record<string, unknown>;
  id?: string;
}

/** A Chat Completions success body. */
export function completion(options: CompletionOptions = {}): Record<string, unknown> {
  const message: Record<string, unknown> = { role: 'assistant', content: options.content === undefined ? '{"ok":true}' : options.content };
  if (options.refusal !== undefined) message.refusal = options.refusal;
  if (options.toolCalls !== undefined) message.tool_calls = options.toolCalls;
  const choice = { index: 0, message, finish_reason: options.finishReason === undefined ? 'stop' : options.finishReason };
  const body: Record<string, unknown> = {
    id: options.id ?? 'chatcmpl-fake-1',
    object: 'chat.completion',
    created: 1_700_000_000,
    choices: Array.from({ length: options.choiceCount ?? 1 }, (_, index) => ({ ...choice, index })),
  };
  if (options.model !== null) body.model = options.model ?? 'test-model';
  if (options.provider !== undefined) body.provider = options.provider;
  if (options.usage !== null) body.usage = options.usage ?? { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
  return { ...body, ...options.extra };
}

export class FakeOpenAiServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue: ScriptedReply[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  /** The chat completions URL of this server. */
  get endpoint(): string {
    return `${this.origin}/v1/chat/completions`;
  }

  static async start(): Promise<FakeOpenAiServer> {
    // The request handler needs the instance, which needs the server's port first.
    const holder: { instance?: FakeOpenAiServer } = {};
    const server = createServer((request, response) => {
      void holder.instance?.handle(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const instance = new FakeOpenAiServer(server, `http://127.0.0.1:${port}`);
    holder.instance = instance;
    server.on('connection', (socket) => {
      instance.sockets.add(socket);
      socket.on('close', () => instance.sockets.delete(socket));
    });
    return instance;
  }

  /** Scripts the next replies, in order. */
  enqueue(...replies: ScriptedReply[]): this {
    this.queue.push(...replies);
    return this;
  }

  /** Scripted replies not yet consumed (a test that leaves some over scripted wrongly). */
  get pendingReplies(): number {
    return this.queue.length;
  }

  /** Drops unconsumed replies and recorded requests. */
  reset(): void {
    this.queue.length = 0;
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(rawBody) as Record<string, unknown>;
    } catch {
      body = null;
    }
    this.requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, rawBody, body });

    const reply = this.queue.shift() ?? { body: completion({ model: typeof body?.model === 'string' ? body.model : 'test-model' }) };
    try {
      await this.respond(reply, request, response);
    } catch {
      // The client went away (timeouts, cancellation); nothing to do.
      request.socket.destroy();
    }
  }

  private async respond(reply: ScriptedReply, request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (reply.reset === 'before-headers') {
      request.socket.destroy();
      return;
    }
    if (reply.headersDelayMs !== undefined) await this.wait(reply.headersDelayMs);
    const payload = Buffer.from(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? completion()), 'utf8');
    const headers: Record<string, string> = { 'content-type': 'application/json', ...reply.headers };
    if (reply.reset === 'mid-body') {
      response.writeHead(reply.status ?? 200, { ...headers, 'content-length': String(payload.length) });
      response.write(payload.subarray(0, Math.floor(payload.length / 2)));
      await this.wait(5);
      request.socket.destroy();
      return;
    }
    if (reply.drip !== undefined) {
      response.writeHead(reply.status ?? 200, headers);
      for (let offset = 0; offset < payload.length; offset += reply.drip.chunkBytes) {
        if (response.destroyed) return;
        response.write(payload.subarray(offset, offset + reply.drip.chunkBytes));
        await this.wait(reply.drip.intervalMs);
      }
      response.end();
      return;
    }
    response.writeHead(reply.status ?? 200, { ...headers, 'content-length': String(payload.length) });
    response.end(payload);
  }
}

/** A body of roughly `bytes` bytes that is still a valid completion (for size caps). */
export function oversizedCompletion(bytes: number): Record<string, unknown> {
  return completion({ content: JSON.stringify({ padding: 'x'.repeat(bytes) }) });
}
