/**
 * What a profile may add to a request through `routing`. Gateways need a few extra body
 * members (OpenRouter's `provider` lock, LiteLLM tags) and attribution headers, but a
 * profile must never be able to change what the runtime itself decides: the model, the
 * prompt, the output contract, streaming, or credentials. An allowlist fails closed when a
 * gateway grows a new parameter; adding one is a reviewed code change.
 */

/** Members the runtime owns; named explicitly so the error can say why a key is refused. */
export const RESERVED_BODY_KEYS: ReadonlySet<string> = new Set([
  'model',
  'messages',
  'response_format',
  'stream',
  'stream_options',
  'authorization',
  // Fallback lists and routing shortcuts would silently change the serving model.
  'models',
  'route',
  // Generation settings have their own typed profile section.
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'seed',
  'n',
  // Tool use would turn a structured answer into a tool call.
  'tools',
  'tool_choice',
  'functions',
  'function_call',
]);

/** Body members a profile may set. */
export const ALLOWED_BODY_KEYS: ReadonlySet<string> = new Set([
  // OpenRouter provider routing object (order/only/ignore/allow_fallbacks/require_parameters...).
  'provider',
  // OpenRouter: `transforms: []` disables middle-out compression.
  'transforms',
  // OpenRouter usage accounting (`{ include: true }`).
  'usage',
  // LiteLLM request metadata/tags, OpenAI `metadata` (with `store`).
  'metadata',
  'store',
  'user',
  'service_tier',
  'reasoning_effort',
  'reasoning',
  // vLLM chat template switches (e.g. disabling thinking).
  'chat_template_kwargs',
  'top_k',
  'min_p',
  'repetition_penalty',
]);

/** Header names (lower case) a profile may send; all are non-secret by construction. */
export const ALLOWED_HEADER_NAMES: ReadonlySet<string> = new Set([
  'http-referer',
  'x-title',
  'x-openrouter-title',
  'x-openrouter-metadata',
  'x-openrouter-experimental-metadata',
  'x-litellm-tags',
]);

/** Header names that carry credentials or framing; never settable from a profile. */
export const RESERVED_HEADER_NAMES: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'x-api-key',
  'api-key',
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
]);

/** Returns a problem description, or null when the body key is allowed. */
export function checkBodyExtraKey(key: string): string | null {
  const lower = key.toLowerCase();
  if (RESERVED_BODY_KEYS.has(lower)) {
    return `"${key}" is decided by the runtime and can never be set or overridden through routing.bodyExtras`;
  }
  if (!ALLOWED_BODY_KEYS.has(key)) {
    return `"${key}" is not an allowed body extra (allowed: ${[...ALLOWED_BODY_KEYS].join(', ')})`;
  }
  return null;
}

/** Returns a problem description, or null when the header is allowed. */
export function checkRoutingHeader(name: string, value: string): string | null {
  const lower = name.toLowerCase();
  if (RESERVED_HEADER_NAMES.has(lower)) {
    return `header "${name}" carries credentials or framing and can never be set through routing.headers`;
  }
  if (!ALLOWED_HEADER_NAMES.has(lower)) {
    return `header "${name}" is not an allowed routing header (allowed: ${[...ALLOWED_HEADER_NAMES].join(', ')})`;
  }
  // A CR/LF would let a value smuggle further headers.
  if (/[\r\n\0]/.test(value)) return `header "${name}" has a line break or NUL in its value`;
  return null;
}
