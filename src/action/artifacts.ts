import { DefaultArtifactClient } from '@actions/artifact';
import { dirname } from 'node:path';

/** Uploads one file as a named workflow artifact. Behind an interface so the CLI and tests can differ. */
export interface ArtifactUploader {
  upload(name: string, filePath: string): Promise<{ id: number | null; size: number | null }>;
}

/**
 * The real uploader (@actions/artifact, the same service actions/upload-artifact uses).
 * Returns null outside a runner, where the artifact service is not configured; the caller
 * says so instead of failing.
 */
export function createArtifactUploader(env: NodeJS.ProcessEnv): ArtifactUploader | null {
  if (!env.ACTIONS_RUNTIME_TOKEN || !env.ACTIONS_RESULTS_URL) return null;
  const client = new DefaultArtifactClient();
  return {
    async upload(name, filePath) {
      const response = await client.uploadArtifact(name, [filePath], dirname(filePath), { retentionDays: 30 });
      return { id: response.id ?? null, size: response.size ?? null };
    },
  };
}
