/** The report layer: pure builders and renderers, plus validate-then-write for the two artifacts. */
export { computeVerdict, maxRisk, verdictReason, withheldReason, RISK_RANK, type MaxRisk } from './verdict.js';
export {
  buildManifest,
  validateManifest,
  checkManifest,
  writeManifest,
  serialiseManifest,
  MANIFEST_FILE_NAME,
  type VersionAnalysisManifest,
  type ManifestSummary,
} from './manifest.js';
export { buildTrace, validateTrace, checkTrace, writeTrace, TRACE_FILE_NAME, type ExecutionTrace, type TraceCall } from './trace.js';
export { renderComment, renderJobSummary, COMMENT_MARKER, GITHUB_COMMENT_LIMIT, type CommentOptions } from './comment.js';
export { escapeInline, escapeHtmlText, codeSpan, safeLink, safeHttpsUrl } from './markdown.js';
export { ReportValidationError } from './report-error.js';
export { VERSION_ANALYSIS_SCHEMA } from './manifest-schema.js';
export { TRACE_SCHEMA } from './trace-schema.js';
