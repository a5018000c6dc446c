/**
 * Escaping for untrusted text (changelogs, PR text, model output, registry strings) placed in
 * GitHub-flavoured Markdown. The goal is that such text renders as plain words: no HTML, no
 * links or images, no table breakage, no @mention or issue-reference notifications.
 *
 * GitHub links mentions and `#123` references on the *rendered* text, so backslash escapes
 * alone do not help there (`\@user` still renders "@user"); those are broken with a
 * zero-width space instead, which renders invisibly but defeats the pattern.
 */

import { redact } from '../shared/redaction.js';

const ZERO_WIDTH_SPACE = '\u200b';

/**
 * Control characters, bidi overrides/isolates (Trojan-Source style reordering), zero-width
 * characters (used to hide text), line/paragraph separators, and U+E000–U+E002 (the terminal
 * rendering's placeholders, plain-text.ts). Removed before anything else, so the zero-width
 * spaces this module inserts are the only ones in the output.
 */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff\ufff9-\ufffb\ue000-\ue002]/g;

/**
 * ASCII punctuation Markdown (CommonMark + GFM, plus GitHub's `$` math) can give meaning to;
 * each is backslash-escaped. `.`, `-`, `+` and `=` only matter at a line start (lists,
 * setext headings) but are escaped everywhere so the output is safe wherever it is placed.
 */
const MARKDOWN_PUNCTUATION = new Set(['\\', '`', '*', '_', '{', '}', '[', ']', '(', ')', '#', '+', '-', '.', '!', '|', '~', '=', '$']);

const HTML_ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Redacts secrets, removes invisible/control characters and collapses all whitespace
 * (newlines included) to one space. Redaction happens here, on the raw text, because after
 * escaping a secret no longer matches itself (`my-key` becomes `my\-key`).
 */
export function cleanText(text: string): string {
  return redact(text).normalize('NFC').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/**
 * Cheap pre-cut of very long input (a 200 KB changelog line) before the per-character work.
 * The slack covers whitespace collapsing and removed characters; a cut input always ends in
 * an ellipsis because it stays longer than the bound. Runs after redaction so a cut cannot
 * split a secret and reveal its prefix.
 */
function preCut(text: string, maxLength: number): string {
  const limit = maxLength * 8 + 64;
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** The shared front half of every escaper: redact, pre-cut, clean, drop images, bound. */
function prepare(text: string, maxLength: number): string {
  return boundLength(cleanText(removeImages(cleanText(preCut(redact(text), maxLength)))), maxLength);
}

/**
 * As prepare, but images stay: for text whose code spans are kept as code, where image syntax
 * is literal (`` `![alt](src)` `` in a markdown library's changelog) and must not lose its
 * brackets. The caller drops images from the text between the spans.
 */
function prepareKeepingImages(text: string, maxLength: number): string {
  return boundLength(cleanText(preCut(redact(text), maxLength)), maxLength);
}

/** Cuts to maxLength code points (never splitting a surrogate pair) and marks the cut with an ellipsis. */
export function boundLength(text: string, maxLength: number): string {
  const codePoints = Array.from(text);
  if (codePoints.length <= maxLength) return text;
  return `${codePoints.slice(0, Math.max(0, maxLength - 1)).join('').trimEnd()}…`;
}

/**
 * Drops image syntax entirely (an image would load a remote URL when the comment is viewed).
 * The destination may hold one level of balanced parentheses, as CommonMark allows
 * (`![x](javascript:alert(1))`), so no `)` of it is left behind in the text.
 */
function removeImages(text: string): string {
  return text.replace(/!\[([^\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1').replace(/<img\b[^>]*>?/gi, '');
}

/**
 * Breaks every pattern GitHub turns into a notification or a link on rendered text:
 * @mentions (and e-mail autolinks), `#123` / `owner/repo#1` / `GH-123` references, and bare
 * URL autolinks (`https://…`, `www.…`).
 */
function breakAutolinks(text: string): string {
  return text
    .replace(/@/g, `@${ZERO_WIDTH_SPACE}`)
    .replace(/#/g, `#${ZERO_WIDTH_SPACE}`)
    .replace(/\bGH-(?=\d)/gi, (match) => `${match}${ZERO_WIDTH_SPACE}`)
    .replace(/:\/\//g, `:/${ZERO_WIDTH_SPACE}/`)
    .replace(/\bwww\./gi, (match) => `${match.slice(0, 3)}${ZERO_WIDTH_SPACE}.`);
}

/** Prepared (cleaned, bounded) text → inert inline Markdown: mentions and links broken, punctuation escaped. */
function escapePrepared(prepared: string): string {
  let out = '';
  for (const character of breakAutolinks(prepared)) {
    // Quotes are harmless in Markdown text; only the HTML-significant characters become entities.
    const entity = character === '"' || character === "'" ? undefined : HTML_ENTITIES[character];
    if (entity) out += entity;
    else if (MARKDOWN_PUNCTUATION.has(character)) out += `\\${character}`;
    else out += character;
  }
  return out;
}

/** Untrusted text → one line of inert inline Markdown, safe in a paragraph, list item or table cell. */
export function escapeInline(text: string, maxLength: number): string {
  return escapePrepared(prepare(text, maxLength));
}

/**
 * As escapeInline, but the text's own code spans (`res.status()` in a changelog line) render as
 * code instead of showing their backticks: each is rebuilt with {@link codeSpan}, whose fence no
 * text can close, and code spans are not scanned for mentions, references or links. Everything
 * outside them is escaped as escapeInline does. Not for table cells (a `|` in code would split one).
 */
export function escapeInlineWithCode(text: string, maxLength: number): string {
  const prepared = prepareKeepingImages(text, maxLength);
  // Between spans, an image is dropped as prepare drops it (its alt text stays), and the
  // spaces around a removed `<img>` fold into one.
  const escapeBetween = (between: string): string => escapePrepared(removeImages(between).replace(/ {2,}/g, ' '));
  let out = '';
  let position = 0;
  let search = 0;
  while (search < prepared.length) {
    const open = prepared.indexOf('`', search);
    if (open < 0) break;
    const fence = backtickRunAt(prepared, open);
    const close = closingRun(prepared, open + fence, fence);
    if (close < 0) {
      // An unmatched run is literal text (CommonMark); spans after it may still open.
      search = open + fence;
      continue;
    }
    const code = prepared.slice(open + fence, close);
    out += escapeBetween(prepared.slice(position, open));
    out += code.trim() === '' ? escapeBetween(prepared.slice(open, close + fence)) : quotedCode(code);
    position = close + fence;
    search = position;
  }
  return out + escapeBetween(prepared.slice(position));
}

/**
 * A code span quoted from release text, written with a double fence and padding (`` `` x `` ``):
 * GitHub renders it exactly as `` `x` ``, and the terminal rendering (plain-text.ts) can tell it
 * from our own code spans (names, versions, paths), whose fences it drops, and keep its
 * backticks. Code that holds a backtick is written as any other span.
 */
export function quotedCode(code: string): string {
  return code.includes('`') ? codeSpan(code, { maxLength: code.length + 1 }) : `\`\` ${code} \`\``;
}

/** How many backticks run from `index`. */
export function backtickRunAt(text: string, index: number): number {
  let length = 0;
  while (text[index + length] === '`') length += 1;
  return length;
}

/** Where the next run of exactly `length` backticks starts from `from`, or -1 (CommonMark's code-span closer). */
export function closingRun(text: string, from: number, length: number): number {
  let index = from;
  while (index < text.length) {
    const next = text.indexOf('`', index);
    if (next < 0) return -1;
    const run = backtickRunAt(text, next);
    if (run === length) return next;
    index = next + run;
  }
  return -1;
}

/**
 * Untrusted text for an HTML context (inside `<summary>`), where Markdown is not parsed and
 * backslashes would show literally: HTML-escape instead, and still break mentions/references.
 */
export function escapeHtmlText(text: string, maxLength: number): string {
  const bounded = prepare(text, maxLength);
  let out = '';
  for (const character of breakAutolinks(bounded)) out += HTML_ENTITIES[character] ?? character;
  return out;
}

/**
 * A code span that cannot be closed early by the text inside it: the fence is one backtick
 * longer than the longest backtick run in the text. Newlines are removed; inside a table cell
 * `|` must be written `\|` even in code (GFM splits cells before parsing code spans).
 * Code spans are not scanned for mentions or references, so nothing else is needed.
 */
export function codeSpan(text: string, options: { maxLength?: number; inTable?: boolean } = {}): string {
  const maxLength = options.maxLength ?? 200;
  let body = boundLength(cleanText(preCut(redact(text), maxLength)), maxLength);
  if (body === '') body = ' ';
  // A backslash right before a pipe would pair with the escape we add (`\\|` splits the cell
  // and ends the code span early, leaving the rest live): a zero-width space keeps them apart.
  if (options.inTable) body = body.replace(/\\(?=\|)/g, `\\${ZERO_WIDTH_SPACE}`).replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...(body.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // A leading or trailing backtick (or space) needs padding, which CommonMark strips again.
  const padded = longestRun > 0 || body.startsWith(' ') || body.endsWith(' ') ? ` ${body} ` : body;
  return `${fence}${padded}${fence}`;
}

/** HTML `<code>` for a `<summary>` line (Markdown code spans do not render there). */
export function htmlCode(text: string, maxLength = 200): string {
  let out = '';
  for (const character of boundLength(cleanText(preCut(redact(text), maxLength)), maxLength)) out += HTML_ENTITIES[character] ?? character;
  return `<code>${out}</code>`;
}

/**
 * A normalised https URL, or null when the text is not one (other schemes such as
 * `javascript:`, `data:` or `http:` are refused; so are URLs with credentials).
 * Parentheses, brackets and quotes are percent-encoded so the URL cannot end a Markdown link early.
 */
export function safeHttpsUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '' || parsed.hostname === '') return null;
  return parsed.href.replace(/[()[\]<>"'`\s|\\]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * A Markdown link, only when the URL is https and (when `allowedUrls` is given) is one of
 * the evidence URLs the caller vouches for; otherwise the escaped text alone. The label is
 * escaped like any untrusted text.
 */
export function safeLink(text: string, url: string | null | undefined, allowedUrls?: ReadonlySet<string>): string {
  const label = escapeInline(text, 120) || 'link';
  if (!url || (allowedUrls && !allowedUrls.has(url))) return label;
  const safe = safeHttpsUrl(url);
  return safe ? `[${label}](${safe})` : label;
}
