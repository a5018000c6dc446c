import { DEPVERDICT_VERSION } from '../version.js';
import { parseCliArguments, USAGE } from './arguments.js';

/**
 * `--help` and `--version` answered before the pipeline is loaded: the full bundle (Octokit,
 * undici, Ajv, Babel, tar…) takes several times bare Node's start-up to load, and neither answer
 * needs any of it. Anything else — including a usage error, which main() reports in its own
 * words — returns null and goes through main().
 */
export function quickAnswer(argv: string[]): string | null {
  let command: string;
  try {
    command = parseCliArguments(argv).command;
  } catch {
    return null;
  }
  if (command === 'help') return `${USAGE}\n`;
  if (command === 'version') return `depverdict ${DEPVERDICT_VERSION}\n`;
  return null;
}
