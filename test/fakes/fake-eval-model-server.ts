/**
 * TEST DOUBLE: an OpenAI-compatible model endpoint on 127.0.0.1 for evaluation runs. It reads
 * the DepVerdict context back out of each user prompt and answers the way a chosen model
 * would, so an eval run against it exercises the real HTTP runtime, identity policy, retries
 * and deadlines:
 * - `good`: a capable model — the candidate is what the extractive rules derive from the
 *   same context (grounded, schema-valid), under the locked model's dated snapshot name;
 * - `other-model`: the same answer, but the route names another model (every request, or
 *   only the first `otherModelRequests`);
 * - `rate-limited`: 429 with `retry-after: 0` on every request;
 * - `slow`: headers only after `delayMs` (longer than the profile's timeout).
 * `delayMs` also delays the other answers, and `peakInFlight` counts the most requests the
 * server held unanswered at once (how many calls a client really had in flight).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extractContextFromPrompt } from '../../src/analysis/prompt.js';
import { extractCandidate } from '../../src/runtime/adapters/extractive/extract-candidate.js';
import { completion } from './fake-openai-server.js';

export type EvalModelBehaviour = 'good' | 'other-model' | 'rate-limited' | 'slow';

export interface EvalModelServer {
  endpoint: string;
  requests: number;
  peakInFlight: number;
  close(): Promise<void>;
}

export const LOCKED_SNAPSHOT = 'gpt-4o-mini-2024-07-18';

function userPromptOf(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<Record<string, unknown>>) : [];
  const user = messages.find((message) => message.role === 'user');
  return typeof user?.content === 'string' ? user.content : '';
}

export async function startEvalModelServer(options: { behaviour: EvalModelBehaviour; otherModelRequests?: number; delayMs?: number }): Promise<EvalModelServer> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const state = { requests: 0, inFlight: 0, peakInFlight: 0 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      state.requests += 1;
      state.inFlight += 1;
      state.peakInFlight = Math.max(state.peakInFlight, state.inFlight);
      response.on('close', () => {
        state.inFlight -= 1;
      });
      if (options.behaviour === 'rate-limited') {
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '0' });
        response.end(JSON.stringify({ error: { message: 'Rate limit reached for requests', type: 'rate_limit_exceeded' } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
      const content = JSON.stringify(extractCandidate(extractContextFromPrompt(userPromptOf(body))));
      const otherModel = options.behaviour === 'other-model' && state.requests <= (options.otherModelRequests ?? Number.MAX_SAFE_INTEGER);
      const payload = JSON.stringify(
        completion({ content, model: otherModel ? 'llama-3.1-8b-instruct' : LOCKED_SNAPSHOT, usage: { prompt_tokens: 1200, completion_tokens: 150, total_tokens: 1350 } }),
      );
      const send = (): void => {
        if (response.destroyed) return;
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
        response.end(payload);
      };
      const delayMs = options.delayMs ?? (options.behaviour === 'slow' ? 2000 : 0);
      if (delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, delayMs);
        timers.add(timer);
      } else send();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/v1/chat/completions`,
    get requests() {
      return state.requests;
    },
    get peakInFlight() {
      return state.peakInFlight;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
