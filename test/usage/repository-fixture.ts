/**
 * Test helper: a small git repository whose base is the sample's base (express 4.21.2 …) and
 * whose head bumps to the sample's head and holds source files that use express.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

export const SAMPLES = resolve(import.meta.dirname, '../../samples');

/** The express 4 → 5 scenario of issue 14: calls of removed APIs, an import only, a comment only. */
export const EXPRESS_APP_FILES: Record<string, string> = {
  'src/server.js': [
    "const express = require('express');",
    'const app = express();',
    '',
    "app.del('/items/:id', (req, res) => {",
    '  res.sendStatus(204);',
    '});',
    "app.get('/items', (req, res) => res.json({ id: req.param('id') }));",
    'module.exports = app;',
    '',
  ].join('\n'),
  'src/health.ts': ["import express from 'express';", '', 'export const router = express.Router();', ''].join('\n'),
  'src/notes.js': ['// This service used to call express directly; see src/server.js.', 'export const note = "express";', ''].join('\n'),
  'tsconfig.json': ['{', '  "compilerOptions": {', '    "types": ["node"]', '  }', '}', ''].join('\n'),
};

function git(directory: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: directory, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' } }).trim();
}

export function writeFiles(root: string, files: Record<string, string | Buffer>): void {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

/** A repository with commits `base` and `head`; returns its directory and the head SHA. */
export function createExpressRepository(headFiles: Record<string, string | Buffer> = EXPRESS_APP_FILES): { directory: string; baseSha: string; headSha: string } {
  const directory = mkdtempSync(join(tmpdir(), 'depverdict-usage-'));
  git(directory, 'init', '-q', '-b', 'main');
  cpSync(join(SAMPLES, 'grouped-bump/base'), directory, { recursive: true });
  git(directory, 'add', '-A');
  git(directory, 'commit', '-q', '-m', 'base');
  const baseSha = git(directory, 'rev-parse', 'HEAD');
  cpSync(join(SAMPLES, 'grouped-bump/head'), directory, { recursive: true });
  writeFiles(directory, headFiles);
  git(directory, 'add', '-A');
  git(directory, 'commit', '-q', '-m', 'Bump express from 4.21.2 to 5.1.0');
  return { directory, baseSha, headSha: git(directory, 'rev-parse', 'HEAD') };
}
