/**
 * action.yml, the input/output name constants and the README tables must agree: a renamed
 * input or an undocumented output is a breaking change users only see in production.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Inputs, Outputs } from '../../src/action/constants.js';

const root = new URL('../../', import.meta.url).pathname;
const action = parse(readFileSync(`${root}action.yml`, 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};
const readme = readFileSync(`${root}README.md`, 'utf8');

function tableBetween(start: string, end: string): string[][] {
  const block = readme.slice(readme.indexOf(start) + start.length, readme.indexOf(end));
  return block
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

describe('action metadata', () => {
  it('runs on node24 from the committed bundle', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });

  it('declares exactly the inputs and outputs the code reads and writes', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(Inputs).sort());
    expect(Object.keys(action.outputs).sort()).toEqual(Object.values(Outputs).sort());
  });

  it('documents every input in the README with its default and description', () => {
    const rows = tableBetween('<!-- inputs:start -->', '<!-- inputs:end -->');
    expect(rows.map((row) => row[0])).toEqual(Object.keys(action.inputs).map((name) => `\`${name}\``));
    for (const [name, spec] of Object.entries(action.inputs)) {
      const row = rows.find((cells) => cells[0] === `\`${name}\``)!;
      expect(row[1], name).toBe(spec.default === undefined ? '' : `\`${spec.default}\``);
      expect(row[2], name).toBe(spec.description);
    }
  });

  it('documents every output in the README', () => {
    const rows = tableBetween('<!-- outputs:start -->', '<!-- outputs:end -->');
    expect(rows.map((row) => row[0])).toEqual(Object.keys(action.outputs).map((name) => `\`${name}\``));
    for (const [name, spec] of Object.entries(action.outputs)) {
      expect(rows.find((cells) => cells[0] === `\`${name}\``)![1], name).toBe(spec.description);
    }
  });
});
