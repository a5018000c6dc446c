// The action's entry point: nothing but a call to run(), so tests can import run() directly.
import * as core from '@actions/core';
import { run } from './action/main.js';
import { sanitizeMessage } from './shared/redaction.js';
import { receivedTerminationSignal } from './shared/termination-signals.js';

run().then(
  () => {
    // A cancelled run has published; exit now rather than wait for sockets the cancel left open.
    if (receivedTerminationSignal()) process.exit();
  },
  (error: unknown) => {
    // run() handles its own failures; this is the last line of defence against a crash.
    core.setFailed(`DepVerdict crashed: ${sanitizeMessage(error instanceof Error ? error.message : String(error), 1000)}`);
  },
);
