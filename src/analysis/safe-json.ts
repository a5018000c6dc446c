/**
 * Prototype-safe, bounded JSON parsing for untrusted text (model output, prompts read back by
 * the extractive runtime). JSON.parse itself never sets a prototype, but an object carrying
 * an own `__proto__` or `constructor.prototype` key becomes dangerous the moment some later
 * code merges or spreads it; such input is rejected outright rather than cleaned, because a
 * model that emits it is not answering the question. Size and nesting are bounded before
 * parsing so hostile input cannot exhaust memory or the stack.
 */

export interface SafeJsonLimits {
  /** Maximum UTF-8 bytes of the text. */
  maxBytes: number;
  /** Maximum depth of nested arrays/objects. */
  maxDepth: number;
  /** Object keys that may be named in an error path (e.g. schema property names); others show as `<key>`. */
  shownKeys?: ReadonlySet<string>;
}

export class SafeJsonError extends Error {
  readonly reason: 'too-large' | 'too-deep' | 'syntax' | 'prototype-key';
  constructor(reason: SafeJsonError['reason'], message: string) {
    super(message);
    this.name = 'SafeJsonError';
    this.reason = reason;
  }
}

/** Deepest bracket nesting outside string literals; a linear scan, no recursion. */
function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
      continue;
    }
    if (character === '"') inString = true;
    else if (character === '{' || character === '[') {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (character === '}' || character === ']') depth -= 1;
  }
  return deepest;
}

/**
 * Finds a forbidden key anywhere in a parsed value; returns the path of the object holding it,
 * or null. Iterative. The path names only its shape: array indices, and object keys only when
 * the caller lists them as safe to show (schema property names). Any other key is shown as
 * `<key>`, because keys are chosen by whoever wrote the text and error messages get published.
 */
function findPrototypeKey(root: unknown, shownKeys: ReadonlySet<string>): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: root, path: '$' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => pending.push({ value: item, path: `${path}[${index}]` }));
      continue;
    }
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (key === '__proto__') return path;
      const child = record[key];
      if (key === 'constructor' && child !== null && typeof child === 'object' && Object.hasOwn(child, 'prototype')) return path;
      pending.push({ value: child, path: `${path}.${shownKeys.has(key) ? key : '<key>'}` });
    }
  }
  return null;
}

export function parseJsonSafely(text: string, limits: SafeJsonLimits): unknown {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > limits.maxBytes) {
    throw new SafeJsonError('too-large', `JSON text is ${bytes} bytes; the limit is ${limits.maxBytes}`);
  }
  const depth = nestingDepth(text);
  if (depth > limits.maxDepth) {
    throw new SafeJsonError('too-deep', `JSON nesting depth ${depth} exceeds the limit of ${limits.maxDepth}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // V8's message names a position, never echoes more than a token; still, keep only the position.
    const position = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    throw new SafeJsonError('syntax', `text is not valid JSON${position ? ` (at position ${position})` : ''}`);
  }
  const forbidden = findPrototypeKey(value, limits.shownKeys ?? new Set());
  if (forbidden !== null) {
    throw new SafeJsonError('prototype-key', `JSON contains a forbidden prototype key (__proto__ or constructor.prototype) in the object at ${forbidden}`);
  }
  return value;
}
