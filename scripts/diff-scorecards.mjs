#!/usr/bin/env node
/**
 * What a rule change moved: the bumps whose prediction differs between two scorecards of the
 * same dataset (`depverdict eval … --out <dir>` before and after the change), each marked `+`
 * (now right), `-` (now wrong) or ` ` (wrong both times), then the totals:
 *
 *   node scripts/diff-scorecards.mjs before/scorecard.json after/scorecard.json
 *
 * A rule is kept only when its `+` outweigh its `-` on the whole set (docs/evaluation.md).
 */
import { readFileSync } from 'node:fs';

const paths = process.argv.slice(2);
if (paths.length !== 2) throw new Error('usage: diff-scorecards.mjs <before/scorecard.json> <after/scorecard.json>');
const [before, after] = paths.map((path) => JSON.parse(readFileSync(path, 'utf8')));
const firstPrediction = (sample) => [].concat(sample.predicted)[0];
const earlier = new Map(before.samples.map((sample) => [sample.case, sample]));
let gained = 0;
let lost = 0;
for (const sample of after.samples) {
  const old = earlier.get(sample.case);
  const was = old === undefined ? 'new' : firstPrediction(old);
  const now = firstPrediction(sample);
  if (was === now) continue;
  const mark = sample.correct && !old?.correct ? '+' : !sample.correct && old?.correct ? '-' : ' ';
  if (mark === '+') gained += 1;
  if (mark === '-') lost += 1;
  console.log(`${mark} ${sample.case}: ${was} → ${now} (label ${sample.expected})`);
}
const right = (scorecard) => scorecard.samples.filter((sample) => sample.correct).length;
console.log(`right ${right(before)}/${before.samples.length} → ${right(after)}/${after.samples.length} (+${gained} −${lost})`);
