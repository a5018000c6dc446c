/**
 * Advisories from the npm registry's bulk endpoint (the one `npm audit` uses), against a fake
 * registry on 127.0.0.1 that follows the documented request and response format, and against
 * registries that refuse the endpoint or answer garbage: each is missing information, never an
 * error that costs the bump its other evidence.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createNpmRegistryClient } from '../../src/ecosystems/npm/registry-client.js';
import { fetchNpmAdvisories, ghsaIdOf, selectNpmAdvisories } from '../../src/evidence/npm-advisories.js';
import { silentLogger } from '../../src/shared/logger.js';
import { BULK_ADVISORY_PATH, startFakeNpmRegistry, type FakeBulkAdvisory, type FakeNpmRegistry } from '../fakes/fake-npm-registry.js';

const LODASH_TEMPLATE: FakeBulkAdvisory = {
  id: 1106913,
  url: 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm',
  title: 'Command Injection in lodash',
  severity: 'high',
  vulnerable_versions: '<4.17.21',
  cwe: ['CWE-77', 'CWE-94'],
  cvss: { score: 7.2, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H' },
};
const INTRODUCED: FakeBulkAdvisory = { id: 1, url: 'https://github.com/advisories/GHSA-cccc-ffff-gggg', title: 'Regression in 4.17.21', severity: 'moderate', vulnerable_versions: '4.17.21' };
const UNFIXED: FakeBulkAdvisory = { id: 2, url: 'https://github.com/advisories/GHSA-mmmm-pppp-qqqq', title: 'Prototype pollution in zipObjectDeep', severity: 'low', vulnerable_versions: '<=4.17.21' };

let registry: FakeNpmRegistry | undefined;
afterEach(async () => {
  await registry?.close();
  registry = undefined;
});

async function advisoriesWith(options: Parameters<typeof startFakeNpmRegistry>[0]) {
  registry = await startFakeNpmRegistry(options);
  const client = createNpmRegistryClient({ registryUrl: registry.url, maxRetries: 0 });
  return fetchNpmAdvisories({ registry: client, packageName: 'lodash', from: '4.17.20', to: '4.17.21', logger: silentLogger });
}

describe('npm bulk advisories', () => {
  it('asks with the documented body and sorts each advisory into fixed, introduced or unfixed', async () => {
    const result = await advisoriesWith({ advisories: { lodash: [LODASH_TEMPLATE, INTRODUCED, UNFIXED] } });
    const request = registry!.received.find((entry) => entry.path === BULK_ADVISORY_PATH);
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({ lodash: ['4.17.20', '4.17.21'] });
    expect(result.missing).toEqual([]);
    expect(result.evidence.map((item) => item.locator)).toEqual([
      'advisory/GHSA-35jh-r3h4-6jhm/fixed',
      'advisory/GHSA-cccc-ffff-gggg/introduced',
      'advisory/GHSA-mmmm-pppp-qqqq/unfixed',
    ]);
    const fixed = result.evidence[0]!;
    expect(fixed.kind).toBe('advisory');
    expect(fixed.sourceUrl).toBe('https://github.com/advisories/GHSA-35jh-r3h4-6jhm');
    expect(fixed.content).toContain('affects 4.17.20, not 4.17.21: fixed by this update');
    expect(fixed.content).toContain('Severity: high');
    expect(result.evidence.map(ghsaIdOf)).toEqual(['GHSA-35jh-r3h4-6jhm', 'GHSA-cccc-ffff-gggg', 'GHSA-mmmm-pppp-qqqq']);
  });

  it('a registry without the endpoint (405, as mirrors answer) is missing information', async () => {
    const result = await advisoriesWith({});
    expect(result.evidence).toEqual([]);
    expect(result.missing).toEqual([{ code: 'ADVISORIES_UNAVAILABLE', message: expect.stringMatching(/^npm advisories for lodash were not checked: http:\/\/127\.0\.0\.1:\d+ does not offer the security advisories of lodash \(HTTP 405\)\.$/) as string }]);
  });

  it.each([
    ['HTML', { kind: 'status', status: 200 } as const, 'is not JSON'],
    ['a 500', { kind: 'server-error' } as const, 'could not be read'],
    ['10 MB', { kind: 'oversized', bytes: 10 * 1024 * 1024 } as const, 'could not be read'],
  ])('an endpoint answering %s is missing information, bounded', async (_label, fault, wording) => {
    registry = await startFakeNpmRegistry({ advisories: { lodash: [LODASH_TEMPLATE] } });
    registry.script(BULK_ADVISORY_PATH, fault.kind === 'status' ? { kind: 'document', body: '<html>login</html>' } : fault);
    const client = createNpmRegistryClient({ registryUrl: registry.url, maxRetries: 0 });
    const result = await fetchNpmAdvisories({ registry: client, packageName: 'lodash', from: '4.17.20', to: '4.17.21', logger: silentLogger });
    expect(result.evidence).toEqual([]);
    expect(result.missing[0]?.code).toBe('ADVISORIES_UNAVAILABLE');
    if (fault.kind !== 'status') expect(result.missing[0]?.message).toContain(wording);
  });

  it('one GHSA listed once per version line (npm gives each line its own entry) is judged on all its ranges', async () => {
    // Like brace-expansion's GHSA-v6h2-p8h4-qcjw: `>=1.0.0 <=1.1.11` and `>=2.0.0 <=2.0.1`, two entries, one URL.
    const url = 'https://github.com/advisories/GHSA-v6h2-p8h4-qcjw';
    const lines: FakeBulkAdvisory[] = [
      { id: 10, url, title: 'ReDoS', severity: 'low', vulnerable_versions: '>=4.17.0 <=4.17.20' },
      { id: 11, url, title: 'ReDoS', severity: 'low', vulnerable_versions: '>=4.17.21 <4.17.22' },
    ];
    const result = await advisoriesWith({ advisories: { lodash: lines } });
    // Affects 4.17.20 through the first entry and 4.17.21 through the second: not fixed by this update.
    expect(result.evidence.map((item) => item.locator)).toEqual(['advisory/GHSA-v6h2-p8h4-qcjw/unfixed']);
    expect(result.evidence[0]?.content).toContain('Vulnerable versions: >=4.17.0 <=4.17.20 || >=4.17.21 <4.17.22');
  });

  it('an advisory with a line whose range cannot be read is never called fixed; the most severe line gives its severity', async () => {
    const url = 'https://github.com/advisories/GHSA-v6h2-p8h4-qcjw';
    // Straight into the selection: the fake, like npm, answers only with ranges it can match.
    const answer = { lodash: [{ id: 10, url, title: 'ReDoS', severity: 'low', vulnerable_versions: '<4.17.21' }, { id: 11, url, title: 'ReDoS', severity: 'high', vulnerable_versions: 'not a range' }] };
    expect(selectNpmAdvisories(answer, 'lodash', '4.17.20', '4.17.21')).toEqual([]);
    const lines = { lodash: [{ id: 10, url, title: 'ReDoS', severity: 'low', vulnerable_versions: '<4.17.21' }, { id: 11, url, title: 'ReDoS', severity: 'high', vulnerable_versions: '>=4.0.0 <4.17.21' }] };
    expect(selectNpmAdvisories(lines, 'lodash', '4.17.20', '4.17.21')).toMatchObject([{ ghsaId: 'GHSA-v6h2-p8h4-qcjw', severity: 'high', effect: 'fixed' }]);
  });

  it('entries that are not well-formed are skipped; links are rebuilt from the GHSA ID', async () => {
    const hostile = [
      { ...LODASH_TEMPLATE, url: 'https://evil.example/advisories/GHSA-35jh-r3h4-6jhm' },
      { id: 3, url: 'javascript:alert(1)', title: 'x', severity: 'high', vulnerable_versions: '*' },
      { id: 4, url: 'https://github.com/advisories/GHSA-2222-3333-4444', title: 'bad range', severity: 'high', vulnerable_versions: 'not a range' },
    ] as FakeBulkAdvisory[];
    const result = await advisoriesWith({ advisories: { lodash: hostile } });
    expect(result.evidence.map((item) => item.sourceUrl)).toEqual(['https://github.com/advisories/GHSA-35jh-r3h4-6jhm']);
  });
});
