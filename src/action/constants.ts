/** Input and output names of action.yml, in one place (a rename is a breaking change). */
export const Inputs = {
  githubToken: 'github-token',
  profile: 'profile',
  apiKey: 'api-key',
  failOn: 'fail-on',
  outputDir: 'output-dir',
  npmRegistry: 'npm-registry',
  npmToken: 'npm-token',
  comment: 'comment',
  uploadArtifacts: 'upload-artifacts',
  cache: 'cache',
  reuse: 'reuse',
  pullRequest: 'pull-request',
  mode: 'mode',
  qualification: 'qualification',
  approval: 'approval',
  timeout: 'timeout',
} as const;

export const Outputs = {
  verdict: 'verdict',
  maxRisk: 'max-risk',
  requiresHumanReview: 'requires-human-review',
  dependencyCount: 'dependency-count',
  manifestPath: 'manifest-path',
  tracePath: 'trace-path',
  commentUrl: 'comment-url',
  conformanceVerdict: 'conformance-verdict',
  conformanceReportPath: 'conformance-report-path',
} as const;

/** How the action's users give a model API key explicitly; named when a profile's key is missing. */
export const EXPLICIT_KEY_SOURCE = `pass one in the ${Inputs.apiKey} input (from a GitHub secret, e.g. \${{ secrets.MODEL_API_KEY }})`;

// Output names live with the report layer, which the pipeline (below the action) also uses.
export { ArtifactNames, COMMENT_FILE, MANIFEST_FILE, TRACE_FILE } from '../report/output-files.js';
