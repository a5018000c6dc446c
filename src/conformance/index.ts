/** Public surface of conformance mode, for the action and the CLI. */
export { runConformance, CONFORMANCE_JSON, CONFORMANCE_MARKDOWN, type ConformanceOptions, type ConformanceOutcome } from './run-conformance.js';
export { checkQualification, evaluateQualification, qualificationLine, requireQualification, QualificationError, QUALIFYING_VERDICTS, type QualificationCheck, type QualificationExpectation } from './qualification.js';
export { ConformanceError } from './conformance-error.js';
export { DEFAULT_MAX_REQUESTS } from './probes.js';
export type { ConformanceDocument, ConformanceVerdict, QualificationRecord, ProbeResult } from './types.js';
