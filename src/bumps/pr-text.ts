/**
 * Bumps that a pull request's title, body or commit messages CLAIM (Dependabot and
 * Renovate formats). The text is hostile input: it is cut to a fixed size, read line by
 * line with bounded-length patterns that cannot backtrack catastrophically, and the
 * claims it yields are only compared with what the files show, never used as facts.
 */
import semver from 'semver';
import { sanitizeMessage } from '../shared/redaction.js';
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
  /** A version, a partial version (`5`, `1.7`) or a range, as written. */
  to: string;
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
const DEPENDABOT_LINE = new RegExp(`\\b[Bb]umps? ${NAME} from ${VERSION} to ${VERSION}(?: in (\\S{1,512}))?`);
const DEPENDABOT_GROUP_LINE = new RegExp(`\\b[Uu]pdates \`([^\`]{1,214})\` from ${VERSION} to ${VERSION}`);
const RENOVATE_LINE = new RegExp(`\\b[Uu]pdate dependency ${NAME} to ${VERSION}`);
const TABLE_VERSIONS = /`([^`\s]{1,128})` *(?:->|→) *`([^`\s]{1,128})`/;

export function parseClaimedBumps(text: PullRequestText): ClaimedBump[] {
  const sources = [text.title ?? '', text.body ?? '', ...(text.commitMessages ?? []).slice(0, MAX_COMMIT_MESSAGES)];
  const claims = new Map<string, ClaimedBump>();
  for (const source of sources) {
    for (const line of boundedText(source).split(/\r?\n/)) {
      if (line.length > MAX_LINE_LENGTH) continue;
      const claim = claimOfLine(line);
      if (claim === undefined) continue;
      const key = [claim.name, claim.from ?? '', claim.to, claim.directory ?? ''].join('\u0000');
      if (!claims.has(key)) claims.set(key, claim);
    }
  }
  return [...claims.values()];
}

function boundedText(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return bytes.length <= MAX_TEXT_BYTES ? text : bytes.subarray(0, MAX_TEXT_BYTES).toString('utf8');
}

function claimOfLine(line: string): ClaimedBump | undefined {
  const dependabot = DEPENDABOT_LINE.exec(line);
  if (dependabot?.[1] !== undefined && dependabot[2] !== undefined && dependabot[3] !== undefined) {
    // "Bump the npm_and_yarn group ..." names a group, not a package.
    if (dependabot[1] === 'the') return undefined;
    return claim(dependabot[1], dependabot[2], dependabot[3], dependabot[4] ?? null);
  }
  const grouped = DEPENDABOT_GROUP_LINE.exec(line);
  if (grouped?.[1] !== undefined && grouped[2] !== undefined && grouped[3] !== undefined) return claim(grouped[1], grouped[2], grouped[3], null);
  const renovate = RENOVATE_LINE.exec(line);
  if (renovate?.[1] !== undefined && renovate[2] !== undefined) return claim(renovate[1], null, renovate[2], null);
  if (line.trimStart().startsWith('|')) return tableRowClaim(line);
  return undefined;
}

/** Renovate tables: `| [axios](url) | [`1.6.8` -> `1.7.9`](url) |` or `| axios | dependencies | minor | `1.6.8` -> `1.7.9` |`. */
function tableRowClaim(line: string): ClaimedBump | undefined {
  const versions = TABLE_VERSIONS.exec(line);
  if (versions?.[1] === undefined || versions[2] === undefined) return undefined;
  const firstCell = line.trim().slice(1).split('|')[0];
  if (firstCell === undefined) return undefined;
  return claim(firstCell, versions[1], versions[2], null);
}

function claim(rawName: string, rawFrom: string | null, rawTo: string, directory: string | null): ClaimedBump | undefined {
  const name = cleanName(rawName);
  const to = cleanVersion(rawTo);
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

function matchesBump(claimed: ClaimedBump, bump: Bump): boolean {
  if (bump.name !== claimed.name || !versionMatches(claimed.to, bump.to)) return false;
  if (claimed.from !== null && !versionMatches(claimed.from, bump.from)) return false;
  if (claimed.directory === null || claimed.directory === '/') return true;
  const directory = claimed.directory.replace(/^\/+|\/+$/g, '');
  return [...bump.manifests, ...bump.lockfiles].some((path) => path === directory || path.startsWith(`${directory}/`));
}

/** One PR_TEXT_DISAGREES warning per claim that no detected bump supports. Files win. */
export function findDisagreements(claims: ClaimedBump[], bumps: Bump[]): DetectionWarning[] {
  const warnings: DetectionWarning[] = [];
  for (const claimed of claims) {
    if (bumps.some((bump) => matchesBump(claimed, bump))) continue;
    const said = `${claimed.name}${claimed.from === null ? '' : ` from ${claimed.from}`} to ${claimed.to}${claimed.directory === null ? '' : ` in ${claimed.directory}`}`;
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
