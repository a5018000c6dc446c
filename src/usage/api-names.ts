/**
 * The API names a breaking-change text is about, read from its code spans: "`app.del` - use
 * `app.delete`" is about `app.del` (removed), "`res.send(status, body)` signature - use …" about
 * `res.send` (changed). Spans after the replacement clause ("use …", "instead", "→") name the
 * way forward, not what broke, and are left out. Only identifier paths count: `path-is-absolute`
 * or an error message in backticks names no API.
 */

export interface ApiName {
  /** `app.del`, `req.param`, `legacy`. */
  name: string;
  change: 'removed' | 'changed';
  /**
   * For a removed call form ("remove: `res.json(status, obj)` signature"), the argument counts
   * of the forms removed: a call with another count (`res.json(body)`) is not a use of it.
   * Absent when the text names the API as a whole or its parameters are not plain names.
   */
  removedCallArities?: number[];
}

const IDENTIFIER_PATH = /^(?:new\s+)?([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)\s*(\((.*)\))?$/s;
/** Words that start the replacement clause of a change line. */
const REPLACEMENT = /\b(?:use|instead|replaced|in favou?r of|migrate to|switch to|rename[sd]? to)\b|→|=>/i;
const REMOVAL = /\b(?:remov(?:e|ed|al)|dropp?(?:ed)?|deleted|no longer (?:exists|exported|available|supported))\b/i;
const MAX_NAMES_PER_TEXT = 6;
/** Beyond these, a check is not limited to call forms (every call is a use): the report could not list them. */
export const MAX_CALL_FORMS = 6;
const MAX_CALL_ARITY = 255;
/**
 * Words right after a code span (or after the last span of a list of them) that say a call form,
 * not the whole API, is what went: "`res.send(status, body)` signature", "`res.vary()` (no
 * arguments)", "`a(x)` and `a(x, y)` signatures".
 */
const CALL_FORM_WORDS = /^\s*(?:\(no arguments\)|(?:call\s+)?(?:signatures?|forms?)\b)/i;
/** What may join the spans of one subject list (tested trimmed): a comma, "and", "or". */
const SPAN_JOINER = /^(?:,|,?\s*(?:and|or)|&)?$/i;
/** Parameters a count can be read from: plain names (`status, obj`, `fn`), or none. */
const PLAIN_PARAMETERS = /^\s*(?:[A-Za-z_$][\w$]*\s*(?:,\s*[A-Za-z_$][\w$]*\s*)*)?$/;

type Span = { code: string; start: number; end: number };

/** Code spans with their start offsets (CommonMark: a run of n backticks closes a run of n). */
function codeSpans(text: string): Span[] {
  const spans: Span[] = [];
  let position = 0;
  while (position < text.length) {
    const open = text.indexOf('`', position);
    if (open < 0) break;
    let fence = 1;
    while (text[open + fence] === '`') fence += 1;
    const marker = '`'.repeat(fence);
    let close = text.indexOf(marker, open + fence);
    while (close >= 0 && text[close + fence] === '`') close = text.indexOf(marker, close + fence + 1);
    if (close < 0) break;
    spans.push({ code: text.slice(open + fence, close).trim(), start: open, end: close + fence });
    position = close + fence;
  }
  return spans;
}

/**
 * The group label the extractive analyzer repeats on each nested line ("remove: `app.param(fn)`",
 * from History.md's "* remove:" lists): it says the line is in a breaking group, not that every
 * span names a removed API (`res.vary()` "(no arguments)" is a changed call), so names are read
 * from the line as the release wrote it.
 */
const GROUP_LABEL_PREFIX = /^(?:remove[sd]?|removals?|breaking(?: changes?)?):[ \t]+/i;

/** The argument count of `(status, obj)` → 2, `()` → 0; null when optional or rest parameters hide it. */
function plainArity(argumentsText: string): number | null {
  if (!PLAIN_PARAMETERS.test(argumentsText)) return null;
  const count = argumentsText.trim() === '' ? 0 : argumentsText.split(',').length;
  return count <= MAX_CALL_ARITY ? count : null;
}

/**
 * Whether the span at `index` names a removed call form: the words after its subject list say so,
 * or it is the whole subject of a line under a "remove:" label ("remove: `app.param(fn)`").
 * Anything else (a "breaking:" label, "Removed `x(a, b)`", "`x(url)` now returns a Promise")
 * leaves every call a use.
 */
function namesCallForm(text: string, spans: readonly Span[], index: number, underRemovalLabel: boolean): boolean {
  let last = index;
  while (last + 1 < spans.length && SPAN_JOINER.test(text.slice(spans[last]!.end, spans[last + 1]!.start).trim())) last += 1;
  if (CALL_FORM_WORDS.test(text.slice(spans[last]!.end, spans[last]!.end + 40))) return true;
  return underRemovalLabel && spans[index]!.start === 0;
}

/**
 * Folds a second mention of one name into the first: removed wins; call forms add up unless one
 * mention names every call (or there are more than the report can list).
 */
export function foldApiName(known: ApiName, next: Pick<ApiName, 'change' | 'removedCallArities'>): void {
  if (next.change === 'removed') known.change = 'removed';
  if (known.removedCallArities === undefined) return;
  if (known.change === 'removed' || next.removedCallArities === undefined) delete known.removedCallArities;
  else {
    const arities = [...new Set([...known.removedCallArities, ...next.removedCallArities])];
    if (arities.length > MAX_CALL_FORMS) delete known.removedCallArities;
    else known.removedCallArities = arities;
  }
}

function addName(names: ApiName[], next: ApiName): void {
  const known = names.find((entry) => entry.name === next.name);
  if (known === undefined) names.push(next);
  else foldApiName(known, next);
}

export function apiNamesInText(fullText: string): ApiName[] {
  const text = fullText.replace(GROUP_LABEL_PREFIX, '');
  const underRemovalLabel = /^(?:remove[sd]?|removals?):/i.test(fullText);
  const spans = codeSpans(text);
  const names: ApiName[] = [];
  for (const [index, span] of spans.entries()) {
    // Prose between the previous span and this one: a replacement clause ends the subject list.
    const lastSpanEnd = index > 0 ? spans[index - 1]!.end : 0;
    if (REPLACEMENT.test(text.slice(lastSpanEnd, span.start))) break;
    const match = IDENTIFIER_PATH.exec(span.code);
    if (match === null) continue;
    const name = match[1]!;
    const argumentsText = match[3];
    const after = text.slice(span.end, span.end + 40);
    const removed = (argumentsText === undefined || argumentsText.trim() === '') && (REMOVAL.test(text) || /^\s*(?:-{1,2}|–|—|:)?\s*(?:use\b|$)/i.test(after));
    const arity = argumentsText === undefined || removed || !namesCallForm(text, spans, index, underRemovalLabel) ? null : plainArity(argumentsText);
    if (!names.some((known) => known.name === name) && names.length >= MAX_NAMES_PER_TEXT) break;
    addName(names, arity === null ? { name, change: removed ? 'removed' : 'changed' } : { name, change: 'changed', removedCallArities: [arity] });
  }
  return names;
}

/** `app.del` → receiver `app`, member `del`; `legacy` → receiver null. Deeper paths keep their last two parts. */
export function splitApiName(name: string): { receiver: string | null; member: string } {
  const parts = name.split('.');
  const member = parts[parts.length - 1]!;
  return { receiver: parts.length > 1 ? parts[parts.length - 2]! : null, member };
}
