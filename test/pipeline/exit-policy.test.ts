import { describe, expect, it } from 'vitest';
import { decideExit } from '../../src/pipeline/exit-policy.js';
import { analysedResult } from '../report/outcome-fixtures.js';

const low = analysedResult({ name: 'a', from: '1.0.0', to: '1.1.0', risk: 'low' });
const high = analysedResult({ name: 'express', from: '4.21.2', to: '5.1.0', risk: 'high', reasons: ['HIGH_RISK'] });
const unreadable = [{ code: 'MANIFEST_UNPARSEABLE' as const, subject: 'package.json', message: 'not valid JSON' }];

describe('exit policy', () => {
  it('fails closed runs with 1 whatever fail-on says', () => {
    const failClosed = { code: 'IDENTITY_MISMATCH' as const, message: 'model differs' };
    expect(decideExit({ failClosed, results: [], detectionWarnings: [] }, 'never').exitCode).toBe(1);
  });

  it('applies fail-on: never reports only, high-risk and review breach with 2', () => {
    expect(decideExit({ failClosed: null, results: [high], detectionWarnings: [] }, 'never')).toEqual({ exitCode: 0, reason: null });
    expect(decideExit({ failClosed: null, results: [high], detectionWarnings: [] }, 'high-risk').reason).toMatch(/express/);
    expect(decideExit({ failClosed: null, results: [low], detectionWarnings: [] }, 'high-risk').exitCode).toBe(0);
    expect(decideExit({ failClosed: null, results: [high], detectionWarnings: [] }, 'review').exitCode).toBe(2);
  });

  it('treats an unreadable dependency file as needing review', () => {
    const decision = decideExit({ failClosed: null, results: [low], detectionWarnings: unreadable }, 'review');
    expect(decision.exitCode).toBe(2);
    expect(decision.reason).toMatch(/package\.json/);
    expect(decideExit({ failClosed: null, results: [low], detectionWarnings: unreadable }, 'high-risk').exitCode).toBe(0);
  });
});
