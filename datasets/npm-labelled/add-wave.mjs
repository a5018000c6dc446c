#!/usr/bin/env node
/**
 * Adds a wave of labelled bumps to bumps.json, in the two steps around recording:
 *
 *   node datasets/npm-labelled/add-wave.mjs merge <labels.json> [...]   append reviewers' entries
 *   node datasets/npm-labelled/record-labelled-registry.mjs --only …   record both tarballs
 *   node datasets/npm-labelled/record-repository.mjs --clones … --only …
 *   node datasets/npm-labelled/add-wave.mjs link                      name each quote's recorded file
 *
 * and one step after it, when other reviewers have read the same bumps blind:
 *
 *   node datasets/npm-labelled/add-wave.mjs readings <second.json> [<third.json> ...]
 *
 * `merge` takes the JSON arrays reviewers write (the shape in README.md "Labelling rules"; a
 * `source.path` naming the changelog file is accepted and dropped), keeps only the keys
 * bumps.json allows, and refuses a bump that is already in the set. `link` then sets
 * `source.recorded` for every bump whose quote it finds in the recorded repository file (the
 * changelog at the tag, or the commit messages of the comparison), and marks a quote found in
 * the target tarball's own changelog as `tarball-changelog`; it lists what it could not link
 * (a release page, a commit outside the recorded range), which the accuracy test then checks by
 * URL only. `merge` and `link` never touch a label.
 *
 * `readings` adds independent readings (JSON arrays of `{ name, from, to, expected, reason }`,
 * written by reviewers who saw neither the first label nor any analyzer's output) to each bump's
 * `labels`, the first reviewer's label first, and sets `expected` to their consensus
 * (src/evaluation/label-agreement.ts: two that agree, or the median of three). It writes nothing
 * while any bump's readings are split without a third; it lists those bumps instead, so a third
 * reviewer can read them. Each reading records its reader (`by`: the file's folder and name), so
 * running it twice, or giving a file twice, is refused rather than outvoting the first reader; a
 * third reading is accepted only where the first two split.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHANGELOG_NAME, encodePackageName } from '../../scripts/lib/registry-recording.mjs';

const labelledDirectory = dirname(fileURLToPath(import.meta.url));
const bumpsPath = join(labelledDirectory, 'bumps.json');
const ENTRY_KEYS = ['name', 'from', 'to', 'expected', 'security', 'advisories', 'tarballChangelog', 'quote', 'reason', 'source'];
const SOURCE_KEYS = ['kind', 'url', 'repository', 'tag', 'recorded'];

async function readDataset() {
  return JSON.parse(await readFile(bumpsPath, 'utf8'));
}

/** Written whole or not at all: a temporary file renamed over bumps.json. */
async function writeDataset(dataset) {
  const temporary = `${bumpsPath}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(dataset, null, 2)}\n`);
  await rename(temporary, bumpsPath);
}

const keyOf = (bump) => `${bump.name} ${bump.from} → ${bump.to}`;

async function merge(files) {
  if (files.length === 0) throw new Error('merge needs at least one JSON file of labelled bumps');
  const dataset = await readDataset();
  const known = new Set(dataset.bumps.map(keyOf));
  let added = 0;
  for (const file of files) {
    const entries = JSON.parse(await readFile(file, 'utf8'));
    if (!Array.isArray(entries)) throw new Error(`${file}: expected a JSON array of labelled bumps`);
    for (const entry of entries) {
      if (known.has(keyOf(entry))) throw new Error(`${file}: ${keyOf(entry)} is already in bumps.json`);
      const source = Object.fromEntries(SOURCE_KEYS.filter((key) => entry.source?.[key] !== undefined).map((key) => [key, entry.source[key]]));
      const kept = Object.fromEntries(ENTRY_KEYS.filter((key) => entry[key] !== undefined).map((key) => [key, key === 'source' ? source : entry[key]]));
      if (kept.security !== true) delete kept.advisories;
      dataset.bumps.push(kept);
      known.add(keyOf(entry));
      added += 1;
    }
  }
  await writeDataset(dataset);
  console.log(`added ${added} bump(s); bumps.json now holds ${dataset.bumps.length}`);
}

/** The text of the target tarball's changelog files (tar is on every runner; the tarball is recorded data). */
function tarballChangelogText(bump) {
  const tarball = join(labelledDirectory, 'registry', 'tarballs', `${encodePackageName(bump.name)}-${bump.to}.tgz`);
  if (!existsSync(tarball)) return null;
  const members = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n');
  const changelogs = members.filter((member) => CHANGELOG_NAME.test(member.split('/').pop() ?? ''));
  return changelogs.map((member) => execFileSync('tar', ['-xzOf', tarball, '--', member], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })).join('\n');
}

/** The repository recorded for this bump: the label's, or the one the recorded packument names (renamed repositories). */
async function repositoriesOf(bump) {
  const names = [bump.source.repository.toLowerCase()];
  const packument = JSON.parse(await readFile(join(labelledDirectory, 'registry', 'packuments', `${encodePackageName(bump.name)}.json`), 'utf8'));
  const declared = packument.versions?.[bump.to]?.repository;
  const url = typeof declared === 'string' ? declared : declared?.url;
  const match = /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?(?:[#/].*)?$/i.exec(url ?? '');
  if (match) names.push(`${match[1]}/${match[2]}`.toLowerCase());
  return [...new Set(names)];
}

function candidatesFor(bump, repository) {
  const { kind, url, tag } = bump.source;
  if (typeof tag !== 'string' || typeof url !== 'string') return [];
  const tagDirectories = [...new Set([tag, tag.includes('/') ? encodeURIComponent(tag) : tag, encodeURIComponent(tag)])];
  if (kind === 'repository-changelog') {
    const path = url.split('/blob/')[1]?.split('/').slice(1).join('/');
    return path ? tagDirectories.map((directory) => `repository/${repository}/${directory}/${path}`) : [];
  }
  if (kind === 'commits' && url.includes('/compare/')) {
    const basehead = url.split('/compare/')[1];
    const [base, head] = basehead.split('...');
    return [`repository/${repository}/.compare/${basehead}.json`, `repository/${repository}/.compare/${encodeURIComponent(`${base}...${head}`)}.json`];
  }
  return [];
}

async function recordedText(relative) {
  const raw = await readFile(join(labelledDirectory, relative), 'utf8');
  return relative.includes('/.compare/') ? JSON.parse(raw).commits.map((commit) => commit.commit.message).join('\n') : raw;
}

async function link() {
  const dataset = await readDataset();
  const unlinked = [];
  for (const bump of dataset.bumps) {
    const source = bump.source;
    if (!source || source.recorded !== undefined || !['repository-changelog', 'commits'].includes(source.kind)) continue;
    if (source.kind === 'repository-changelog' && tarballChangelogText(bump)?.includes(bump.quote)) {
      source.kind = 'tarball-changelog';
      continue;
    }
    let found = null;
    for (const repository of await repositoriesOf(bump)) {
      for (const candidate of candidatesFor(bump, repository)) {
        if (found === null && existsSync(join(labelledDirectory, candidate)) && (await recordedText(candidate)).includes(bump.quote)) found = candidate;
      }
    }
    if (found === null) unlinked.push(`${keyOf(bump)} (${source.kind}: ${source.url})`);
    else source.recorded = found;
  }
  await writeDataset(dataset);
  console.log(unlinked.length === 0 ? 'every repository quote is linked to its recorded file' : `not linked (checked by URL only):\n  ${unlinked.join('\n  ')}`);
}

const LABEL_RANK = { low: 0, medium: 1, high: 2 };

/** The same rule as consensusLabel in src/evaluation/label-agreement.ts (a script cannot import the TypeScript source). */
function consensusOf(labels) {
  if (labels.length % 2 === 0) return labels.every((label) => label === labels[0]) ? labels[0] : null;
  return [...labels].sort((a, b) => LABEL_RANK[a] - LABEL_RANK[b])[(labels.length - 1) / 2];
}

/** Who gave a reading: the reviewer's file, named by its folder and name (`wave12/second-1`). */
function readerOf(file) {
  const name = `${basename(dirname(resolve(file)))}/${basename(file, '.json')}`;
  if (!/^[\w.-]{1,40}\/[\w.-]{1,60}$/.test(name)) throw new Error(`${file}: name the readings file plainly (letters, digits, . _ -) so the reader can be recorded`);
  return name;
}

/**
 * The checks src/evaluation/dataset.ts makes on `labels`, made here before anything is written:
 * two or three readings, a third only for a split, no reader twice, `expected` their consensus.
 */
function labelProblems(bump) {
  const labels = bump.labels ?? [];
  const problems = [];
  if (labels.length < 2 || labels.length > 3) problems.push('needs two or three readings');
  if (labels.length === 3 && labels[0].label === labels[1].label) problems.push('has a third reading although the first two agree');
  const readers = labels.map((reading) => reading.by ?? '(first)');
  if (new Set(readers).size !== readers.length) problems.push('has two readings by the same reader');
  const consensus = consensusOf(labels.map((reading) => reading.label));
  if (consensus === null) problems.push('has split readings and needs a third');
  else if (consensus !== bump.expected) problems.push(`expected ${bump.expected} is not the consensus ${consensus}`);
  return problems;
}

async function readings(files) {
  if (files.length === 0) throw new Error('readings needs at least one JSON file of independent readings');
  const dataset = await readDataset();
  const byKey = new Map(dataset.bumps.map((bump) => [keyOf(bump), bump]));
  const added = new Map();
  const readers = new Set();
  for (const file of files) {
    const reader = readerOf(file);
    if (readers.has(reader)) throw new Error(`${file}: the same readings file was given twice`);
    readers.add(reader);
    const entries = JSON.parse(await readFile(file, 'utf8'));
    if (!Array.isArray(entries)) throw new Error(`${file}: expected a JSON array of readings`);
    for (const entry of entries) {
      const bump = byKey.get(keyOf(entry));
      if (!bump) throw new Error(`${file}: ${keyOf(entry)} is not in bumps.json`);
      if (!Object.hasOwn(LABEL_RANK, entry.expected)) throw new Error(`${file}: ${keyOf(entry)} has no label high, medium or low`);
      if (!added.has(bump)) added.set(bump, bump.labels ? [...bump.labels] : [{ label: bump.expected }]);
      const labels = added.get(bump);
      // Run twice, or a bump listed twice, must not add a reading that outvotes the first reader.
      if (labels.some((reading) => reading.by === reader)) throw new Error(`${file}: ${keyOf(entry)} already has a reading by ${reader}`);
      if (labels.length === 2 && labels[0].label === labels[1].label) throw new Error(`${file}: ${keyOf(entry)} already has two readings that agree; a third reading is only for a split`);
      if (labels.length >= 3) throw new Error(`${file}: ${keyOf(entry)} would have more than three readings`);
      const reading = { label: entry.expected, by: reader };
      if (typeof entry.reason === 'string' && entry.reason.length >= 10) reading.reason = entry.reason.slice(0, 600);
      labels.push(reading);
    }
  }
  const undecided = [...added].filter(([, labels]) => consensusOf(labels.map((reading) => reading.label)) === null);
  if (undecided.length > 0) {
    console.log(`${undecided.length} bump(s) have split readings and need a third; bumps.json is unchanged:`);
    console.log(JSON.stringify(undecided.map(([bump]) => ({ name: bump.name, from: bump.from, to: bump.to })), null, 1));
    process.exitCode = 3;
    return;
  }
  let changed = 0;
  for (const [bump, labels] of added) {
    bump.labels = labels;
    const consensus = consensusOf(labels.map((reading) => reading.label));
    if (consensus !== bump.expected) changed += 1;
    bump.expected = consensus;
    const problems = labelProblems(bump);
    if (problems.length > 0) throw new Error(`${keyOf(bump)} ${problems.join('; ')}; bumps.json is unchanged`);
  }
  await writeDataset(dataset);
  console.log(`added readings to ${added.size} bump(s); the consensus differs from the first label on ${changed}`);
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'merge') await merge(rest);
  else if (command === 'link') await link();
  else if (command === 'readings') await readings(rest);
  else {
    console.error('usage: add-wave.mjs merge <labels.json> [...] | add-wave.mjs link | add-wave.mjs readings <readings.json> [...]');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`add-wave: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
