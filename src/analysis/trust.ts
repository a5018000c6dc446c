import semver from 'semver';
import type { DependencyContext } from '../context/types.js';
import type { EvidenceItem } from '../evidence/types.js';
import type { Candidate, CandidateFinding, RiskLevel, TrustIssue, TrustedFinding } from './types.js';

/**
 * Trust validation (DESIGN §4, seed-system §4): a schema-valid candidate is still a claim.
 * Every rule below removes or overrides what the evidence does not support, records why, and
 * never adds anything. Fixes over the original CLI: a URL quoted verbatim in cited evidence is
 * not "invented"; version numbers in text and `appliesToVersions` are checked against the
 * registry and the bump's range; a finding must cite evidence about the versions it names.
 */

/** Shown instead of a summary that could not be trusted. Makes no claim of its own. */
export const NEUTRAL_SUMMARY = 'No evidence-backed summary is available for this update; see the cited evidence and registry facts.';

export interface TrustedCandidate {
  summary: string;
  summaryEvidenceRefs: string[];
  riskLevel: RiskLevel;
  riskEvidenceRefs: string[];
  findings: TrustedFinding[];
}

export interface TrustOptions {
  /** Every published version of the package (from the registry). */
  knownVersions: ReadonlySet<string>;
}

// What counts as a URL in model text and evidence content. Scheme-less forms count too, or a
// model could cite `www.evil.example/upgrade` or `evil.example/fix?token=1` unchecked.
const URL_TAIL = String.raw`[^\s<>"'\`)\]]*`;
// Any scheme://… run; scheme-agnostic so `javascript://` or `ftp://` are caught as well.
const SCHEME_URL = String.raw`\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s<>"'\`)\]]+`;
// `//host.tld/…` (protocol-relative), not the `//` of a scheme URL, a path or a `//comment`.
const PROTOCOL_RELATIVE_URL = String.raw`(?<![\w:/.])\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d{1,5})?(?:[/?#]${URL_TAIL})?`;
// `www.host`, with or without a path.
const WWW_URL = String.raw`(?<![\w./-])www\.[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::\d{1,5})?(?:[/?#]${URL_TAIL})?`;
// File extensions that are not top-level domains: `Node.js/Bun` or `index.json/` are not hosts.
const FILE_EXTENSIONS = [
  'js', 'mjs', 'cjs', 'jsx', 'ts', 'mts', 'cts', 'tsx', 'json', 'jsonc', 'json5', 'mdx', 'yml', 'yaml', 'toml', 'lock', 'txt', 'log',
  'html', 'htm', 'css', 'scss', 'sass', 'less', 'map', 'node', 'wasm', 'vue', 'svelte', 'coffee', 'xml', 'csv', 'ini', 'cfg', 'conf',
  'env', 'gz', 'tgz', 'tar', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'ico', 'patch', 'diff', 'exe', 'dll', 'bin', 'rb', 'go',
  'java', 'kt', 'cpp', 'hpp', 'php', 'bat', 'cmd', 'ps1', 'swift', 'mdown', 'markdown', 'rst', 'snap',
].join('|');
// A bare `host.tld/…`: at least one dot, a 2–24 letter TLD that is not a file extension, then a
// path. Not when it continues a word, a path or a dotted name (`lib/index.js`, `a.b.c`).
const BARE_HOST_URL = String.raw`(?<![\w./\\-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?!(?:${FILE_EXTENSIONS})(?![a-z]))[a-z]{2,24}(?::\d{1,5})?\/${URL_TAIL}`;
const URL_PATTERN = new RegExp([SCHEME_URL, PROTOCOL_RELATIVE_URL, WWW_URL, BARE_HOST_URL].join('|'), 'gi');
// Full x.y.z semver tokens (optionally v-prefixed, with prerelease/build). `18.x` or `5.0` are
// too ambiguous to judge and are left alone.
const VERSION_PATTERN = /(?<![\w.-])v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?)(?![\w-]|\.\d)/g;

/** Every URL in a text, scheme-less forms included, as written. */
export function urlsIn(text: string): string[] {
  return [...text.matchAll(URL_PATTERN)].map((match) => match[0]);
}

/**
 * Comparison keys of a URL: scheme and host lower-cased, trailing punctuation stripped, an
 * empty path read as `/`. A scheme-less URL (`www.x.org/a`, `//x.org/a`, `x.org/a`) is the same
 * as its http(s) form, so each URL yields the keys it may be matched by.
 */
function urlKeys(url: string): string[] {
  let rest = url.replace(/[.,;:!?*~]+$/, '');
  let scheme: string | null = null;
  const schemeMatch = /^([a-z][a-z0-9+.-]*):\/\//i.exec(rest);
  if (schemeMatch?.[1] !== undefined) {
    scheme = schemeMatch[1].toLowerCase();
    rest = rest.slice(schemeMatch[0].length);
  } else if (rest.startsWith('//')) {
    rest = rest.slice(2);
  }
  const cut = rest.search(/[/?#]/);
  const authority = (cut === -1 ? rest : rest.slice(0, cut)).toLowerCase();
  const path = cut === -1 ? '' : rest.slice(cut);
  if (authority === '') return [];
  const location = `${authority}${path === '' || path.startsWith('?') || path.startsWith('#') ? `/${path}` : path}`;
  if (scheme === null) return [`//${location}`, `http://${location}`, `https://${location}`];
  return scheme === 'http' || scheme === 'https' ? [`${scheme}://${location}`, `//${location}`] : [`${scheme}://${location}`];
}

/** The single key a URL written in model text is looked up by. */
function lookupKey(url: string): string | undefined {
  return urlKeys(url)[0];
}

/** Version tokens outside URLs: a URL is judged by the URL rule, not word by word. */
function versionsIn(text: string): string[] {
  return [...text.replace(URL_PATTERN, ' ').matchAll(VERSION_PATTERN)].flatMap((match) => (match[1] === undefined ? [] : [match[1]]));
}

/** Versions whose release notes are relevant: (from, to] for an upgrade, (to, from] for a downgrade. */
function isInRange(version: string, context: DependencyContext): boolean {
  if (context.versions.inRange.includes(version)) return true;
  const { from, to } = context.versions;
  if (!semver.valid(version) || !semver.valid(from) || !semver.valid(to)) return false;
  const [low, high] = semver.lt(to, from) ? [to, from] : [from, to];
  return semver.gt(version, low) && semver.lte(version, high);
}

/** Model-supplied version strings are shown only when they look like a version; never free text. */
function describeVersion(version: string): string {
  return /^v?[0-9A-Za-z.+-]{1,64}$/.test(version) ? version : 'a non-version entry';
}

function short(reference: string): string {
  return reference.slice(0, 19);
}

export function applyTrust(candidate: Candidate, context: DependencyContext, options: TrustOptions): { trusted: TrustedCandidate; issues: TrustIssue[] } {
  const issues: TrustIssue[] = [];
  const issue = (code: TrustIssue['code'], path: string, message: string): void => {
    issues.push({ code, path, message });
  };

  // Only selected evidence that is actually present in the context can be cited.
  const selected = new Set(context.metadata.selectedEvidenceIds);
  const evidenceById = new Map<string, EvidenceItem>();
  for (const item of context.knowledge.evidence) if (selected.has(item.id)) evidenceById.set(item.id, item);
  const selectedUrls = new Set([...evidenceById.values()].map((item) => item.sourceUrl));
  // Locally decided facts are real versions even when the registry list is unavailable.
  const realVersions = new Set([...options.knownVersions, context.versions.from, context.versions.to, ...context.versions.inRange]);

  const keepValidReferences = (references: string[], path: string): string[] => {
    const kept: string[] = [];
    for (const reference of references) {
      if (evidenceById.has(reference)) kept.push(reference);
      else issue('EVIDENCE_REFERENCE_INVALID', path, `removed reference ${short(reference)}… that is not a selected evidence ID`);
    }
    return kept;
  };

  // Rule 1: unknown references removed.
  let summary = candidate.summary;
  let summaryEvidenceRefs = keepValidReferences(candidate.summaryEvidenceRefs, 'summaryEvidenceRefs');
  let riskLevel: RiskLevel = candidate.riskLevel;
  let riskEvidenceRefs = keepValidReferences(candidate.riskEvidenceRefs, 'riskEvidenceRefs');
  type Indexed = { index: number; finding: CandidateFinding };
  let findings: Indexed[] = candidate.findings.map((finding, index) => ({
    index,
    finding: { ...finding, evidenceRefs: keepValidReferences(finding.evidenceRefs, `findings[${index}].evidenceRefs`), appliesToVersions: [...finding.appliesToVersions] },
  }));

  // Rule 2: findings without a valid reference are dropped; duplicate ids are dropped too,
  // because the report links findings by id.
  const seenIds = new Set<string>();
  findings = findings.filter(({ index, finding }) => {
    if (finding.evidenceRefs.length === 0) {
      issue('CLAIMS_DROPPED', `findings[${index}]`, 'finding dropped: it cites no selected evidence');
      return false;
    }
    if (seenIds.has(finding.id)) {
      issue('CLAIMS_DROPPED', `findings[${index}]`, `finding dropped: duplicate id "${finding.id}"`);
      return false;
    }
    seenIds.add(finding.id);
    return true;
  });

  const replaceSummary = (code: TrustIssue['code'], message: string): void => {
    if (summary === NEUTRAL_SUMMARY && summaryEvidenceRefs.length === 0) return;
    summary = NEUTRAL_SUMMARY;
    summaryEvidenceRefs = [];
    issue(code, 'summary', message);
  };

  // Rule 3: a summary that cites nothing is replaced.
  if (summaryEvidenceRefs.length === 0) replaceSummary('CLAIMS_DROPPED', 'summary replaced: it cites no selected evidence');

  // Rule 4: a risk level other than unknown needs evidence.
  if (riskLevel !== 'unknown' && riskEvidenceRefs.length === 0) {
    issue('CLAIMS_DROPPED', 'riskLevel', `risk "${riskLevel}" set to unknown: it cites no selected evidence`);
    riskLevel = 'unknown';
  }

  // Rule 5: a URL is allowed when it is the same URL (compared whole, after normalising) as a
  // selected evidence source URL or as a URL quoted in the content of evidence the same text
  // cites. A prefix of a quoted URL is a different URL. Anything else means the model made up a
  // source, and none of its claims are kept.
  const selectedUrlKeys = new Set([...selectedUrls].flatMap(urlKeys));
  const contentUrlKeys = new Map<string, Set<string>>();
  const urlKeysOfEvidence = (reference: string): Set<string> => {
    let keys = contentUrlKeys.get(reference);
    if (keys === undefined) {
      keys = new Set(urlsIn(evidenceById.get(reference)?.content ?? '').flatMap(urlKeys));
      contentUrlKeys.set(reference, keys);
    }
    return keys;
  };
  const isGroundedUrl = (url: string, citedReferences: string[]): boolean => {
    const key = lookupKey(url);
    if (key === undefined) return false;
    if (selectedUrlKeys.has(key)) return true;
    return citedReferences.some((reference) => urlKeysOfEvidence(reference).has(key));
  };
  const textsToCheck: Array<{ path: string; text: string; cited: string[] }> = [
    { path: 'summary', text: summary, cited: summaryEvidenceRefs },
    ...findings.map(({ index, finding }) => ({ path: `findings[${index}].summary`, text: finding.summary, cited: finding.evidenceRefs })),
  ];
  const inventedUrlAt = textsToCheck.find(({ text, cited }) => urlsIn(text).some((url) => !isGroundedUrl(url, cited)));
  if (inventedUrlAt !== undefined) {
    issue('INVENTED_URL', inventedUrlAt.path, 'a URL is neither a selected evidence source nor quoted in the cited evidence; all model claims voided');
    replaceSummary('CLAIMS_DROPPED', 'summary replaced: claims voided by an invented URL');
    if (riskLevel !== 'unknown') {
      issue('CLAIMS_DROPPED', 'riskLevel', `risk "${riskLevel}" set to unknown: claims voided by an invented URL`);
      riskLevel = 'unknown';
    }
    for (const { index } of findings) issue('CLAIMS_DROPPED', `findings[${index}]`, 'finding dropped: claims voided by an invented URL');
    findings = [];
  }

  // Rule 6: a full version number in text must be a real version of this package or be
  // quoted in the cited evidence (e.g. "requires Node.js 18.0.0" is about another product).
  const ungroundedVersion = (text: string, cited: string[]): string | undefined =>
    versionsIn(text).find((version) => !realVersions.has(version) && !cited.some((reference) => evidenceById.get(reference)?.content.includes(version)));
  const summaryVersion = ungroundedVersion(summary, summaryEvidenceRefs);
  if (summaryVersion !== undefined) {
    issue('INVENTED_VERSION', 'summary', `summary names version ${describeVersion(summaryVersion)}, which is not a published version of ${context.dependency.name} nor quoted in its cited evidence`);
    replaceSummary('CLAIMS_DROPPED', 'summary replaced: it names an invented version');
  }
  findings = findings.filter(({ index, finding }) => {
    const invented = ungroundedVersion(finding.summary, finding.evidenceRefs);
    if (invented === undefined) return true;
    issue('INVENTED_VERSION', `findings[${index}]`, `finding dropped: it names version ${describeVersion(invented)}, which is not a published version of ${context.dependency.name} nor quoted in its cited evidence`);
    return false;
  });

  // Rule 7: appliesToVersions must lie in the bump's range; a finding that named versions and
  // has none left is about some other release and is dropped.
  findings = findings.filter(({ index, finding }) => {
    const before = finding.appliesToVersions.length;
    finding.appliesToVersions = finding.appliesToVersions.filter((version) => {
      if (!realVersions.has(version)) {
        issue('INVENTED_VERSION', `findings[${index}].appliesToVersions`, `removed ${describeVersion(version)}: not a published version of ${context.dependency.name}`);
        return false;
      }
      if (!isInRange(version, context)) {
        issue('VERSION_OUT_OF_RANGE', `findings[${index}].appliesToVersions`, `removed ${describeVersion(version)}: outside ${context.versions.from} → ${context.versions.to}`);
        return false;
      }
      return true;
    });
    if (before > 0 && finding.appliesToVersions.length === 0) {
      issue('VERSION_OUT_OF_RANGE', `findings[${index}]`, 'finding dropped: none of the versions it applies to are in the update range');
      return false;
    }
    return true;
  });

  // Rule 8: cited evidence must be about the versions the finding applies to. Evidence with no
  // releaseVersions (registry facts about the whole range) fits any version.
  findings = findings.filter(({ index, finding }) => {
    if (finding.appliesToVersions.length === 0) return true;
    const applies = new Set(finding.appliesToVersions);
    const mismatched = finding.evidenceRefs.find((reference) => {
      const releaseVersions = evidenceById.get(reference)?.releaseVersions ?? [];
      return releaseVersions.length > 0 && !releaseVersions.some((version) => applies.has(version));
    });
    if (mismatched === undefined) return true;
    issue('CLAIMS_DROPPED', `findings[${index}]`, `finding dropped: cited evidence ${short(mismatched)}… is about other versions than the finding applies to`);
    return false;
  });

  // Rule 9: conflicting sources make any risk level a guess.
  if (context.metadata.warnings.some((warning) => warning.code === 'SOURCE_CONFLICT')) {
    issue('SOURCE_CONFLICT', 'riskLevel', riskLevel === 'unknown' ? 'sources conflict; risk stays unknown' : `risk "${riskLevel}" set to unknown: sources conflict`);
    riskLevel = 'unknown';
  }

  // Rule 10: unknown risk rests on nothing.
  if (riskLevel === 'unknown') riskEvidenceRefs = [];

  return {
    trusted: {
      summary,
      summaryEvidenceRefs,
      riskLevel,
      riskEvidenceRefs,
      findings: findings.map(({ finding }) => ({
        id: finding.id,
        kind: finding.kind,
        summary: finding.summary,
        appliesToVersions: finding.appliesToVersions,
        evidenceRefs: finding.evidenceRefs,
      })),
    },
    issues,
  };
}
