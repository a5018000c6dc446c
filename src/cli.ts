// The `depverdict` command line: the same pipeline as the action, on local git refs or two directories.
import { quickAnswer } from './cli/quick-answer.js';

// A reader that stops early (`depverdict context | head`) closes the pipe: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const argv = process.argv.slice(2);
const quick = quickAnswer(argv);
if (quick !== null) {
  process.stdout.write(quick);
} else {
  // Loaded only when there is work to do (the bundler puts it in a separate chunk).
  const [{ main }, { sanitizeMessage }, { receivedTerminationSignal }] = await Promise.all([
    import('./cli/main.js'),
    import('./shared/redaction.js'),
    import('./shared/termination-signals.js'),
  ]);
  await main(argv).then(
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
}
