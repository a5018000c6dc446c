// The `depverdict` command line: the same pipeline as the action, on local git refs or two directories.
import { main } from './cli/main.js';
import { sanitizeMessage } from './shared/redaction.js';
import { receivedTerminationSignal } from './shared/termination-signals.js';

// A reader that stops early (`depverdict context | head`) closes the pipe: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    // A cancelled run has published; exit now rather than wait for sockets the cancel left open.
    if (receivedTerminationSignal()) process.exit();
  },
  (error: unknown) => {
    process.stderr.write(`depverdict: unexpected failure: ${sanitizeMessage(error instanceof Error ? error.message : String(error), 1000)}\n`);
    process.exitCode = 1;
  },
);
