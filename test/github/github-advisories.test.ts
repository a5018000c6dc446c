import { afterEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/client.js';
import { fetchAdvisories, selectFixedAdvisories } from '../../src/evidence/github-advisories.js';
import { silentLogger } from '../../src/shared/logger.js';
import { resetSecretsForTesting } from '../../src/shared/redaction.js';
import { startFakeGitHub, type FakeAdvisory, type FakeGitHub } from '../fakes/fake-github-server.js';
import { createRecordingLogger } from './recording-logger.js';

const TOKEN = 'ghs_advisoriesToken0123456789';

const FIXED_IN_RANGE: FakeAdvisory = {
  ghsa_id: 'GHSA-p6mc-m468-83gw',
  cve_id: 'CVE-2020-8203',
  summary: 'Prototype Pollution in lodash',
  severity: 'high',
  vulnerabilities: [{ package: { ecosystem: 'npm', name: 'lodash' }, vulnerable_version_range: '>= 3.7.0, < 4.17.19', first_patched_version: '4.17.19' }],
};
const FIXED_AFTER_TO: FakeAdvisory = {
  ghsa_id: 'GHSA-35jh-r3h4-6jhm',
  cve_id: 'CVE-2021-23337',
  summary: 'Command Injection in lodash',
  severity: 'high',
  vulnerabilities: [{ package: { ecosystem: 'npm', name: 'lodash' }, vulnerable_version_range: '< 4.17.21', first_patched_version: '4.17.21' }],
};
const NOT_AFFECTING_FROM: FakeAdvisory = {
  ghsa_id: 'GHSA-jf85-cpcp-j695',
  summary: 'Old lodash issue',
  severity: 'medium',
  vulnerabilities: [{ package: { ecosystem: 'npm', name: 'lodash' }, vulnerable_version_range: '< 4.17.12', first_patched_version: '4.17.12' }],
};
const NO_PATCH: FakeAdvisory = {
  ghsa_id: 'GHSA-29mw-wpgm-hmr9',
  summary: 'Unpatched lodash issue',
  severity: 'low',
  vulnerabilities: [{ package: { ecosystem: 'npm', name: 'lodash' }, vulnerable_version_range: '>= 4.0.0', first_patched_version: null }],
};
const WITHDRAWN: FakeAdvisory = { ...FIXED_IN_RANGE, ghsa_id: 'GHSA-4xc9-xhrj-v574', withdrawn_at: '2023-01-01T00:00:00Z' };
const OTHER_PACKAGE: FakeAdvisory = {
  ghsa_id: 'GHSA-8p5q-j9m2-g8wr',
  summary: 'Other package',
  severity: 'critical',
  vulnerabilities: [{ package: { ecosystem: 'npm', name: 'lodash-es' }, vulnerable_version_range: '< 5.0.0', first_patched_version: '5.0.0' }],
};

describe('fetchAdvisories against the fake GitHub API', () => {
  let fake: FakeGitHub | undefined;

  afterEach(async () => {
    await fake?.close();
    fake = undefined;
    resetSecretsForTesting();
  });

  async function start(advisories: FakeAdvisory[], advisoriesIgnoreVersion = false) {
    fake = await startFakeGitHub({ advisories, advisoriesIgnoreVersion });
    // Rate-limit waits are observed, not sat out.
    return createGitHubClient({ token: TOKEN, baseUrl: fake.url, sleep: async () => {} });
  }

  it('asks for a token when there is no client', async () => {
    const result = await fetchAdvisories({ octokit: null, packageName: 'lodash', from: '4.17.15', to: '4.17.20', logger: silentLogger });
    expect(result.missing.map((entry) => entry.code)).toEqual(['ADVISORIES_NEED_TOKEN']);
  });

  it('keeps only advisories that affect `from` and are patched within (from, to]', async () => {
    // The lenient server returns everything for the package, so the local filter does the work.
    const octokit = await start([FIXED_IN_RANGE, FIXED_AFTER_TO, NOT_AFFECTING_FROM, NO_PATCH, WITHDRAWN, OTHER_PACKAGE], true);

    const result = await fetchAdvisories({ octokit, packageName: 'lodash', from: '4.17.15', to: '4.17.20', logger: silentLogger });

    expect(result.missing).toEqual([]);
    expect(result.evidence).toHaveLength(1);
    const item = result.evidence[0]!;
    expect(item).toMatchObject({
      packageId: 'npm:lodash',
      sourceId: 'github-advisory',
      kind: 'advisory',
      locator: 'advisory/GHSA-p6mc-m468-83gw',
      sourceUrl: 'https://github.com/advisories/GHSA-p6mc-m468-83gw',
      releaseVersions: ['4.17.19'],
    });
    expect(item.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(item.content).toContain('Prototype Pollution in lodash');
    expect(item.content).toContain('Severity: high');
    expect(item.content).toContain('Vulnerable versions: >= 3.7.0, < 4.17.19');
    expect(item.content).toContain('First patched version: 4.17.19');
    expect(item.content).toContain('CVE-2020-8203');

    const request = fake!.requests.find((entry) => entry.path === '/advisories');
    expect(request?.query).toMatchObject({ ecosystem: 'npm', affects: 'lodash@4.17.15', per_page: '100' });
  });

  it('includes an advisory patched exactly at `to`', async () => {
    const octokit = await start([FIXED_IN_RANGE, FIXED_AFTER_TO]);
    const result = await fetchAdvisories({ octokit, packageName: 'lodash', from: '4.17.15', to: '4.17.21', logger: silentLogger });
    expect(result.evidence.map((item) => item.locator)).toEqual(['advisory/GHSA-35jh-r3h4-6jhm', 'advisory/GHSA-p6mc-m468-83gw']);
  });

  it('handles scoped package names in `affects`', async () => {
    const scoped: FakeAdvisory = {
      ghsa_id: 'GHSA-wc69-rhjr-hc9g',
      summary: 'Scoped issue',
      severity: 'medium',
      vulnerabilities: [{ package: { ecosystem: 'npm', name: '@scope/pkg' }, vulnerable_version_range: '< 2.0.1', first_patched_version: '2.0.1' }],
    };
    const octokit = await start([scoped]);
    const result = await fetchAdvisories({ octokit, packageName: '@scope/pkg', from: '2.0.0', to: '2.1.0', logger: silentLogger });
    expect(result.evidence.map((item) => item.releaseVersions)).toEqual([['2.0.1']]);
  });

  it.each(['rate-limit', 'secondary-rate-limit', 'server-error'] as const)('turns a %s into ADVISORIES_UNAVAILABLE without throwing', async (kind) => {
    const octokit = await start([FIXED_IN_RANGE]);
    // Persistent: a limit the client may wait out is retried (twice) before it is reported.
    fake!.state.faults.push({ match: /advisories/, kind, times: 3 });
    const logger = createRecordingLogger();

    const result = await fetchAdvisories({ octokit, packageName: 'lodash', from: '4.17.15', to: '4.17.20', logger });

    expect(result.evidence).toEqual([]);
    expect(result.missing).toEqual([{ code: 'ADVISORIES_UNAVAILABLE', message: expect.stringContaining('lodash') }]);
    expect(logger.warnings()).toHaveLength(1);
  });
});

describe('selectFixedAdvisories', () => {
  it('skips malformed advisories and ranges instead of failing', () => {
    const selected = selectFixedAdvisories(
      [
        null,
        { ghsa_id: 'not-a-ghsa', vulnerabilities: [] },
        { ghsa_id: 'GHSA-aaaa-bbbb-cccc', vulnerabilities: 'nope' },
        {
          ghsa_id: 'GHSA-2222-3333-4444',
          summary: 'bad range',
          vulnerabilities: [{ package: { ecosystem: 'npm', name: 'x' }, vulnerable_version_range: 'not a range ((', first_patched_version: '1.0.1' }],
        },
        {
          ghsa_id: 'GHSA-5555-6666-7777',
          summary: 'object patched version',
          severity: 'low',
          html_url: 'https://evil.example/GHSA-5555-6666-7777',
          vulnerabilities: [{ package: { ecosystem: 'npm', name: 'x' }, vulnerable_version_range: '<= 1.0.0', first_patched_version: { identifier: '1.0.1' } }],
        },
      ],
      'x',
      '1.0.0',
      '1.2.0',
      silentLogger,
    );
    expect(selected.map((advisory) => [advisory.ghsaId, advisory.firstPatchedVersion, advisory.sourceUrl])).toEqual([
      ['GHSA-5555-6666-7777', '1.0.1', 'https://github.com/advisories/GHSA-5555-6666-7777'],
    ]);
  });

  it('keeps nothing for a downgrade', () => {
    const selected = selectFixedAdvisories([FIXED_IN_RANGE], 'lodash', '4.17.20', '4.17.15', silentLogger);
    expect(selected).toEqual([]);
  });
});
