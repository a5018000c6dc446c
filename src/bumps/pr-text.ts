/**
 * Bumps that a pull request's title, body or commit messages CLAIM (Dependabot and
 * Renovate formats). The text is hostile input: it is cut to a fixed size, read line by
 * line with bounded-length patterns that cannot backtrack catastrophically, and the
 * claims it yields are only compared with what the files show, never used as facts.
 */
import semver from 'semver';
import { sanitizeMessage } from '../shared/redaction.js';
import { ownLines } from './pr-own-text.js';
import type { Bump, DetectionWarning } from './types.js';

export interface PullRequestText {
  title?: string;
  body?: string;
  commitMessages?: string[];
}

export interface ClaimedBump {
  name: string;
  /** Null when the text names only the target (`Update dependency express to v5`). */
  from: string | null;
  /**
   * A version, a partial version (`5`, `1.7`) or a range, as written; null when the text names
   * only the package (Dependabot's "Updates the requirements on X to permit the latest version").
   */
  to: string | null;
  /** Dependabot's `in /packages/web`; null when not stated. */
  directory: string | null;
}

/** Each text is cut here before any pattern runs. */
export const MAX_TEXT_BYTES = 64 * 1024;
/** Longer lines are no title or table row we know; skipping them bounds regex work. */
const MAX_LINE_LENGTH = 2000;
const MAX_COMMIT_MESSAGES = 250;

// npm names are at most 214 characters; versions and paths are bounded generously.
const NAME = '(\\S{1,214})';
const VERSION = '([^\\s`|]{1,128})';
const DIRECTORY = '(?: in (\\S{1,512}))?';

// A title (or commit subject) is one line the bot wrote, often behind a prefix such as
// `chore(deps): ` or `[Security] `, so its patterns may match anywhere in the line.
const TITLE_BUMP = new RegExp(`\\b[Bb]umps? ${NAME} from ${VERSION} to ${VERSION}${DIRECTORY}`);
const TITLE_REQUIREMENT = new RegExp(`\\b[Uu]pdate ${NAME} requirement from ${VERSION} to ${VERSION}${DIRECTORY}`);
const TITLE_RENOVATE = new RegExp(`\\b[Uu]pdate dependency ${NAME} to ${VERSION}`);

// Body claim lines start the line: anything else is prose or quoted upstream text.
const BODY_BUMP = new RegExp(`^ {0,3}Bumps ${NAME} from ${VERSION} to ${VERSION}`);
const BODY_GROUP_MEMBER = new RegExp(`^ {0,3}Updates \`([^\`]{1,214})\` (?:from ${VERSION} )?to ${VERSION}`);
const BODY_REQUIREMENTS = /^ {0,3}Updates the requirements on (.{1,2000}?) to permit the latest version/;
const TABLE_VERSIONS = /`([^`\s]{1,128})` *(?:->|→) *`([^`\s]{1,128})`/;

/**
 * The bumps the PR's own claim lines state: the title and each commit's subject line; in the
 * body and the rest of each commit message, Dependabot's "Bumps X from A to B", "Updates `X`
 * from A to B" and "Updates the requirements on X to permit the latest version" lines and the
 * rows of Renovate's update table. Quoted release notes and commit lists are skipped (see
 * pr-own-text.ts).
 *
 * The title wins: a bot rewrites the title on every rebase, but a body or an older commit can
 * go stale (edited, or not regenerated), so their claims about a package the title names are
 * dropped.
 */
export function parseClaimedBumps(text: PullRequestText): ClaimedBump[] {
  const fromTitle = titleClaims(text.title ?? '');
  const others: ClaimedBump[] = bodyClaims(text.body ?? '');
  for (const message of (text.commitMessages ?? []).slice(0, MAX_COMMIT_MESSAGES)) {
    const newline = message.indexOf('\n');
    others.push(...titleClaims(newline < 0 ? message : message.slice(0, newline)));
    if (newline >= 0) others.push(...bodyClaims(message.slice(newline + 1)));
  }
  const namedByTitle = new Set(fromTitle.map((claim) => claim.name));
  return unique([...fromTitle, ...others.filter((claim) => !namedByTitle.has(claim.name))]);
}

function unique(claims: ClaimedBump[]): ClaimedBump[] {
  const byKey = new Map<string, ClaimedBump>();
  for (const claim of claims) {
    const key = [claim.name, claim.from ?? '', claim.to ?? '', claim.directory ?? ''].join('\u0000');
    if (!byKey.has(key)) byKey.set(key, claim);
  }
  return [...byKey.values()];
}

function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

function boundedText(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= MAX_TEXT_BYTES ? text : bytes.subarray(0, MAX_TEXT_BYTES).toString('utf8');
}

/** Overlong lines become empty ones, so they match nothing but still end a table. */
function boundedLines(text: string): string[] {
  return text.split(/\r?\n/).map((line) => (line.length > MAX_LINE_LENGTH ? '' : line));
}

function titleClaims(title: string): ClaimedBump[] {
  return boundedLines(boundedText(title)).flatMap((line) => optional(titleClaim(line)));
}

function titleClaim(line: string): ClaimedBump | undefined {
  const bump = TITLE_BUMP.exec(line) ?? TITLE_REQUIREMENT.exec(line);
  if (bump?.[1] !== undefined && bump[2] !== undefined && bump[3] !== undefined) {
    // "Bump the npm_and_yarn group ..." names a group, not a package.
    if (bump[1] === 'the') return undefined;
    return claim(bump[1], bump[2], bump[3], bump[4] ?? null);
  }
  const renovate = TITLE_RENOVATE.exec(line);
  if (renovate?.[1] !== undefined && renovate[2] !== undefined) return claim(renovate[1], null, renovate[2], null);
  return undefined;
}

function bodyClaims(body: string): ClaimedBump[] {
  const claims: ClaimedBump[] = [];
  let inUpdateTable = false;
  for (const line of ownLines(boundedLines(boundedText(body)).join('\n'))) {
    if (!line.trimStart().startsWith('|')) {
      inUpdateTable = false;
      claims.push(...bodyLineClaims(line));
      continue;
    }
    // Renovate's update table starts with a `| Package | ...` header; other tables are prose.
    if (!inUpdateTable) inUpdateTable = tableCells(line)[0]?.trim().toLowerCase() === 'package';
    else claims.push(...optional(tableRowClaim(line)));
  }
  return claims;
}

function bodyLineClaims(line: string): ClaimedBump[] {
  const bump = BODY_BUMP.exec(line);
  if (bump?.[1] !== undefined && bump[2] !== undefined && bump[3] !== undefined) {
    // "Bumps the npm_and_yarn group with 3 updates ..." introduces the group's own lines.
    return bump[1] === 'the' ? [] : optional(claim(bump[1], bump[2], bump[3], null));
  }
  const member = BODY_GROUP_MEMBER.exec(line);
  if (member?.[1] !== undefined && member[3] !== undefined) return optional(claim(member[1], member[2] ?? null, member[3], null));
  const requirements = BODY_REQUIREMENTS.exec(line);
  if (requirements?.[1] !== undefined) {
    // "[a](url), [b](url) and [c](url)": links first, so commas inside URLs do not split names.
    const names = requirements[1].replace(/\]\([^)\s]{0,2000}\)/g, ']').split(/, | and /);
    return names.flatMap((name) => optional(claim(name, null, null, null)));
  }
  return [];
}

function tableCells(line: string): string[] {
  return line.trim().slice(1).split('|');
}

/** Renovate tables: `| [axios](url) | [`1.6.8` -> `1.7.9`](url) |` or `| axios | dependencies | minor | `1.6.8` -> `1.7.9` |`. */
function tableRowClaim(line: string): ClaimedBump | undefined {
  const versions = TABLE_VERSIONS.exec(line);
  if (versions?.[1] === undefined || versions[2] === undefined) return undefined;
  const firstCell = tableCells(line)[0];
  if (firstCell === undefined) return undefined;
  return claim(firstCell, versions[1], versions[2], null);
}

function claim(rawName: string, rawFrom: string | null, rawTo: string | null, directory: string | null): ClaimedBump | undefined {
  const name = cleanName(rawName);
  const to = rawTo === null ? null : cleanVersion(rawTo);
  if (name === undefined || to === '') return undefined;
  const from = rawFrom === null ? null : cleanVersion(rawFrom);
  return { name, from: from === '' ? null : from, to, directory: directory === null ? null : directory.replace(/[.,;:]+$/, '') };
}

/** `[lodash](https://…)` and `` `lodash` `` → `lodash`; anything that is no npm name is dropped. */
function cleanName(raw: string): string | undefined {
  let name = raw.trim();
  const link = /^\[([^\]]{1,214})\]/.exec(name);
  if (link?.[1] !== undefined) name = link[1];
  name = name.replace(/`/g, '').trim();
  return /^(@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i.test(name) && name.length <= 214 ? name : undefined;
}

/** Drops sentence punctuation and a leading `v`: `v5.` → `5`. */
function cleanVersion(raw: string): string {
  return raw.replace(/[.,;:)]+$/, '').replace(/^v(?=\d)/, '');
}

/** True when `claimed` (exact, partial like `5`/`1.7`, or a range) describes `actual`. */
export function versionMatches(claimed: string, actual: string | null): boolean {
  if (actual === null) return false;
  if (claimed === actual) return true;
  const exact = semver.valid(claimed);
  if (exact !== null) return exact === semver.valid(actual);
  if (semver.valid(actual) === null) return false;
  if (/^\d+(\.\d+)?$/.test(claimed)) return `${actual}.`.startsWith(`${claimed}.`);
  try {
    return semver.validRange(claimed) !== null && semver.satisfies(actual, claimed);
  } catch {
    return false;
  }
}

function inDirectory(directory: string | null, bump: Bump): boolean {
  if (directory === null || directory === '/') return true;
  const relative = directory.replace(/^\/+|\/+$/g, '');
  return [...bump.manifests, ...bump.lockfiles].some((path) => path === relative || path.startsWith(`${relative}/`));
}

/**
 * True when the files support the claim. A package can be installed several times (the copy a
 * manifest declares and copies other packages need), and a PR may name any of them: the claim
 * agrees when its target is the new version of some changed copy and its source version was
 * installed at base, so "Bump nx from 22.0.0 to 23.0.0" agrees with a direct nx 22.0.0 that
 * stayed and a nested nx 23.0.0 that appeared beside it.
 */
function filesSupport(claimed: ClaimedBump, bumps: readonly Bump[], baseVersions: ReadonlyMap<string, ReadonlySet<string>>): boolean {
  const changes = bumps.filter((bump) => bump.name === claimed.name && inDirectory(claimed.directory, bump));
  if (changes.length === 0) return false;
  const to = claimed.to;
  if (to === null) return true;
  if (!changes.some((bump) => versionMatches(to, bump.to))) return false;
  const from = claimed.from;
  if (from === null) return true;
  const installedAtBase = [...changes.map((bump) => bump.from), ...(baseVersions.get(claimed.name) ?? [])];
  return installedAtBase.some((version) => versionMatches(from, version));
}

/**
 * One PR_TEXT_DISAGREES warning per claim the files do not support. Files win.
 * `baseVersions` holds every version of each package installed at base, by name.
 */
export function findDisagreements(claims: ClaimedBump[], bumps: readonly Bump[], baseVersions: ReadonlyMap<string, ReadonlySet<string>> = new Map()): DetectionWarning[] {
  const warnings: DetectionWarning[] = [];
  for (const claimed of claims) {
    if (filesSupport(claimed, bumps, baseVersions)) continue;
    const change = claimed.to === null ? ' is updated' : `${claimed.from === null ? '' : ` from ${claimed.from}`} to ${claimed.to}`;
    const said = `${claimed.name}${change}${claimed.directory === null ? '' : ` in ${claimed.directory}`}`;
    const seen = bumps.filter((bump) => bump.name === claimed.name).map((bump) => `${bump.from ?? 'none'} → ${bump.to ?? 'none'}`);
    const files = seen.length === 0 ? `the dependency files show no change to ${claimed.name}` : `the dependency files show ${claimed.name} ${seen.join(', ')}`;
    warnings.push({
      code: 'PR_TEXT_DISAGREES',
      subject: sanitizeMessage(claimed.name, 214),
      message: sanitizeMessage(`The pull request text says ${said}, but ${files}; the files are used. Check the PR description or regenerate the PR.`, 500),
    });
  }
  return warnings;
}
