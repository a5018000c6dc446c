import { CANDIDATE_SCHEMA } from '../analysis/candidate-schema.js';
import type { DeploymentProfile } from '../runtime/profiles/profile-schema.js';
import { schemaKeywordsUsed } from '../runtime/schema-projection.js';
import { KEYWORD_PAIRS, type KeywordPair } from './probe-catalog.js';
import { TRUNCATION_TOKEN_BUDGET } from './probe-schemas.js';
import type { Conclusion, ProbeId, ProbeResult, RecommendedProjection } from './types.js';

/**
 * Causal conclusions. A keyword is called incompatible only when an otherwise identical
 * control probe passed and the probe adding that one keyword was *rejected*; an answer that
 * violates the keyword after an HTTP 200 means "accepted but not enforced"; anything else
 * (network errors, skipped probes) is inconclusive rather than guessed.
 */

type ResultIndex = ReadonlyMap<ProbeId, ProbeResult>;

function index(results: readonly ProbeResult[]): ResultIndex {
  return new Map(results.map((result) => [result.id, result]));
}

function httpText(result: ProbeResult): string {
  if (result.httpStatus !== null) return `HTTP ${result.httpStatus}`;
  return result.errorCode ?? 'no HTTP status';
}

/** What a violated keyword looks like in an answer, for the NOT ENFORCED sentence. */
const VIOLATION_TEXT: Readonly<Record<string, string>> = {
  uniqueItems: 'duplicates returned',
  minItems: 'fewer items than minItems returned',
  pattern: 'a string not matching the pattern returned',
  enum: 'a value outside the enum returned',
};

/** Droppable keywords of the candidate schema whose pair shows an outright rejection. */
export function confirmedIncompatibleKeywords(results: readonly ProbeResult[]): string[] {
  return keywordsWhere(index(results), (treatment) => treatment.status === 'FAIL' && treatment.finding === 'rejected');
}

function keywordsWhere(results: ResultIndex, predicate: (treatment: ProbeResult) => boolean): string[] {
  const used = new Set(schemaKeywordsUsed(CANDIDATE_SCHEMA, KEYWORD_PAIRS.map((pair) => pair.keyword)));
  const keywords = KEYWORD_PAIRS.filter((pair) => {
    const control = results.get(pair.control);
    const treatment = results.get(pair.treatment);
    return pair.droppable && used.has(pair.keyword) && control?.status === 'PASS' && treatment !== undefined && predicate(treatment);
  }).map((pair) => pair.keyword);
  return [...new Set(keywords)].sort();
}

function pairConclusion(pair: KeywordPair, results: ResultIndex): Conclusion {
  const control = results.get(pair.control);
  const treatment = results.get(pair.treatment);
  const probes: ProbeId[] = [pair.control, pair.treatment];
  const inconclusive = (why: string): Conclusion => ({ subject: pair.subject, status: 'INCONCLUSIVE', statement: `${pair.subject}: INCONCLUSIVE — ${why}.`, probes });
  if (treatment === undefined || treatment.status.startsWith('SKIPPED')) {
    return inconclusive(`probe \`${pair.treatment}\` did not run (${treatment?.status ?? 'not planned'})`);
  }
  if (control?.status !== 'PASS') return inconclusive(`the control probe \`${pair.control}\` did not pass, so nothing can be attributed to ${pair.keyword}`);
  if (treatment.status === 'PASS') {
    return { subject: pair.subject, status: 'CONFIRMED_SUPPORTED', statement: `${pair.subject}: CONFIRMED — ${pair.supportedText} (probe \`${pair.treatment}\` passed).`, probes };
  }
  if (treatment.finding === 'rejected') {
    return {
      subject: pair.subject,
      status: 'CONFIRMED_INCOMPATIBLE',
      statement: `${pair.subject}: CONFIRMED incompatible, because probe \`${pair.control}\` passed and the otherwise identical probe \`${pair.treatment}\` failed (${httpText(treatment)}).`,
      probes,
    };
  }
  if (treatment.finding === 'not-enforced') {
    const shown = VIOLATION_TEXT[pair.keyword] ?? 'an answer violating the schema returned';
    return {
      subject: pair.subject,
      status: 'NOT_ENFORCED',
      statement: `${pair.subject}: accepted but NOT ENFORCED (${shown}) — probe \`${pair.treatment}\` got HTTP 200 with an answer that fails local validation; only local validation guards it.`,
      probes,
    };
  }
  return inconclusive(`probe \`${pair.treatment}\` failed with ${treatment.errorCode ?? treatment.finding}, which says nothing about ${pair.keyword}`);
}

function exactSchemaConclusion(profile: DeploymentProfile, results: ResultIndex): Conclusion {
  const exact = results.get('exact-schema');
  const declared = results.get('declared-projection');
  const recommended = results.get('recommended-projection');
  const probes: ProbeId[] = ['exact-schema'];
  if (exact === undefined || exact.status.startsWith('SKIPPED')) {
    return { subject: 'exactSchema', status: 'INCONCLUSIVE', statement: `exactSchema: INCONCLUSIVE — probe \`exact-schema\` did not run (${exact?.status ?? 'not planned'}).`, probes };
  }
  if (exact.status === 'PASS') {
    return { subject: 'exactSchema', status: 'CONFIRMED_SUPPORTED', statement: 'exactSchema: CONFIRMED — the unchanged exact candidate schema was accepted and its answer validated locally.', probes };
  }
  if (exact.finding === 'not-enforced') {
    return { subject: 'exactSchema', status: 'NOT_ENFORCED', statement: 'exactSchema: accepted but NOT ENFORCED — the exact candidate schema was accepted, but the answer fails local validation.', probes };
  }
  if (exact.finding !== 'rejected') {
    return { subject: 'exactSchema', status: 'INCONCLUSIVE', statement: `exactSchema: INCONCLUSIVE — probe \`exact-schema\` failed with ${exact.errorCode ?? exact.finding}.`, probes };
  }
  if (recommended?.status === 'PASS') {
    const dropped = recommended.feature.replace(/^candidate schema without /, '');
    return {
      subject: 'exactSchema',
      status: 'CONFIRMED_INCOMPATIBLE',
      statement: `exactSchema: CONFIRMED — the unchanged exact schema was rejected (${httpText(exact)}) while the exact clone with only ${dropped} removed passed.`,
      probes: [...probes, 'recommended-projection'],
    };
  }
  if (declared?.status === 'PASS' && profile.structuredOutput.projection !== undefined) {
    const projection = profile.structuredOutput.projection;
    return {
      subject: 'exactSchema',
      status: 'CONFIRMED_INCOMPATIBLE',
      statement: `exactSchema: CONFIRMED — the unchanged exact schema was rejected (${httpText(exact)}) while the declared projection ${projection.name} (drops ${projection.dropKeywords.join(', ')}) passed.`,
      probes: [...probes, 'declared-projection'],
    };
  }
  const incompatible = confirmedIncompatibleKeywords([...results.values()]);
  return {
    subject: 'exactSchema',
    status: 'CONFIRMED_INCOMPATIBLE',
    statement:
      incompatible.length > 0
        ? `exactSchema: CONFIRMED incompatible — the unchanged exact schema was rejected (${httpText(exact)}); it uses ${incompatible.join(', ')}, confirmed incompatible above.`
        : `exactSchema: REJECTED (${httpText(exact)}) — no isolated keyword probe explains it; inspect the canonical diagnostic.`,
    probes,
  };
}

function declaredProjectionConclusion(profile: DeploymentProfile, results: ResultIndex): Conclusion | null {
  const projection = profile.structuredOutput.projection;
  const result = results.get('declared-projection');
  if (projection === undefined || result === undefined) return null;
  const name = `declared projection ${projection.name}`;
  const probes: ProbeId[] = ['declared-projection'];
  if (result.status === 'PASS') {
    return { subject: 'declaredProjection', status: 'CONFIRMED_SUPPORTED', statement: `declaredProjection: CONFIRMED — the ${name} was accepted and its answer validated against the exact schema locally.`, probes };
  }
  if (result.finding === 'rejected') {
    return { subject: 'declaredProjection', status: 'CONFIRMED_INCOMPATIBLE', statement: `declaredProjection: REJECTED — the ${name} was rejected (${httpText(result)}); it does not drop every incompatible keyword.`, probes };
  }
  if (result.finding === 'not-enforced') {
    return { subject: 'declaredProjection', status: 'NOT_ENFORCED', statement: `declaredProjection: accepted but the answer fails exact local validation.`, probes };
  }
  return { subject: 'declaredProjection', status: 'INCONCLUSIVE', statement: `declaredProjection: INCONCLUSIVE — probe \`declared-projection\` ${result.status.startsWith('SKIPPED') ? `did not run (${result.status})` : `failed with ${result.errorCode ?? result.finding}`}.`, probes };
}

function behaviourConclusion(profile: DeploymentProfile, results: ResultIndex, id: ProbeId): Conclusion | null {
  const result = results.get(id);
  if (result === undefined) return null;
  const probes: ProbeId[] = [id];
  const skippedOrFailed = `INCONCLUSIVE — probe \`${id}\` ${result.status.startsWith('SKIPPED') ? `did not run (${result.status})` : `ended ${result.status} (${result.errorCode ?? result.finding})`}.`;
  switch (id) {
    case 'truncation': {
      const field = profile.generation.maxTokensField;
      if (result.finding === 'cap-enforced') {
        return { subject: 'maxOutputTokens', status: 'ENFORCED', statement: `max tokens: ENFORCED (finish_reason length with a ${TRUNCATION_TOKEN_BUDGET}-token budget sent as ${field}).`, probes };
      }
      if (result.finding === 'cap-ignored') {
        return { subject: 'maxOutputTokens', status: 'IGNORED', statement: `max tokens: IGNORED (finish_reason stop with a ${TRUNCATION_TOKEN_BUDGET}-token budget sent as ${field}); the endpoint drops the cap silently.`, probes };
      }
      return { subject: 'maxOutputTokens', status: 'INCONCLUSIVE', statement: `max tokens: ${skippedOrFailed}`, probes };
    }
    case 'model-not-found':
      if (result.finding === 'unknown-model-rejected') {
        return { subject: 'unknownModel', status: 'CONFIRMED_SUPPORTED', statement: `unknown model: CONFIRMED refused (${httpText(result)} ${result.errorCode ?? ''}).`.replace(' )', ')'), probes };
      }
      if (result.finding === 'unknown-model-accepted') {
        return { subject: 'unknownModel', status: 'SUSPECT', statement: 'unknown model: ANSWERED — the endpoint served a request for a model that does not exist; only the identity lock protects against substitution.', probes };
      }
      return { subject: 'unknownModel', status: 'INCONCLUSIVE', statement: `unknown model: ${skippedOrFailed}`, probes };
    case 'identity-echo':
      if (result.status === 'PASS') return { subject: 'identity', status: 'CONFIRMED_SUPPORTED', statement: `identity: CONFIRMED — ${result.diagnostic}.`, probes };
      if (result.finding === 'identity-unverifiable') {
        return { subject: 'identity', status: 'UNVERIFIABLE', statement: `identity: UNVERIFIABLE — no route identity (${result.diagnostic.replace(/^route identity UNVERIFIABLE: /, '')}); only development profiles may use this route.`, probes };
      }
      if (result.finding === 'identity-mismatch') {
        return { subject: 'identity', status: 'SUSPECT', statement: 'identity: MISMATCH — the model or provider that answered is not the one the profile locks; analyses through this profile fail closed.', probes };
      }
      return { subject: 'identity', status: 'INCONCLUSIVE', statement: `identity: ${skippedOrFailed}`, probes };
    case 'usage-sanity':
      if (result.status === 'PASS') return { subject: 'usage', status: 'CONFIRMED_SUPPORTED', statement: `usage: CONFIRMED consistent — ${result.diagnostic.replace(/^usage consistent: /, '')}.`, probes };
      if (result.finding === 'usage-suspect') {
        const inflated = (result.observations.inputTokens ?? 0) >= 2000;
        return {
          subject: 'usage',
          status: 'SUSPECT',
          statement: inflated
            ? `usage: INFLATED — a tiny prompt was reported as ${result.observations.inputTokens} prompt tokens, the fingerprint of a gateway that adds ~2000 tokens (9Router); token and cost figures from this route are not trustworthy.`
            : `usage: SUSPECT — ${result.diagnostic}.`,
          probes,
        };
      }
      return { subject: 'usage', status: 'INCONCLUSIVE', statement: `usage: ${skippedOrFailed}`, probes };
    default:
      return null;
  }
}

export function buildConclusions(profile: DeploymentProfile, results: readonly ProbeResult[]): Conclusion[] {
  const byId = index(results);
  const conclusions: Conclusion[] = [];
  if (profile.structuredOutput.mode === 'jsonSchema') {
    for (const pair of KEYWORD_PAIRS) conclusions.push(pairConclusion(pair, byId));
    conclusions.push(exactSchemaConclusion(profile, byId));
    const declared = declaredProjectionConclusion(profile, byId);
    if (declared !== null) conclusions.push(declared);
  }
  for (const id of ['truncation', 'model-not-found', 'identity-echo', 'usage-sanity'] as const) {
    const conclusion = behaviourConclusion(profile, byId, id);
    if (conclusion !== null) conclusions.push(conclusion);
  }
  return conclusions;
}

export function recommendProjection(profile: DeploymentProfile, results: readonly ProbeResult[]): RecommendedProjection {
  const byId = index(results);
  const dropKeywords = keywordsWhere(byId, (treatment) => treatment.status === 'FAIL' && treatment.finding === 'rejected');
  const unenforcedKeywords = keywordsWhere(byId, (treatment) => treatment.status === 'FAIL' && treatment.finding === 'not-enforced');
  const declared = profile.structuredOutput.projection;
  const alreadyDeclared = declared !== undefined && dropKeywords.every((keyword) => declared.dropKeywords.includes(keyword));
  const unenforcedNote =
    unenforcedKeywords.length > 0
      ? ` The endpoint accepts but does not enforce ${unenforcedKeywords.map((keyword) => `\`${keyword}\``).join(', ')}: keep sending them, declare them under capabilities.jsonSchemaKeywords.unsupported, and rely on local validation.`
      : '';
  let statement: string;
  if (dropKeywords.length === 0) {
    statement = `No projection is needed: no keyword of the candidate schema was confirmed incompatible.${unenforcedNote}`;
  } else if (alreadyDeclared && declared !== undefined) {
    statement = `The declared projection \`${declared.name}\` already drops ${dropKeywords.map((keyword) => `\`${keyword}\``).join(', ')}. Keep the unchanged candidate schema and local Ajv validation; local validation remains authoritative for the dropped keywords.${unenforcedNote}`;
  } else {
    const list = dropKeywords.map((keyword) => `\`${keyword}\``).join(', ');
    statement =
      `Declare a separately reviewed provider-facing projection that recursively removes only ${list} ` +
      `(structuredOutput.projection: { name: <name>, dropKeywords: [${dropKeywords.join(', ')}] }) and list the same keyword(s) under capabilities.jsonSchemaKeywords.unsupported. ` +
      `Keep every other keyword, the unchanged candidate schema and local Ajv validation; local validation remains authoritative for the full output contract.${unenforcedNote}`;
  }
  return { dropKeywords, unenforcedKeywords, alreadyDeclared, statement };
}
