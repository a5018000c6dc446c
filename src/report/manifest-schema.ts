import { RUNTIME_ERROR_CODES } from '../runtime/contract.js';
import {
  BUMP_DIRECTIONS,
  DEPENDENCY_TYPES,
  DETECTION_WARNING_CODES,
  ECOSYSTEMS,
  EVIDENCE_COVERAGES,
  EVIDENCE_KINDS,
  FINDING_KINDS,
  HUMAN_REVIEW_REASONS,
  MANIFEST_CHANGE_EFFECTS,
  MANIFEST_CHANGE_FACTS,
  NEXT_ACTIONS,
  RESULT_STATUSES,
  RISK_LEVELS,
  SEMVER_CLASSES,
  TRUST_ISSUE_CODES,
  VERSION_SOURCES,
  IMPORT_KINDS,
  USAGE_STATUSES,
  API_CHANGES,
  USE_MATCHES,
} from './schema-vocabulary.js';
import { REPORT_BOUNDS, USAGE_TEXT_BOUNDS } from '../usage/describe-usage.js';

/**
 * JSON Schema (draft 2020-12) of `version-analysis.json`, the portable manifest.
 * It lives here as a TS object (the bundler does not need JSON import attributes) and is
 * published as docs/schemas/version-analysis.schema.json; a test keeps the two equal.
 *
 * Every object is closed (`additionalProperties: false`) so telemetry cannot creep in:
 * the manifest holds identity and trusted semantics only, never timings, usage or cost.
 * Text bounds are generous on purpose: the candidate schema already bounds model text,
 * and a too-tight bound here would lose a whole run's results over one long registry string.
 */

const DIGEST = { type: 'string', pattern: '^sha256:[a-f0-9]{64}$' };
/**
 * 1.1.0: manifestChanges in registry signals, apiSurface evidence, installPaths on bumps, the packageManager dependency type.
 * 1.2.0: the github-actions ecosystem: `action` on its bumps, `actionPin` in its registry signals, the action and
 * reusableWorkflow dependency types, WORKFLOW_UNPARSEABLE and ACTION_REFERENCE_UNUSABLE detection warnings;
 * `usage` on every result (the repository scan), `usage` evidence, the BREAKING_API_IN_USE review reason.
 * 1.3.0: `commitLog` evidence (the commits between the two tags, read when no release text exists).
 * 1.4.0: `subjects` on each manifest change: the names it is about (subpaths, commands, peers, dependencies), at
 * most 20, and `subjectCount`, how many in all.
 * 1.5.0: `callForms` on a usage check that only some call forms of a name were removed ("`res.json(status, obj)`
 * signature"): the argument counts a call must have to be a use.
 * 1.6.0: `publishersCompared` in registry signals: whether both versions name their publisher, so a null
 * `publisherChanged` can be told apart as "unchanged" or "not known".
 */
export const MANIFEST_SCHEMA_VERSION = '1.6.0';

const TEXT = { type: 'string', maxLength: 20000 };
const SHORT_TEXT = { type: 'string', maxLength: 1000 };
const NULLABLE_SHORT_TEXT = { type: ['string', 'null'], maxLength: 1000 };
const NAME_LIST = { type: 'array', items: SHORT_TEXT };
const RISK_LEVEL = { type: 'string', enum: RISK_LEVELS };
const DEPENDENCY_TYPE = { type: 'string', enum: DEPENDENCY_TYPES };
const DIRECTION = { type: 'string', enum: BUMP_DIRECTIONS };
const SEMVER_CLASS = { type: 'string', enum: SEMVER_CLASSES };
const EVIDENCE_KIND = { type: 'string', enum: EVIDENCE_KINDS };
const COUNT = { type: 'integer', minimum: 0 };
const STRING_MAP = { type: 'object', additionalProperties: SHORT_TEXT };

function closedObject(properties: Record<string, unknown>, optional: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', additionalProperties: false, required: Object.keys(properties), properties: { ...properties, ...optional } };
}

const ECOSYSTEM = { type: 'string', enum: ECOSYSTEMS };

function uniqueList(items: Record<string, unknown>): Record<string, unknown> {
  return { type: 'array', uniqueItems: true, items };
}

const FROM_TO_TEXT = { anyOf: [{ type: 'null' }, closedObject({ from: NULLABLE_SHORT_TEXT, to: NULLABLE_SHORT_TEXT })] };

const REGISTRY_SIGNALS = {
  anyOf: [
    { type: 'null' },
    closedObject({
      versionsInRange: COUNT,
      // No `format` here: a registry's odd timestamp must not cost the whole run its manifest.
      targetPublishedAt: NULLABLE_SHORT_TEXT,
      targetDeprecated: { type: ['string', 'null'], maxLength: 20000 },
      installScriptsAdded: NAME_LIST,
      installScriptsRemoved: NAME_LIST,
      provenanceLost: { type: 'boolean' },
      provenanceGained: { type: 'boolean' },
      publishersCompared: { type: 'boolean' },
      publisherChanged: FROM_TO_TEXT,
      licenseChanged: FROM_TO_TEXT,
      enginesChanged: { anyOf: [{ type: 'null' }, closedObject({ from: STRING_MAP, to: STRING_MAP })] },
      newDependencies: NAME_LIST,
      lockfileIntegrityMismatch: { anyOf: [{ type: 'null' }, closedObject({ lockfile: SHORT_TEXT, registry: SHORT_TEXT })] },
      manifestChanges: {
        type: 'array',
        maxItems: 20,
        items: closedObject({
          fact: { type: 'string', enum: MANIFEST_CHANGE_FACTS },
          effect: { type: 'string', enum: MANIFEST_CHANGE_EFFECTS },
          subjects: { type: 'array', maxItems: 20, items: SHORT_TEXT },
          subjectCount: COUNT,
        }),
      },
    }, {
      // github-actions results only.
      actionPin: closedObject({ mismatch: { type: ['string', 'null'], maxLength: 2000 }, pinningWeakened: { type: 'boolean' } }),
    }),
  ],
};

const REPOSITORY_PATH = { type: 'string', minLength: 1, maxLength: USAGE_TEXT_BOUNDS.path };
const USAGE_NAME = { type: 'string', minLength: 1, maxLength: USAGE_TEXT_BOUNDS.name };

/** Where the repository uses the package (docs/usage-scan.md); paths and names are repository text. */
const USAGE = closedObject({
  status: { type: 'string', enum: USAGE_STATUSES },
  note: { type: ['string', 'null'], maxLength: REPORT_BOUNDS.noteChars },
  fileCount: COUNT,
  files: {
    type: 'array',
    maxItems: REPORT_BOUNDS.files,
    items: closedObject({
      path: REPOSITORY_PATH,
      imports: {
        type: 'array',
        maxItems: REPORT_BOUNDS.importsPerFile,
        items: closedObject({
          line: COUNT,
          kind: { type: 'string', enum: IMPORT_KINDS },
          specifier: { type: 'string', minLength: 1, maxLength: USAGE_TEXT_BOUNDS.specifier },
          names: { type: 'array', maxItems: USAGE_TEXT_BOUNDS.namesPerImport, items: USAGE_NAME },
        }),
      },
    }),
  },
  configMentions: {
    type: 'array',
    maxItems: REPORT_BOUNDS.configMentions,
    items: closedObject({ path: REPOSITORY_PATH, line: { type: ['integer', 'null'], minimum: 1 }, detail: NULLABLE_SHORT_TEXT }),
  },
  checkedNames: {
    type: 'array',
    maxItems: REPORT_BOUNDS.names,
    items: closedObject({
      name: USAGE_NAME,
      change: { type: 'string', enum: API_CHANGES },
      origins: uniqueList(SHORT_TEXT),
      uses: {
        type: 'array',
        maxItems: REPORT_BOUNDS.usesPerName,
        items: closedObject({ path: REPOSITORY_PATH, line: COUNT, expression: USAGE_NAME, match: { type: 'string', enum: USE_MATCHES } }),
      },
      useCount: COUNT,
    }, {
      callForms: { type: 'array', minItems: 1, maxItems: REPORT_BOUNDS.callForms, uniqueItems: true, items: { type: 'integer', minimum: 0, maximum: 255 } },
    }),
  },
});

const RESULT_ERROR_CODES = [...RUNTIME_ERROR_CODES, 'OUTPUT_JSON_INVALID', 'OUTPUT_SCHEMA_INVALID', 'CONTEXT_FAILED'];

const ANALYSIS_RESULT = closedObject({
  id: { type: 'string', minLength: 1, maxLength: 1000 },
  status: { type: 'string', enum: RESULT_STATUSES },
  contextId: { anyOf: [{ type: 'null' }, DIGEST] },
  dependency: closedObject({
    ecosystem: ECOSYSTEM,
    name: { type: 'string', minLength: 1, maxLength: 1000 },
    dependencyTypes: uniqueList(DEPENDENCY_TYPE),
    manifests: NAME_LIST,
  }),
  versions: closedObject({
    from: SHORT_TEXT,
    to: SHORT_TEXT,
    direction: DIRECTION,
    semverClass: SEMVER_CLASS,
    inRange: NAME_LIST,
  }),
  summary: TEXT,
  summaryEvidenceRefs: uniqueList(DIGEST),
  riskLevel: RISK_LEVEL,
  riskEvidenceRefs: uniqueList(DIGEST),
  findings: {
    type: 'array',
    items: closedObject({
      id: SHORT_TEXT,
      kind: { type: 'string', enum: FINDING_KINDS },
      summary: TEXT,
      appliesToVersions: uniqueList(SHORT_TEXT),
      evidenceRefs: { type: 'array', minItems: 1, uniqueItems: true, items: DIGEST },
    }),
  },
  evidence: {
    type: 'array',
    items: closedObject({
      id: DIGEST,
      kind: EVIDENCE_KIND,
      sourceId: SHORT_TEXT,
      title: SHORT_TEXT,
      sourceUrl: { type: 'string', maxLength: 2000 },
      releaseVersions: NAME_LIST,
      contentDigest: DIGEST,
    }),
  },
  evidenceCoverage: { type: 'string', enum: EVIDENCE_COVERAGES },
  missingInformation: { type: 'array', items: closedObject({ code: SHORT_TEXT, message: TEXT }) },
  registrySignals: REGISTRY_SIGNALS,
  validation: closedObject({
    schemaValid: { type: ['boolean', 'null'] },
    trustIssues: {
      type: 'array',
      items: closedObject({
        code: { type: 'string', enum: TRUST_ISSUE_CODES },
        path: SHORT_TEXT,
        message: TEXT,
      }),
    },
  }),
  humanReviewReasons: uniqueList({ type: 'string', enum: HUMAN_REVIEW_REASONS }),
  nextAction: { type: 'string', enum: NEXT_ACTIONS },
  error: { anyOf: [{ type: 'null' }, closedObject({ code: { type: 'string', enum: RESULT_ERROR_CODES }, message: TEXT })] },
  limitations: { type: 'array', items: TEXT },
  usage: USAGE,
});

const BUMP = closedObject({
  ecosystem: ECOSYSTEM,
  name: { type: 'string', minLength: 1, maxLength: 1000 },
  from: NULLABLE_SHORT_TEXT,
  to: NULLABLE_SHORT_TEXT,
  fromSpec: NULLABLE_SHORT_TEXT,
  toSpec: NULLABLE_SHORT_TEXT,
  direction: DIRECTION,
  semverClass: SEMVER_CLASS,
  dependencyTypes: uniqueList(DEPENDENCY_TYPE),
  manifests: NAME_LIST,
  lockfiles: NAME_LIST,
  installPaths: NAME_LIST,
  direct: { type: 'boolean' },
  versionSource: { type: 'string', enum: VERSION_SOURCES },
}, {
  // github-actions bumps only.
  action: closedObject({
    fromRef: SHORT_TEXT,
    toRef: SHORT_TEXT,
    fromPinned: { type: 'boolean' },
    toPinned: { type: 'boolean' },
    locations: NAME_LIST,
  }),
});

const DETECTION_WARNING = closedObject({
  code: { type: 'string', enum: DETECTION_WARNING_CODES },
  subject: SHORT_TEXT,
  message: TEXT,
});

export const MANIFEST_SCHEMA_ID = 'https://depverdict.dev/schemas/version-analysis.schema.json';

export const VERSION_ANALYSIS_SCHEMA: Record<string, unknown> = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: MANIFEST_SCHEMA_ID,
  title: 'DepVerdict version analysis manifest',
  ...closedObject({
    schemaVersion: { const: MANIFEST_SCHEMA_VERSION },
    generatedAt: { type: 'string', format: 'date-time' },
    generator: closedObject({ name: { const: 'depverdict' }, version: { type: 'string', minLength: 1, maxLength: 100 } }),
    source: closedObject({
      repository: NULLABLE_SHORT_TEXT,
      pullRequest: { type: ['integer', 'null'], minimum: 1 },
      baseRef: SHORT_TEXT,
      headRef: SHORT_TEXT,
      headSha: NULLABLE_SHORT_TEXT,
    }),
    runtime: closedObject({
      profileId: SHORT_TEXT,
      profileDigest: SHORT_TEXT,
      adapter: SHORT_TEXT,
      deterministic: { type: 'boolean' },
      requestedModel: NULLABLE_SHORT_TEXT,
    }),
    promptVersion: NULLABLE_SHORT_TEXT,
    summary: closedObject({
      verdict: { type: 'string', enum: ['proceed', 'review', 'blocked', 'withheld'] },
      maxRisk: { type: 'string', enum: ['none', 'low', 'medium', 'high', 'unknown'] },
      dependencyCount: COUNT,
      resultCount: COUNT,
      statusCounts: closedObject({ analyzed: COUNT, failed: COUNT, skipped: COUNT }),
      riskCounts: closedObject({ low: COUNT, medium: COUNT, high: COUNT, unknown: COUNT }),
      requiresHumanReview: COUNT,
    }),
    bumps: { type: 'array', items: BUMP },
    detectionWarnings: { type: 'array', items: DETECTION_WARNING },
    results: { type: 'array', items: ANALYSIS_RESULT },
    failClosed: {
      anyOf: [
        { type: 'null' },
        closedObject({ code: { type: 'string', enum: [...RUNTIME_ERROR_CODES, 'INPUT_UNUSABLE', 'QUALIFICATION_MISSING'] }, message: TEXT }),
      ],
    },
  }),
};
