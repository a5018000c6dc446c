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

const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
/** C0 and C1 controls except newline and tab: no ANSI sequence can reach the terminal. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const ESCAPED_PUNCTUATION = /\\([\\`*_{}[\]()#+\-.!|~=$<>"'&])/g;
/** Stands in for an escaped backtick while code spans are taken (a private-use character). */
const ESCAPED_BACKTICK = '\ue002';
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** `` `a` `` and ``` ``a`b`` ``` → their literal content (inside a table, `\|` is a `|`). */
function takeCodeSpans(line: string, keep: (literal: string) => string): string {
  return line.replace(/(`+)(?!`)([\s\S]*?[^`])\1(?!`)/g, (_match, _fence: string, body: string) => {
    const literal = body.length >= 2 && body.startsWith(' ') && body.endsWith(' ') ? body.slice(1, -1) : body;
    return keep(literal.replace(/\\\|/g, '|'));
  });
}

function plainLine(line: string): string {
  const literals: string[] = [];
  // Placeholders use a private-use character that cleaned untrusted text can never contain.
  const placeholder = (index: number): string => `\ue000${index}\ue001`;
  // An escaped backtick (`\``) is a literal character, never the start of a code span.
  let text = line.replace(/\\`/g, ESCAPED_BACKTICK);
  text = takeCodeSpans(text, (literal) => {
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
  text = text.replace(/\ue000(\d+)\ue001/g, (_match, index: string) => literals[Number(index)] ?? '').replaceAll(ESCAPED_BACKTICK, '`');
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
