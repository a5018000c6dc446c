/**
 * Registry and release data shown inside evidence text: plain when it looks like a name, a
 * version range or a path, quoted as a JSON string otherwise, so publisher-controlled text
 * always reads as data and never as an instruction to whoever reads the evidence.
 */

/** Bound for quoted data (deprecation messages can be long). */
export const MAX_QUOTED_CHARS = 500;

export function quoteData(text: string): string {
  const bounded = text.length > MAX_QUOTED_CHARS ? `${text.slice(0, MAX_QUOTED_CHARS)}…` : text;
  return JSON.stringify(bounded);
}

/** Version ranges, package names and paths print as they are; anything else is quoted as data. */
export function plainOrQuoted(text: string): string {
  return /^[\w@/.\s<>=^~|*+-]{1,80}$/.test(text) ? text : quoteData(text);
}
