import { describe, expect, it } from 'vitest';
import { enginesNarrowed } from '../../src/ecosystems/npm/engines-range.js';

const node = (range: string) => ({ node: range });

describe('enginesNarrowed', () => {
  it('says a raised floor, a new requirement and an unreadable range narrow', () => {
    expect(enginesNarrowed(node('>=14'), node('>=18'))).toBe(true);
    expect(enginesNarrowed({}, node('>=18'))).toBe(true);
    expect(enginesNarrowed(node('>=14'), node('not a range'))).toBe(true);
    // A line dropped from an enumeration is a real narrowing.
    expect(enginesNarrowed(node('^18.18 || ^20.8 || >=22'), node('^20.8 || >=22'))).toBe(true);
    // A gap opened inside a range too.
    expect(enginesNarrowed(node('>=20'), node('^20 || >=22'))).toBe(true);
  });

  it('says a widened, equal or dropped requirement does not', () => {
    expect(enginesNarrowed(node('>=20'), node('>=18'))).toBe(false);
    expect(enginesNarrowed(node('>=16'), node('>=16.0.0'))).toBe(false);
    expect(enginesNarrowed(node('>=16'), {})).toBe(false);
    expect(enginesNarrowed(node('>=16'), node('*'))).toBe(false);
    // A typo corrected (memoizee 0.4.17): semver reads no runtime into `>=.0.12`, so npm's engine
    // check accepted none, and the readable target turns nobody away.
    expect(enginesNarrowed(node('>=.0.12'), node('>=0.12'))).toBe(false);
  });

  it('reads an enumerated rewrite of the same versions as unchanged (ava 6.4.0), which semver.subset alone does not', () => {
    expect(enginesNarrowed(node('^18.18 || ^20.8 || ^22 || >=23'), node('^18.18 || ^20.8 || ^22 || ^23 || >=24'))).toBe(false);
    expect(enginesNarrowed(node('>=18'), node('^18 || ^19 || >=20'))).toBe(false);
    expect(enginesNarrowed(node('>=18 <22'), node('18.x || 19.x || 20.x || 21.x'))).toBe(false);
    // Touching at an exclusive bound on both sides leaves a hole: 20.0.0 is turned away.
    expect(enginesNarrowed(node('>=18'), node('>=18 <20.0.0 || >20.0.0'))).toBe(true);
    // The order of the parts does not matter (review 12): 1.0.0 is turned away either way.
    expect(enginesNarrowed(node('>1.0.0 <2.0.0 || 1.0.0'), node('>1.0.0 <2.0.0'))).toBe(true);
    expect(enginesNarrowed(node('1.0.0 || >1.0.0 <2.0.0'), node('>1.0.0 <2.0.0'))).toBe(true);
    expect(enginesNarrowed(node('>1.0.0 <2.0.0'), node('>1.0.0 <2.0.0 || 1.0.0'))).toBe(false);
  });
});
