/**
 * The layers of docs/architecture.md read top-down: lower layers never import the edges
 * (action/, cli/) or the orchestration (pipeline/), and GitHub is reached through src/github/.
 * Reads the source files' import specifiers; a new upward import fails here with its file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** `[file's layer, imported layer]` for every relative import inside src/. */
function importEdges(): Array<{ file: string; from: string; to: string }> {
  const edges: Array<{ file: string; from: string; to: string }> = [];
  for (const file of sourceFiles(SRC)) {
    const path = relative(SRC, file);
    // src/index.ts and src/cli.ts are the entry points the bundles start from: above every layer.
    if (!path.includes('/')) continue;
    const layer = path.split('/')[0]!;
    for (const match of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^'"]*from\s+'(\.[^']+)'/gm)) {
      const target = relative(SRC, normalize(join(dirname(file), match[1]!))).split('/')[0]!;
      if (target !== layer) edges.push({ file: relative(SRC, file), from: layer, to: target });
    }
  }
  return edges;
}

const EDGES = ['action', 'cli'];
const BELOW_PIPELINE = ['shared', 'bumps', 'usage', 'sources', 'ecosystems', 'github', 'evidence', 'context', 'analysis', 'runtime', 'report'];

describe('layering', () => {
  const edges = importEdges();

  it('only the edges import the edges', () => {
    expect(edges.filter((edge) => EDGES.includes(edge.to) && !EDGES.includes(edge.from)).map((edge) => `${edge.file} → ${edge.to}/`)).toEqual([]);
  });

  it('nothing below the pipeline imports it', () => {
    expect(edges.filter((edge) => edge.to === 'pipeline' && BELOW_PIPELINE.includes(edge.from)).map((edge) => `${edge.file} → pipeline/`)).toEqual([]);
  });

  it('shared/ depends on nothing else, and the GitHub client depends only on shared/', () => {
    expect(edges.filter((edge) => edge.from === 'shared').map((edge) => `${edge.file} → ${edge.to}/`)).toEqual([]);
    expect(edges.filter((edge) => edge.from === 'github' && edge.to !== 'shared').map((edge) => `${edge.file} → ${edge.to}/`)).toEqual([]);
  });
});
