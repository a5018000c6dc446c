import { join, resolve } from 'node:path';
import type { Dispatcher } from 'undici';
import type { LoadedProfile } from '../runtime/profiles/load-profile.js';
import { writeFileAtomic } from '../shared/atomic-write.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redaction.js';
import { runProbes, type ProbeRunOptions } from './probes.js';
import { buildConformanceDocument } from './report.js';
import { renderConformanceMarkdown } from './report-markdown.js';
import type { ConformanceDocument, ConformanceVerdict } from './types.js';

/**
 * Conformance mode end to end: probes → document → conformance.md + conformance.json,
 * each written atomically. The action and the CLI call this and map `failed` to the exit
 * status; neither needs to know about probes.
 */

export const CONFORMANCE_JSON = 'conformance.json';
export const CONFORMANCE_MARKDOWN = 'conformance.md';

export interface ConformanceOptions {
  profile: LoadedProfile;
  apiKey?: string;
  explicitKeySource?: ProbeRunOptions['explicitKeySource'];
  env: NodeJS.ProcessEnv;
  outDir: string;
  logger: Logger;
  now: () => Date;
  dispatcher?: Dispatcher;
  /** Request budget; DEFAULT_MAX_REQUESTS when absent. */
  maxRequests?: number;
  onProbeStart?: ProbeRunOptions['onProbeStart'];
}

export interface ConformanceOutcome {
  verdict: ConformanceVerdict;
  markdown: string;
  jsonPath: string;
  markdownPath: string;
  /** The document's `failed`: not executed, NON_CONFORMANT, or a declared capability not observed. */
  failed: boolean;
  document: ConformanceDocument;
}

export async function runConformance(options: ConformanceOptions): Promise<ConformanceOutcome> {
  const run = await runProbes({
    profile: options.profile,
    apiKey: options.apiKey,
    explicitKeySource: options.explicitKeySource,
    env: options.env,
    dispatcher: options.dispatcher,
    logger: options.logger,
    maxRequests: options.maxRequests,
    onProbeStart: options.onProbeStart,
  });
  const document = buildConformanceDocument(options.profile, run, options.now());
  // Everything in the document is already sanitized; redaction here is the last line of defence.
  const json = redact(`${JSON.stringify(document, null, 2)}\n`);
  const markdown = redact(renderConformanceMarkdown(document));
  const jsonPath = join(resolve(options.outDir), CONFORMANCE_JSON);
  const markdownPath = join(resolve(options.outDir), CONFORMANCE_MARKDOWN);
  await writeFileAtomic(jsonPath, json);
  await writeFileAtomic(markdownPath, markdown);
  options.logger.info(`conformance for profile ${document.configuration.profileId}: ${document.verdict} (${run.requestsUsed}/${run.maxRequests} requests)`);
  return { verdict: document.verdict, markdown, jsonPath, markdownPath, failed: document.failed, document };
}
