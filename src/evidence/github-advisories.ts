import semver from 'semver';
import { describeGitHubError, formatGitHubError, type GitHubClient } from '../github/client.js';
import type { Logger } from '../shared/logger.js';
import { sanitizeMessage } from '../shared/redaction.js';
import { makeEvidenceItem } from './evidence-item.js';
import { NO_GITHUB_TOKEN, type EvidenceResult } from './github-release-notes.js';
import type { EvidenceItem } from './types.js';

/**
 * Security advisories this bump fixes, from GitHub's global advisory database
 * (`GET /advisories?ecosystem=npm&affects=<name>@<from>`). The server already narrows to
 * advisories affecting `from`; the same check is repeated locally with semver because the
 * answer is external data, and then only advisories whose first patched version is inside
 * (from, to] are kept: those are the ones merging this bump resolves.
 */

export const ADVISORIES_PER_PAGE = 100;
export const MAX_ADVISORY_PAGES = 3;
/** Bound on the advisory summary quoted into evidence. */
const MAX_SUMMARY_CHARS = 1_000;
const GHSA_ID = /^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/i;

export interface AdvisoriesRequest {
  octokit: GitHubClient | null;
  packageName: string;
  from: string;
  to: string;
  logger: Logger;
  /** Why `octokit` is null, said in the missing-information line (default: no token). */
  githubOffReason?: string;
  /** GitHub's advisory ecosystem: `npm` (default) or `actions` for GitHub Actions. */
  ecosystem?: AdvisoryEcosystem;
  /** Identity in evidence IDs; `npm:<packageName>` unless another ecosystem says otherwise. */
  packageId?: string;
}

export type AdvisoryEcosystem = 'npm' | 'actions';

interface AdvisoryVulnerability {
  package?: { ecosystem?: unknown; name?: unknown } | null;
  vulnerable_version_range?: unknown;
  /** A string in the global advisories API; `{ identifier }` in some other advisory APIs. */
  first_patched_version?: unknown;
}

interface Advisory {
  ghsa_id?: unknown;
  cve_id?: unknown;
  html_url?: unknown;
  summary?: unknown;
  severity?: unknown;
  withdrawn_at?: unknown;
  vulnerabilities?: unknown;
}

/** A fixed advisory, reduced to the fields the evidence quotes. */
export interface FixedAdvisory {
  ghsaId: string;
  cveId: string | null;
  summary: string;
  severity: string;
  vulnerableRange: string;
  firstPatchedVersion: string;
  sourceUrl: string;
}

export async function fetchAdvisories(request: AdvisoriesRequest): Promise<EvidenceResult> {
  const { octokit, packageName, from, to, logger } = request;
  if (octokit === null) {
    return {
      evidence: [],
      missing: [
        {
          code: 'ADVISORIES_NEED_TOKEN',
          message: `GitHub security advisories for ${packageName} were not checked: ${request.githubOffReason ?? NO_GITHUB_TOKEN}.`,
        },
      ],
    };
  }
  if (semver.valid(from) === null || semver.valid(to) === null) {
    return {
      evidence: [],
      missing: [{ code: 'ADVISORIES_UNAVAILABLE', message: `GitHub security advisories for ${packageName} were not checked: ${from} → ${to} is not a semver range.` }],
    };
  }

  const advisories: Advisory[] = [];
  let pagesRead = 0;
  try {
    const iterator = octokit.paginate.iterator(octokit.rest.securityAdvisories.listGlobalAdvisories, {
      ecosystem: request.ecosystem ?? 'npm',
      affects: `${packageName}@${from}`,
      per_page: ADVISORIES_PER_PAGE,
    });
    for await (const page of iterator) {
      pagesRead += 1;
      advisories.push(...(page.data as Advisory[]));
      if (pagesRead >= MAX_ADVISORY_PAGES) break;
    }
  } catch (error) {
    const reason = formatGitHubError(describeGitHubError(error));
    logger.warning(`GitHub security advisories for ${packageName} unavailable: ${reason}`);
    return {
      evidence: [],
      missing: [{ code: 'ADVISORIES_UNAVAILABLE', message: `GitHub security advisories for ${packageName} could not be read: ${reason}.` }],
    };
  }

  const fixed = selectFixedAdvisories(advisories, packageName, from, to, logger, request.ecosystem ?? 'npm');
  const evidence = fixed.map((advisory) => advisoryEvidence(packageName, advisory, request.packageId));
  return { evidence, missing: [] };
}

/**
 * Advisories (external data) that affect `from` and are patched at or before `to`, once each,
 * sorted by GHSA ID so the evidence order does not depend on the API's order.
 */
export function selectFixedAdvisories(advisories: unknown[], packageName: string, from: string, to: string, logger: Logger, ecosystem: AdvisoryEcosystem = 'npm'): FixedAdvisory[] {
  const kept = new Map<string, FixedAdvisory>();
  for (const raw of advisories) {
    if (typeof raw !== 'object' || raw === null) continue;
    const advisory = raw as Advisory;
    if (typeof advisory.ghsa_id !== 'string' || !GHSA_ID.test(advisory.ghsa_id)) continue;
    if (advisory.withdrawn_at !== null && advisory.withdrawn_at !== undefined) continue;
    const ghsaId = advisory.ghsa_id;
    const vulnerabilities = Array.isArray(advisory.vulnerabilities) ? (advisory.vulnerabilities as AdvisoryVulnerability[]) : [];
    for (const vulnerability of vulnerabilities) {
      if (vulnerability.package?.ecosystem !== ecosystem || vulnerability.package.name !== packageName) continue;
      const range = toSemverRange(vulnerability.vulnerable_version_range);
      const patched = readPatchedVersion(vulnerability.first_patched_version);
      if (range === null) {
        logger.debug(`Advisory ${ghsaId} for ${packageName}: vulnerable range is not understood; skipped.`);
        continue;
      }
      if (patched === null) continue;
      const affectsFrom = semver.satisfies(from, range.semverRange, { includePrerelease: true });
      const affectsTo = semver.satisfies(to, range.semverRange, { includePrerelease: true });
      // Fixed by this bump: `from` is vulnerable, `to` is not, and the fix lands in (from, to].
      if (!affectsFrom || affectsTo || !semver.gt(patched, from) || !semver.lte(patched, to)) continue;
      kept.set(ghsaId, {
        ghsaId,
        cveId: typeof advisory.cve_id === 'string' && /^CVE-\d{4}-\d{4,}$/.test(advisory.cve_id) ? advisory.cve_id : null,
        summary: typeof advisory.summary === 'string' ? advisory.summary.slice(0, MAX_SUMMARY_CHARS) : '',
        severity: typeof advisory.severity === 'string' ? sanitizeMessage(advisory.severity, 20) : 'unknown',
        vulnerableRange: range.original,
        firstPatchedVersion: patched,
        sourceUrl: advisoryUrl(ghsaId, advisory.html_url),
      });
      break;
    }
  }
  return [...kept.values()].sort((left, right) => left.ghsaId.localeCompare(right.ghsaId));
}

export function advisoryEvidence(packageName: string, advisory: FixedAdvisory, packageId = `npm:${packageName}`): EvidenceItem {
  const identifiers = [advisory.ghsaId, ...(advisory.cveId ? [advisory.cveId] : [])].join(', ');
  return makeEvidenceItem({
    packageId,
    sourceId: 'github-advisory',
    kind: 'advisory',
    locator: `advisory/${advisory.ghsaId}`,
    title: `GitHub advisory ${advisory.ghsaId} (${advisory.severity}) — fixed in ${advisory.firstPatchedVersion}`,
    sourceUrl: advisory.sourceUrl,
    releaseVersions: [advisory.firstPatchedVersion],
    content: [
      advisory.summary,
      `Severity: ${advisory.severity}`,
      `Vulnerable versions: ${advisory.vulnerableRange}`,
      `First patched version: ${advisory.firstPatchedVersion}`,
      `Identifiers: ${identifiers}`,
    ].join('\n'),
  });
}

/** GitHub writes ranges as `>= 1.0.0, < 1.2.5`; semver wants space-separated comparators. */
function toSemverRange(value: unknown): { original: string; semverRange: string } | null {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 200) return null;
  const semverRange = value.replace(/,\s*/g, ' ').trim();
  if (semver.validRange(semverRange) === null) return null;
  return { original: value.trim(), semverRange };
}

function readPatchedVersion(value: unknown): string | null {
  const text = typeof value === 'string' ? value : typeof value === 'object' && value !== null ? (value as { identifier?: unknown }).identifier : null;
  return typeof text === 'string' ? semver.valid(text) : null;
}

/** Only the advisory's own github.com page is used as a link; anything else is rebuilt. */
function advisoryUrl(ghsaId: string, htmlUrl: unknown): string {
  const expected = `https://github.com/advisories/${ghsaId}`;
  return typeof htmlUrl === 'string' && htmlUrl.toLowerCase() === expected.toLowerCase() ? htmlUrl : expected;
}
