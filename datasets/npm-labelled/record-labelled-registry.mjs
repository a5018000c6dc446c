#!/usr/bin/env node
/**
 * Records the registry snapshot the labelled evaluation set needs, into
 * datasets/npm-labelled/registry/ (same layout and trimming as
 * scripts/record-registry-fixtures.mjs, so createSnapshotRegistryClient reads it):
 *   registry/packuments/<encoded-name>.json        trimmed packument
 *   registry/tarballs/<encoded-name>-<version>.tgz  tarballs of both sides of each bump
 *
 * Why a separate directory and script: the shared test/fixtures/registry/ snapshot is used by
 * other tests, and re-recording a package there would change packument data under them. Only
 * the changelog is read from the newer side's tarball, the API-surface diff compares the
 * declared types and entry files of both sides, so both tarballs are recorded.
 *
 * Usage: node datasets/npm-labelled/record-labelled-registry.mjs [--only name,name] [--registry <url>]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodePackageName, fetchOrThrow, MAX_TARBALL_BYTES, parseRecorderArguments, trimPackument } from '../../scripts/lib/registry-recording.mjs';

const labelledDirectory = dirname(fileURLToPath(import.meta.url));
const registryDirectory = join(labelledDirectory, 'registry');

async function recordPackage(name, bumps, registry) {
  const encoded = encodePackageName(name);
  const packument = await (await fetchOrThrow(`${registry}/${encoded}`, name)).json();
  const keep = new Set(bumps.flatMap((bump) => [bump.from, bump.to]));
  for (const version of keep) {
    if (!packument.versions?.[version]) throw new Error(`${name}@${version} is not published; fix bumps.json.`);
  }
  for (const version of keep) {
    const tarballUrl = packument.versions[version].dist?.tarball;
    if (!tarballUrl) throw new Error(`${name}@${version} lists no tarball.`);
    const bytes = Buffer.from(await (await fetchOrThrow(tarballUrl, `${name}@${version} tarball`)).arrayBuffer());
    if (bytes.length > MAX_TARBALL_BYTES) throw new Error(`${name}@${version} tarball is ${bytes.length} bytes, above ${MAX_TARBALL_BYTES}; choose another bump.`);
    await writeFile(join(registryDirectory, 'tarballs', `${encoded}-${version}.tgz`), bytes);
  }
  await writeFile(join(registryDirectory, 'packuments', `${encoded}.json`), `${JSON.stringify(trimPackument(packument, keep), null, 1)}\n`);
}

async function main() {
  const options = parseRecorderArguments(process.argv.slice(2));
  const dataset = JSON.parse(await readFile(join(labelledDirectory, 'bumps.json'), 'utf8'));
  const byName = new Map();
  for (const bump of dataset.bumps) {
    if (options.only && !options.only.has(bump.name)) continue;
    byName.set(bump.name, [...(byName.get(bump.name) ?? []), bump]);
  }
  await mkdir(join(registryDirectory, 'packuments'), { recursive: true });
  await mkdir(join(registryDirectory, 'tarballs'), { recursive: true });
  let failures = 0;
  // One package at a time: a few dozen requests, no need to hurry the registry.
  for (const [name, bumps] of byName) {
    try {
      await recordPackage(name, bumps, options.registry);
      console.log(`recorded ${name} (${bumps.length} bump(s))`);
    } catch (error) {
      failures += 1;
      console.error(`FAILED ${name}: ${error.message}`);
    }
  }
  if (failures > 0) {
    console.error(`${failures} package(s) failed; re-run with --only <names> to retry them.`);
    process.exitCode = 1;
  }
}

await main();
