import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { digestOf, sha256Hex } from '../shared/canonical-json.js';
import { findInstallRoot } from '../shared/install-root.js';
import { nearestName } from '../shared/nearest-name.js';
import { DatasetError, parseLabelledDataset, type LabelledDataset } from './dataset.js';

/**
 * Where an evaluation dataset comes from. A bare name (`npm-labelled`) is a dataset shipped
 * in DepVerdict's `datasets/` directory; anything else is a path to a `bumps.json` or to a
 * directory holding one. Next to `bumps.json` a dataset may record its evidence:
 * `registry/` (packuments and tarballs, read instead of the npm registry) and `repository/`
 * (repository files at tags, read instead of GitHub). The digest covers every one of those
 * files, so an approval made on a dataset is void once any byte of it changes.
 */

export const DATASETS_DIRECTORY = 'datasets';
export const DATASET_FILE = 'bumps.json';
const BARE_NAME = /^[a-z0-9][a-z0-9-]*$/;
const MAX_DATASET_BYTES = 4 * 1024 * 1024;

/** The dataset named could not be found or read: the message says what to pass instead. */
export class DatasetNotFoundError extends Error {
  override readonly name = 'DatasetNotFoundError';
}

export interface EvaluationDataset {
  /** The shipped name, or the directory name of a dataset given by path. */
  name: string;
  /** How the user named it (for messages). */
  source: string;
  directory: string;
  dataset: LabelledDataset;
  /** `registry/` when recorded, else null (the live npm registry is read). */
  registryDirectory: string | null;
  /** `repository/` when recorded, else null (no GitHub: repository changelogs are not read). */
  repositoryDirectory: string | null;
  /** `sha256:` over the relative path and sha256 of every file of the dataset. */
  digest: string;
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((info) => info.isDirectory(), () => false);
}

/** The dataset names shipped with this DepVerdict. */
export async function shippedDatasetNames(root: string = findInstallRoot()): Promise<string[]> {
  const entries = await readdir(join(root, DATASETS_DIRECTORY), { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

async function filesUnder(directory: string): Promise<string[]> {
  if (!(await isDirectory(directory))) return [];
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Digest of the labels and of every recorded evidence file (sorted by path, so order-independent). */
export async function datasetDigest(directory: string, bumpsPath: string): Promise<string> {
  const files = [bumpsPath, ...(await filesUnder(join(directory, 'registry'))), ...(await filesUnder(join(directory, 'repository')))];
  const entries: Array<[string, string]> = [];
  for (const file of files) entries.push([relative(directory, file).split(sep).join('/'), sha256Hex(await readFile(file))]);
  entries.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
  return digestOf({ files: entries });
}

async function locate(nameOrPath: string, cwd: string): Promise<{ name: string; bumpsPath: string }> {
  if (BARE_NAME.test(nameOrPath)) {
    const root = findInstallRoot();
    const directory = join(root, DATASETS_DIRECTORY, nameOrPath);
    if (await isDirectory(directory)) return { name: nameOrPath, bumpsPath: join(directory, DATASET_FILE) };
    const names = await shippedDatasetNames(root);
    const suggestion = nearestName(nameOrPath, names);
    throw new DatasetNotFoundError(
      `Unknown dataset "${nameOrPath}"${suggestion === null ? '' : ` (did you mean "${suggestion}"?)`}; shipped datasets: ${names.join(', ') || 'none'}. To use your own, pass the path of its bumps.json or of the directory that holds it (format: docs/schemas/evaluation-dataset.schema.json).`,
    );
  }
  const path = resolve(cwd, nameOrPath);
  if (await isDirectory(path)) return { name: basename(path), bumpsPath: join(path, DATASET_FILE) };
  return { name: basename(dirname(path)), bumpsPath: path };
}

export async function loadEvaluationDataset(nameOrPath: string, options: { cwd: string }): Promise<EvaluationDataset> {
  const { name, bumpsPath } = await locate(nameOrPath, options.cwd);
  let text: string;
  try {
    const info = await stat(bumpsPath);
    if (info.size > MAX_DATASET_BYTES) throw new DatasetError(nameOrPath, [`the file is ${info.size} bytes, above the ${MAX_DATASET_BYTES}-byte limit for a dataset file`]);
    text = await readFile(bumpsPath, 'utf8');
  } catch (error) {
    if (error instanceof DatasetError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const what = code === 'ENOENT' ? 'does not exist' : `could not be read (${code ?? 'unknown error'})`;
    throw new DatasetNotFoundError(`Dataset ${nameOrPath}: ${bumpsPath} ${what}. Give a shipped dataset name (such as npm-labelled) or the path of a dataset's bumps.json or of its directory.`);
  }
  const dataset = parseLabelledDataset(text, nameOrPath);
  const directory = dirname(bumpsPath);
  const registryDirectory = join(directory, 'registry');
  const repositoryDirectory = join(directory, 'repository');
  return {
    name,
    source: nameOrPath,
    directory,
    dataset,
    registryDirectory: (await isDirectory(registryDirectory)) ? registryDirectory : null,
    repositoryDirectory: (await isDirectory(repositoryDirectory)) ? repositoryDirectory : null,
    digest: await datasetDigest(directory, bumpsPath),
  };
}
