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
  pullRequest: 'pull-request',
  mode: 'mode',
  qualification: 'qualification',
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

export const ArtifactNames = { manifest: 'version-analysis', trace: 'depverdict-trace' } as const;

export const MANIFEST_FILE = 'version-analysis.json';
export const TRACE_FILE = 'trace.json';
export const COMMENT_FILE = 'comment.md';
