/**
 * The PR comment as a person reads it in a terminal: the same content as `comment.md`, without
 * what only GitHub's renderer needs — backslash escapes (`8\.3\.2`), HTML entities, the
 * zero-width spaces that break @mentions and autolinks, `<details>` tags and code-span fences —
 * so a copied package name, version or URL is the real one.
 *
 * The input is our own rendered comment, in which every untrusted text was already cleaned of
 * control characters (markdown.ts); control characters are still removed at the end, because a
 * terminal must never receive an escape sequence from a changelog or a model.
 */

import { backtickRunAt, closingRun } from './markdown.js';

const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
/** C0 and C1 controls except newline and tab: no ANSI sequence can reach the terminal. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const ESCAPED_PUNCTUATION = /\\([\\`*_{}[\]()#+\-.!|~=$<>"'&])/g;
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/**
 * `` `a` `` and ``` ``a`b`` ``` → their literal content (inside a table, `\|` is a `|`), read as
 * CommonMark reads them: left to right, a backslash escape outside code is a literal character
 * (`\``, `\\`), a run of n backticks closes only on a run of exactly n, and inside code a
 * backslash is just a backslash. Escapes outside code are kept for ESCAPED_PUNCTUATION.
 */
function takeCodeSpans(line: string, keep: (literal: string) => string): string {
  let out = '';
  let index = 0;
  while (index < line.length) {
    const character = line[index]!;
    if (character === '\\' && index + 1 < line.length) {
      out += line.slice(index, index + 2);
      index += 2;
      continue;
    }
    if (character !== '`') {
      out += character;
      index += 1;
      continue;
    }
    const fence = backtickRunAt(line, index);
    const close = closingRun(line, index + fence, fence);
    if (close < 0) {
      // An unmatched run is literal text; escaped so ESCAPED_PUNCTUATION gives it back as is.
      out += '\\`'.repeat(fence);
      index += fence;
      continue;
    }
    const body = line.slice(index + fence, close);
    const padded = body.length >= 2 && body.startsWith(' ') && body.endsWith(' ');
    const literal = (padded ? body.slice(1, -1) : body).replace(/\\\|/g, '|');
    // Code quoted from release text (markdown.ts quotedCode: a padded double fence, no backtick
    // inside) keeps its backticks, as the release wrote it; our own spans lose their fences.
    out += keep(fence === 2 && padded && !literal.includes('`') ? `\`${literal}\`` : literal);
    index = close + fence;
  }
  return out;
}

function plainLine(line: string): string {
  const literals: string[] = [];
  // Placeholders use a private-use character that cleaned untrusted text can never contain.
  const placeholder = (index: number): string => `\ue000${index}\ue001`;
  let text = takeCodeSpans(line, (literal) => {
    literals.push(literal);
    return placeholder(literals.length - 1);
  });
  text = text
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?(?:details|summary|br|p|sub|sup)\b[^>]*>/gi, ' ')
    .replace(/<code>([\s\S]*?)<\/code>/gi, '$1')
    // [text](url) → text <url>: the URL is what a terminal reader needs to open it.
    .replace(/\[([^\]]*)\]\(([^)\s]+)\)/g, (_match, label: string, url: string) => `${label} <${url}>`)
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(ESCAPED_PUNCTUATION, '$1');
  text = decodeEntities(text);
  text = text.replace(/\ue000(\d+)\ue001/g, (_match, index: string) => literals[Number(index)] ?? '');
  const plain = text.replace(ZERO_WIDTH, '').replace(CONTROL, '').replace(/[ \t]+$/, '');
  // A line that opened with one of our tags (`<sub>`, `<details>`) keeps no indent from it.
  return line.startsWith('<') ? plain.trimStart() : plain;
}

export interface PlainTextOptions {
  /** ANSI colour for risk labels and headings (a TTY without NO_COLOR). */
  colour: boolean;
}

const ANSI = { bold: '\u001b[1m', red: '\u001b[31m', yellow: '\u001b[33m', green: '\u001b[32m', reset: '\u001b[0m' } as const;

function colourise(line: string): string {
  const painted = line
    .replace(/🔴 high/g, `${ANSI.red}🔴 high${ANSI.reset}`)
    .replace(/🟠 medium/g, `${ANSI.yellow}🟠 medium${ANSI.reset}`)
    .replace(/🟢 low/g, `${ANSI.green}🟢 low${ANSI.reset}`);
  return /^#{1,6} /.test(painted) ? `${ANSI.bold}${painted.replace(/^#{1,6} /, '')}${ANSI.reset}` : painted;
}

/** Markdown comment → terminal text, line by line (tables stay tables: pipes read fine). */
export function commentToPlainText(markdown: string, options: PlainTextOptions = { colour: false }): string {
  const lines: string[] = [];
  for (const raw of markdown.split('\n')) {
    // The sticky-comment marker and the table's alignment row say nothing to a reader.
    if (/^<!--[\s\S]*-->$/.test(raw.trim()) || /^\|(?:\s*:?-{3,}:?\s*\|)+\s*$/.test(raw)) continue;
    const line = plainLine(raw);
    const tidy = /^#{1,6} /.test(line) && !options.colour ? line.replace(/^#{1,6} /, '') : line;
    lines.push(options.colour ? colourise(line) : tidy);
  }
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/** Colour only on a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function wantsColour(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  return stream.isTTY === true && (env['NO_COLOR'] === undefined || env['NO_COLOR'] === '') && env['TERM'] !== 'dumb';
}
