/** File and artifact names of a run's outputs: what the pipeline writes and the action uploads. */
export const ArtifactNames = { manifest: 'version-analysis', trace: 'depverdict-trace' } as const;

export const MANIFEST_FILE = 'version-analysis.json';
export const TRACE_FILE = 'trace.json';
export const COMMENT_FILE = 'comment.md';
