#!/usr/bin/env node
/**
 * Scores a wave's first run: the last <count> bumps of bumps.json (the wave just merged) against
 * a scorecard written by `depverdict eval --dataset npm-labelled … --out <dir>` with the rules
 * frozen before the wave's labels were read (step 3 of "Adding a wave" in README.md):
 *
 *   node datasets/npm-labelled/score-first-run.mjs <dir>/scorecard.json <count>
 *
 * Prints one line per bump (label, prediction, the semver rule's answer) and the two totals.
 * The labels are today's consensus in bumps.json, so run it after `add-wave.mjs readings`.
 * The semver rule is src/evaluation/semver-rule.ts's: plain semver.diff, a 0.x minor is minor.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const [scorecardPath, countText] = process.argv.slice(2);
const count = Number(countText);
if (!scorecardPath || !Number.isInteger(count) || count < 1) {
  throw new Error('usage: score-first-run.mjs <scorecard.json> <count of the wave\'s bumps>');
}

/** src/evaluation/semver-rule.ts, restated for a script that runs without a TypeScript build. */
function semverRule(bump) {
  const kind = semver.diff(bump.from, bump.to);
  if (kind === 'major' || kind === 'premajor') return 'high';
  if (kind === 'minor' || kind === 'preminor') return 'medium';
  return 'low';
}

const dataset = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'bumps.json'), 'utf8'));
const bumps = dataset.bumps.slice(-count);
const scorecard = JSON.parse(readFileSync(scorecardPath, 'utf8'));
const byCase = new Map(scorecard.samples.map((sample) => [sample.case, sample]));
let right = 0;
let semverRight = 0;
for (const bump of bumps) {
  const label = `${bump.name} ${bump.from} → ${bump.to}`;
  const sample = byCase.get(label);
  if (sample === undefined) throw new Error(`${label} is not in ${scorecardPath}: was the scorecard written after the wave was merged?`);
  // The first repeat's prediction; `depverdict eval` checks that repeats agree.
  const predicted = [].concat(sample.predicted)[0];
  const rule = semverRule(bump);
  right += predicted === bump.expected ? 1 : 0;
  semverRight += rule === bump.expected ? 1 : 0;
  console.log(`${label.padEnd(44)} label ${bump.expected.padEnd(6)} predicted ${String(predicted).padEnd(7)}${predicted === bump.expected ? '  ' : '✗ '} semver ${rule}`);
}
const percent = (value) => `${((100 * value) / count).toFixed(1)}%`;
console.log(`first run ${right}/${count} = ${percent(right)}; semver rule ${semverRight}/${count} = ${percent(semverRight)}`);
