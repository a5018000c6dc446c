#!/usr/bin/env node
/**
 * Records npm registry fixtures for hermetic tests: reads test/fixtures/registry/packages.json
 * ([{ name, versions: [...] }]) and writes, per package,
 *   test/fixtures/registry/packuments/<encoded-name>.json   (trimmed packument)
 *   test/fixtures/registry/tarballs/<encoded-name>-<version>.tgz
 * from the real registry. Usage:
 *   node scripts/record-registry-fixtures.mjs [--registry https://registry.npmjs.org] [--only name,name]
 *
 * Why trim: a full packument of a popular package is megabytes (typescript lists thousands of
 * nightlies). Tests need the whole version list and publish times (versions in range, invented
 * version checks) but manifest details only for the versions a bump names, so other versions
 * keep a `{ name, version }` stub (with its `engines`). Tarball URLs are rewritten to the `{{REGISTRY}}` origin token
 * so the fake registry can serve them from its own loopback origin.
 */
import { mkdir, readFile, writeFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePackageName, fetchOrThrow, MAX_TARBALL_BYTES, parseRecorderArguments, trimPackument } from './lib/registry-recording.mjs';

const CONCURRENCY = 4;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const fixtureDirectory = join(root, 'test', 'fixtures', 'registry');

async function recordPackage(entry, registry) {
  const encoded = encodePackageName(entry.name);
  const packument = await (await fetchOrThrow(`${registry}/${encoded}`, entry.name)).json();
  const keep = new Set(entry.versions);
  const missingVersions = entry.versions.filter((version) => !packument.versions?.[version]);
  const skippedTarballs = [];
  for (const version of entry.versions) {
    const tarballUrl = packument.versions?.[version]?.dist?.tarball;
    if (!tarballUrl) continue;
    const target = join(fixtureDirectory, 'tarballs', `${encoded}-${version}.tgz`);
    const response = await fetchOrThrow(tarballUrl, `${entry.name}@${version} tarball`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (bytes.length > MAX_TARBALL_BYTES) {
      skippedTarballs.push({ version, reason: `tarball is ${bytes.length} bytes, above the ${MAX_TARBALL_BYTES}-byte fixture limit` });
      await rm(target, { force: true });
      continue;
    }
    await writeFile(target, bytes);
  }
  const trimmed = trimPackument(packument, keep);
  await writeFile(join(fixtureDirectory, 'packuments', `${encoded}.json`), `${JSON.stringify(trimmed, null, 1)}\n`);
  const result = { name: entry.name, versions: entry.versions };
  if (missingVersions.length > 0) result.missingVersions = missingVersions;
  if (skippedTarballs.length > 0) result.skippedTarballs = skippedTarballs;
  return result;
}

async function main() {
  const options = parseRecorderArguments(process.argv.slice(2));
  const listPath = join(fixtureDirectory, 'packages.json');
  const entries = JSON.parse(await readFile(listPath, 'utf8'));
  await mkdir(join(fixtureDirectory, 'packuments'), { recursive: true });
  await mkdir(join(fixtureDirectory, 'tarballs'), { recursive: true });

  const results = entries.map((entry) => ({ name: entry.name, versions: entry.versions, ...(entry.missingVersions ? { missingVersions: entry.missingVersions } : {}), ...(entry.skippedTarballs ? { skippedTarballs: entry.skippedTarballs } : {}) }));
  const queue = entries.map((entry, index) => ({ entry, index })).filter(({ entry }) => !options.only || options.only.has(entry.name));
  let failures = 0;
  // A small worker pool: polite to the registry, still quick for ~50 packages.
  const workers = Array.from({ length: CONCURRENCY }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      try {
        results[job.index] = await recordPackage(job.entry, options.registry);
        const note = results[job.index].skippedTarballs ? ' (some tarballs skipped)' : '';
        console.log(`recorded ${job.entry.name}${note}`);
      } catch (error) {
        failures += 1;
        console.error(`FAILED ${job.entry.name}: ${error.message}`);
      }
    }
  });
  await Promise.all(workers);
  await writeFile(listPath, `${JSON.stringify(results, null, 2)}\n`);
  if (failures > 0) {
    console.error(`${failures} package(s) failed; re-run with --only <names> to retry them.`);
    process.exitCode = 1;
  }
}

await main();
