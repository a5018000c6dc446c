/**
 * A publisher controls every string in its packument. One hostile version (2 KB license, 50 KB
 * publisher name, 10 KB engine range, 5000 new dependencies, 1 MB repository URL, ...) must give
 * bounded facts, bounded evidence and a manifest that still validates: before these bounds, a
 * single long string made the whole run's manifest (and so its comment) unpublishable.
 */
import { describe, expect, it } from 'vitest';
import { boundText, computeRegistryFacts, normaliseRepository, REGISTRY_LIMITS, registrySignalsOf } from '../../src/ecosystems/npm/registry-facts.js';
import { parsePackument, type Packument } from '../../src/ecosystems/npm/packument.js';
import { registryFactEvidence } from '../../src/evidence/registry-fact-evidence.js';
import { buildManifest, validateManifest } from '../../src/report/manifest.js';
import { analysedResult, bumpOf, evidenceReference, normalOutcome } from '../report/outcome-fixtures.js';

const NAME = 'hostile-pkg';
const MB = 1024 * 1024;

function hostilePackument(): Packument {
  const newDependencies: Record<string, string> = {};
  for (let index = 0; index < 5000; index += 1) newDependencies[`dep-${String(index).padStart(4, '0')}`] = '^1.0.0';
  newDependencies['x'.repeat(3000)] = `^${'9'.repeat(5000)}`;
  const engines: Record<string, string> = { node: `>=${'9'.repeat(10 * 1024)}` };
  for (let index = 0; index < 100; index += 1) engines[`engine-${String(index).padStart(3, '0')}-${'e'.repeat(500)}`] = '*';
  const parsed = parsePackument(
    {
      name: NAME,
      repository: { type: 'git', url: `https://github.com/o/r${'/'.repeat(MB)}x` },
      time: { '1.0.0': '2024-01-01T00:00:00.000Z', '2.0.0': '2024-06-01T00:00:00.000Z' },
      versions: {
        '1.0.0': { name: NAME, version: '1.0.0', license: 'MIT', _npmUser: { name: 'alice' }, engines: { node: '>=14' }, dependencies: { ms: '^2.0.0' } },
        '2.0.0': {
          name: NAME,
          version: '2.0.0',
          license: 'L'.repeat(2048),
          deprecated: 'd'.repeat(100_000),
          _npmUser: { name: 'p'.repeat(50 * 1024) },
          engines,
          scripts: { postinstall: 'node steal.js' },
          dependencies: { ms: '^2.0.0', ...newDependencies },
          repository: { type: 'git', url: `https://github.com/o/r${'/'.repeat(MB)}x` },
          dist: { tarball: `https://registry.npmjs.org/${NAME}/-/${'a'.repeat(MB)}.tgz`, integrity: `sha512-${'A'.repeat(10_000)}` },
        },
      },
    },
    NAME,
  );
  if (!parsed.ok) throw new Error(parsed.problem);
  return parsed.packument;
}

/** Every string (and object key) anywhere in `value`, so a test can bound them all at once. */
function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) allStrings(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      allStrings(item, out);
    }
  }
  return out;
}

describe('a hostile packument gives bounded facts, evidence and a valid manifest', () => {
  it('bounds every registry string and list where it is read', { timeout: 20_000 }, () => {
    const facts = computeRegistryFacts(hostilePackument(), '1.0.0', '2.0.0', { registryUrl: 'https://registry.npmjs.org' });
    const to = facts.to!;
    expect(to.license).toBe(`${'L'.repeat(REGISTRY_LIMITS.textChars - 1)}…`);
    expect(to.publisher).toBe(`${'p'.repeat(REGISTRY_LIMITS.nameChars - 1)}…`);
    expect(to.deprecated).toHaveLength(REGISTRY_LIMITS.deprecationChars);
    expect(to.deprecated?.endsWith('…')).toBe(true);
    expect(Object.keys(to.engines)).toHaveLength(REGISTRY_LIMITS.engines);
    expect(to.engines.node).toBe(`>=${'9'.repeat(REGISTRY_LIMITS.textChars - 3)}…`);
    for (const [engine, range] of Object.entries(to.engines)) {
      expect(engine.length).toBeLessThanOrEqual(REGISTRY_LIMITS.nameChars);
      expect(range.length).toBeLessThanOrEqual(REGISTRY_LIMITS.textChars);
    }
    expect(Object.keys(to.dependencies)).toHaveLength(REGISTRY_LIMITS.dependencies);
    for (const [name, range] of Object.entries(to.dependencies)) {
      expect(name.length).toBeLessThanOrEqual(REGISTRY_LIMITS.nameChars);
      expect(range.length).toBeLessThanOrEqual(REGISTRY_LIMITS.textChars);
    }
    // A cut URL would point somewhere else: over-long URLs are not used at all.
    expect(to.tarballUrl).toBeNull();
    expect(facts.repository).toBeNull();
    expect(facts.repositoryUrl).toBeNull();
    expect(to.integrity).toHaveLength(REGISTRY_LIMITS.integrityChars);
    expect(to.installScripts).toEqual(['postinstall']);

    const signals = registrySignalsOf(facts);
    expect(signals.newDependencies).toHaveLength(REGISTRY_LIMITS.newDependencies);
    expect(signals.newDependencies[0]).toBe('dep-0000');
    expect(signals.publisherChanged).toEqual({ from: 'alice', to: to.publisher });
    expect(signals.licenseChanged).toEqual({ from: 'MIT', to: to.license });
    expect(Object.keys(signals.enginesChanged?.to ?? {})).toHaveLength(REGISTRY_LIMITS.engines);
    expect(signals.targetDeprecated).toBe(to.deprecated);
    expect(signals.installScriptsAdded).toEqual(['postinstall']);
    const longest = Math.max(...allStrings(signals).map((text) => text.length));
    expect(longest).toBeLessThanOrEqual(REGISTRY_LIMITS.deprecationChars);
    expect(Math.max(...allStrings({ ...signals, targetDeprecated: null }).map((text) => text.length))).toBeLessThanOrEqual(1000);

    const evidence = registryFactEvidence(facts, { packageId: `npm:${NAME}`, name: NAME, from: '1.0.0', to: '2.0.0', direction: 'upgrade', semverClass: 'major' });
    expect(evidence.map((item) => item.locator)).toEqual(
      expect.arrayContaining(['fact/deprecated', 'fact/publisher', 'fact/license', 'fact/engines', 'fact/new-dependencies', 'fact/install-scripts']),
    );
    for (const item of evidence) {
      expect(item.title.length).toBeLessThanOrEqual(200);
      expect(item.content.length).toBeLessThanOrEqual(4_100);
      expect(item.sourceUrl.length).toBeLessThanOrEqual(2000);
    }
    const newDependencies = evidence.find((item) => item.locator === 'fact/new-dependencies');
    expect(newDependencies?.content).toContain(`adds at least ${REGISTRY_LIMITS.dependencies} runtime dependencies`);
    expect(newDependencies?.content).toContain('more) …');
  });

  it('a result carrying those signals and evidence still makes a manifest that validates', { timeout: 20_000 }, () => {
    const facts = computeRegistryFacts(hostilePackument(), '1.0.0', '2.0.0', { registryUrl: 'https://registry.npmjs.org' });
    const signals = registrySignalsOf(facts);
    const evidence = registryFactEvidence(facts, { packageId: `npm:${NAME}`, name: NAME, from: '1.0.0', to: '2.0.0', direction: 'upgrade', semverClass: 'major' });
    const hostile = analysedResult({ name: NAME, from: '1.0.0', to: '2.0.0', risk: 'high', semverClass: 'major', reasons: ['HIGH_RISK'], signals });
    hostile.evidence.push(...evidence.map(evidenceReference));
    const base = normalOutcome();
    const results = [...base.results, hostile].sort((left, right) => (left.id < right.id ? -1 : 1));
    const outcome = normalOutcome({ results, bumps: [...base.bumps, bumpOf(hostile)] });
    const manifest = buildManifest(outcome);
    expect(() => validateManifest(manifest)).not.toThrow();
    const projected = manifest.results.find((result) => result.dependency.name === NAME);
    expect(projected?.registrySignals?.licenseChanged?.to).toBe(facts.to?.license);
    expect(projected?.registrySignals?.newDependencies).toHaveLength(REGISTRY_LIMITS.newDependencies);
  });
});

describe('repository URLs are parsed in linear time', () => {
  it('a 1 MB run of trailing slashes is trimmed; one followed by text is refused', { timeout: 20_000 }, () => {
    expect(normaliseRepository(`https://github.com/o/r${'/'.repeat(MB)}`)).toEqual({ repository: { owner: 'o', repo: 'r', directory: null }, repositoryUrl: null });
    expect(normaliseRepository(`https://github.com/o/r${'/'.repeat(MB)}x`)).toEqual({ repository: null, repositoryUrl: null });
    expect(normaliseRepository({ url: `https://gitlab.com/g/p${'/'.repeat(MB)}x` })).toEqual({ repository: null, repositoryUrl: null });
  });

  it('a 1 MB fragment of #s (with a line break) is dropped from the first #', { timeout: 20_000 }, () => {
    expect(normaliseRepository(`git+https://github.com/o/r.git#${'#'.repeat(MB)}\nx`)).toEqual({ repository: { owner: 'o', repo: 'r', directory: null }, repositoryUrl: null });
    expect(normaliseRepository(`${'#'.repeat(MB)}\nx`)).toEqual({ repository: null, repositoryUrl: null });
  });

  it('an over-long monorepo directory is ignored, the repository kept', () => {
    expect(normaliseRepository({ url: 'https://github.com/o/r', directory: 'a/'.repeat(5000) })).toEqual({ repository: { owner: 'o', repo: 'r', directory: null }, repositoryUrl: null });
  });
});

describe('boundText', () => {
  it('keeps short text, cuts long text with an ellipsis, never splits a surrogate pair', () => {
    expect(boundText('MIT', 10)).toBe('MIT');
    expect(boundText('abcdefghijk', 5)).toBe('abcd…');
    expect(boundText('abc😀def', 5)).toBe('abc…');
    expect(boundText('abc😀def', 6)).toBe('abc😀…');
  });
});
