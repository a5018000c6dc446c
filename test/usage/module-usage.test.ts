/**
 * What one file imports and uses, read by the parser: every import form the scan promises,
 * traced uses through bindings, and text that only looks like an import.
 */
import { describe, expect, it } from 'vitest';
import { apiNamesInText } from '../../src/usage/api-names.js';
import { describeUsage, type NameCheck } from '../../src/usage/describe-usage.js';
import { analyseModule, packageOfSpecifier } from '../../src/usage/module-usage.js';
import { parseSource, scriptBlocks } from '../../src/usage/parse-source.js';

function usage(path: string, text: string, targets: string[]) {
  const parsed = parseSource(path, text);
  return analyseModule(parsed.programs, new Set(targets));
}

describe('import forms', () => {
  it('reads default, named, namespace, type-only, export-from, require, dynamic import and import-equals', () => {
    const text = [
      "import express, { Router as R } from 'express';",
      "import * as _ from 'lodash';",
      "import type { Request } from 'express';",
      "export { json } from 'express';",
      "export * from 'lodash/fp';",
      "const get = require('lodash/get');",
      "const chalk = await import('chalk');",
      "import legacy = require('@scope/pkg/sub');",
      "import './side-effect';",
      "import fs from 'node:fs';",
    ].join('\n');
    const result = usage('src/a.ts', text, ['express', 'lodash', 'chalk', '@scope/pkg', 'fs']);
    expect(result.packages.get('express')?.imports).toEqual([
      { line: 1, kind: 'import', specifier: 'express', names: ['default', 'Router'] },
      { line: 3, kind: 'importType', specifier: 'express', names: ['Request'] },
      { line: 4, kind: 'exportFrom', specifier: 'express', names: ['json'] },
    ]);
    expect(result.packages.get('lodash')?.imports).toEqual([
      { line: 2, kind: 'import', specifier: 'lodash', names: ['*'] },
      { line: 5, kind: 'exportFrom', specifier: 'lodash/fp', names: ['*'] },
      { line: 6, kind: 'require', specifier: 'lodash/get', names: [] },
    ]);
    expect(result.packages.get('chalk')?.imports).toEqual([{ line: 7, kind: 'dynamicImport', specifier: 'chalk', names: [] }]);
    expect(result.packages.get('@scope/pkg')?.imports).toEqual([{ line: 8, kind: 'importEquals', specifier: '@scope/pkg/sub', names: ['*'] }]);
    // `node:` specifiers are built-ins, never a package.
    expect(result.packages.has('fs')).toBe(false);
  });

  it('records the names a require() or import() takes by destructuring, as an import statement records its names', () => {
    const text = [
      "const { pick, omit: leave } = require('lodash');",
      "const { default: chalk } = await import('chalk');",
      "const [first] = require('express');",
      "const { [key]: picked, get } = require('lodash');",
    ].join('\n');
    const result = usage('src/a.mjs', text, ['lodash', 'chalk', 'express']);
    expect(result.packages.get('lodash')?.imports).toEqual([
      { line: 1, kind: 'require', specifier: 'lodash', names: ['pick', 'omit'] },
      { line: 4, kind: 'require', specifier: 'lodash', names: ['get'] },
    ]);
    // A computed key names no export: nothing is traced as a use of `key`.
    expect(result.packages.get('lodash')?.traced.map((use) => use.member)).not.toContain('key');
    expect(result.packages.get('chalk')?.imports).toEqual([{ line: 2, kind: 'dynamicImport', specifier: 'chalk', names: ['default'] }]);
    expect(result.packages.get('express')?.imports).toEqual([{ line: 3, kind: 'require', specifier: 'express', names: [] }]);
  });

  it('ignores the package name in comments, strings and template text', () => {
    const text = "// import express from 'express'\nconst s = \"require('express')\";\nconst t = `import('express')`;\n/* require('express') */\n";
    expect(usage('src/a.js', text, ['express']).packages.size).toBe(0);
  });

  it('reads the script blocks of Vue and Svelte files at their own lines', () => {
    const vue = ['<template><div>{{ x }}</div></template>', '<script setup lang="ts">', "import { ref } from 'vue';", 'const x = ref(1);', '</script>'].join('\n');
    expect(scriptBlocks(vue)).toHaveLength(1);
    expect(usage('src/App.vue', vue, ['vue']).packages.get('vue')?.imports).toEqual([{ line: 3, kind: 'import', specifier: 'vue', names: ['ref'] }]);
    const svelte = ['<script>', "  import { onMount } from 'svelte';", '  onMount(() => {});', '</script>', '<h1>hi</h1>'].join('\n');
    expect(usage('src/App.svelte', svelte, ['svelte']).packages.get('svelte')?.traced.map((use) => [use.line, use.expression])).toEqual([
      [2, 'onMount'],
      [3, 'onMount'],
    ]);
  });

  it('maps specifiers to packages, subpaths included', () => {
    expect(packageOfSpecifier('lodash/get')).toBe('lodash');
    expect(packageOfSpecifier('@scope/pkg/sub/path')).toBe('@scope/pkg');
    expect(packageOfSpecifier('./local')).toBeNull();
    expect(packageOfSpecifier('#internal')).toBeNull();
    expect(packageOfSpecifier('node:path')).toBeNull();
    expect(packageOfSpecifier('https://esm.sh/x')).toBeNull();
    expect(packageOfSpecifier('@scope')).toBeNull();
  });
});

describe('traced uses', () => {
  it('follows instances, routers, callback parameters and named handler functions, and records calls of the package itself', () => {
    const text = [
      "const express = require('express');", // 1
      'const app = express();', // 2
      'const router = express.Router();', // 3
      'function handler(request, response) {', // 4
      '  request.param("id");', // 5
      '}', // 6
      "app.get('/', handler);", // 7
      "router.del('/x', (req, res) => res.send(req.param('a')));", // 8
      'const other = { del() {} };', // 9
      'other.del();', // 10
    ].join('\n');
    const traced = usage('src/server.js', text, ['express']).packages.get('express')!.traced.map((use) => `${use.line}:${use.expression}`);
    // `express()` calls the package itself: a use a root that stops being callable breaks.
    expect(traced).toEqual(['2:express()', '3:express.Router', '5:request.param', '7:app.get', '8:req.param', '8:res.send', '8:router.del']);
  });

  it('records destructured and named imports as uses of those names', () => {
    const text = ["const { static: serve, json } = require('express');", "import { legacy } from 'pkg';", 'legacy();', 'serve("public");'].join('\n');
    const result = usage('src/a.mjs', text, ['express', 'pkg']);
    expect(result.packages.get('express')!.traced.map((use) => [use.line, use.member, use.onPackage])).toEqual([
      [1, 'json', true],
      [1, 'static', true],
      [4, 'static', true],
    ]);
    expect(result.packages.get('pkg')!.traced.map((use) => [use.line, use.expression])).toEqual([
      [2, 'legacy'],
      [3, 'legacy'],
    ]);
  });

  it('keeps calls of the package itself apart from the member-use bound: a file of 5,000 member uses still shows its root call', () => {
    const text = ["const retry = require('axios-retry');", ...Array.from({ length: 5_001 }, () => 'retry.isNetworkError(e);'), 'retry(client);'].join('\n');
    const traced = usage('src/a.js', text, ['axios-retry']).packages.get('axios-retry')!.traced;
    expect(traced.filter((use) => use.member === 'isNetworkError')).toHaveLength(5_000);
    expect(traced.filter((use) => use.member === '()').map((use) => [use.line, use.expression])).toEqual([[5_003, 'retry()']]);
  });
});

describe('API names in breaking-change text', () => {
  it('takes the subject code spans, not the replacement', () => {
    expect(apiNamesInText('`app.del` - use `app.delete`')).toEqual([{ name: 'app.del', change: 'removed' }]);
    expect(apiNamesInText('`req.param()` -- use `req.params`, `req.body`, or `req.query` instead')).toEqual([{ name: 'req.param', change: 'removed' }]);
    expect(apiNamesInText('`res.send(status, body)` signature - use `res.status(status).send(body)`')).toEqual([{ name: 'res.send', change: 'changed', removedCallArities: [2] }]);
    expect(apiNamesInText("`res.redirect('back')` and `res.location('back')` is no longer a supported magic string, explicitly use `req.get('Referrer') || '/'`.")).toEqual([
      { name: 'res.redirect', change: 'changed' },
      { name: 'res.location', change: 'changed' },
    ]);
    expect(apiNamesInText('Removed `legacy` export')).toEqual([{ name: 'legacy', change: 'removed' }]);
    expect(apiNamesInText('`path-is-absolute` dependency - use `path.isAbsolute` instead')).toEqual([]);
    expect(apiNamesInText('Use `foo` instead of `bar`')).toEqual([]);
  });

  it('reads a line with the group label the extractive analyzer repeats on it exactly as the release wrote it', () => {
    expect(apiNamesInText('remove: `app.del` - use `app.delete`')).toEqual([{ name: 'app.del', change: 'removed' }]);
    expect(apiNamesInText('remove: `res.send(status, body)` signature - use `res.status(status).send(body)`')).toEqual([{ name: 'res.send', change: 'changed', removedCallArities: [2] }]);
    // Its call without arguments is what went, not the method.
    expect(apiNamesInText('remove: `res.vary()` (no arguments) -- provide a field name as an argument')).toEqual([{ name: 'res.vary', change: 'changed', removedCallArities: [0] }]);
    expect(apiNamesInText('remove: `app.param(fn)`')).toEqual([{ name: 'app.param', change: 'changed', removedCallArities: [1] }]);
    // The spans of one subject list share the word after the last; a name named twice keeps both forms.
    expect(apiNamesInText('`res.json(status, obj)` and `res.json(obj)` signatures removed')).toEqual([{ name: 'res.json', change: 'changed', removedCallArities: [2, 1] }]);
    expect(apiNamesInText('`res.json(status, obj)` signature and `res.json` removed')).toEqual([{ name: 'res.json', change: 'removed' }]);
    // A count the report could not hold is unknown: every call stays a use (review 18b).
    expect(apiNamesInText(`\`f(${Array.from({ length: 280 }, (_, index) => `a${index}`).join(',')})\` signature`)).toEqual([{ name: 'f', change: 'changed' }]);
    expect(apiNamesInText('`f()`, `f(a)`, `f(a, b)`, `f(a, b, c)`, `f(a, b, c, d)`, `f(a, b, c, d, e)` and `f(a, b, c, d, e, g)` signatures')).toEqual([{ name: 'f', change: 'changed' }]);
  });

  it('keeps every call a use when the text changes a call rather than removing a form of it, or its parameters hide the count', () => {
    // Behaviour of the call changed: any argument count is affected.
    expect(apiNamesInText('`res.status()` accepts only integers')).toEqual([{ name: 'res.status', change: 'changed' }]);
    expect(apiNamesInText('breaking: `parse(input)` now throws on empty input')).toEqual([{ name: 'parse', change: 'changed' }]);
    // Optional or rest parameters: the count of the removed form is not known.
    expect(apiNamesInText('remove: `res.render(view, [options])` signature')).toEqual([{ name: 'res.render', change: 'changed' }]);
    expect(apiNamesInText('removed the `log(...args)` signature')).toEqual([{ name: 'log', change: 'changed' }]);
    // A removal word elsewhere in the line does not make a span a call form (review 18).
    expect(apiNamesInText('Removed `foo.bar(a, b)`')).toEqual([{ name: 'foo.bar', change: 'changed' }]);
    expect(apiNamesInText('Drop support for Node 12; `client.connect(url)` now returns a Promise')).toEqual([{ name: 'client.connect', change: 'changed' }]);
    expect(apiNamesInText('`app.listen(port)` no longer returns the server; removed callback support')).toEqual([{ name: 'app.listen', change: 'changed' }]);
  });
});

describe('removed call forms: only calls of that form are uses', () => {
  const text = [
    "const express = require('express');",
    'const app = express();',
    "app.get('/a', (req, res) => res.json({ ok: true }));",
    "app.get('/b', (req, res) => res.json(200, { ok: true }));",
    "app.get('/c', (req, res) => res.json(...reply));",
    'const send = (res) => res.json;',
    "app.param((name, fn) => fn);",
    "app.param('id', (req, res, next, id) => next());",
    'function handler(request, response) { response.json(201, {}); }',
  ].join('\n');
  const parsed = usage('src/app.js', text, ['express']);
  const scanned = parsed.packages.get('express')!;
  const scan = {
    status: 'scanned' as const,
    scanned: 'test',
    filesListed: 1,
    filesParsed: 1,
    notes: [],
    incomplete: false,
    packages: new Map([['express', { packageName: 'express', files: [{ path: 'src/app.js', imports: scanned.imports, traced: scanned.traced, untraced: parsed.untraced }], configMentions: [] }]]),
  };
  const checksOf = (...summaries: string[]): NameCheck[] => summaries.flatMap((summary, index) => apiNamesInText(summary).map((name) => ({ ...name, origin: `breaking-change-${index + 1}` })));
  const linesOf = (checks: NameCheck[], name: string) => describeUsage(scan, 'express', checks).checkedNames.find((checked) => checked.name === name)?.uses.map((use) => use.line);

  it('a one-argument call is not the removed two-argument form; a spread or an uncalled reference may be', () => {
    const checks = checksOf('remove: `res.json(status, obj)` signature - use `res.status(status).json(obj)`', 'remove: `res.json(obj, status)` signature - use `res.json(status, obj)`');
    expect(linesOf(checks, 'res.json')).toEqual([4, 5, 6]);
  });

  it('an untraced receiver of the same name is held to the same form', () => {
    const checks = checksOf('remove: `response.json(status, obj)` signature');
    expect(linesOf(checks, 'response.json')).toEqual([9]);
  });

  it('`app.param(fn)` matches the one-argument call only', () => {
    expect(linesOf(checksOf('remove: `app.param(fn)`'), 'app.param')).toEqual([7]);
  });

  it('lists a line once when several of its calls are uses', () => {
    const checks = checksOf('`res.json()` now escapes HTML');
    const parsedLine = usage('src/b.js', ["const express = require('express');", "express().get('/', (req, res) => { res.json(1); res.json(1, 2); res.json(3); });"].join('\n'), ['express']);
    const entry = parsedLine.packages.get('express')!;
    const lineScan = { ...scan, packages: new Map([['express', { packageName: 'express', files: [{ path: 'src/b.js', imports: entry.imports, traced: entry.traced, untraced: parsedLine.untraced }], configMentions: [] }]]) };
    const checked = describeUsage(lineScan, 'express', checks).checkedNames[0]!;
    expect(checked.uses.map((use) => use.line)).toEqual([2]);
    expect(checked.useCount).toBe(1);
    expect(checked).not.toHaveProperty('callForms');
  });

  it('says in the report which call forms were checked', () => {
    const checked = describeUsage(scan, 'express', checksOf('remove: `res.json(status, obj)` signature', 'remove: `res.json(obj, status)` signature')).checkedNames[0]!;
    expect(checked).toMatchObject({ name: 'res.json', callForms: [2], useCount: 3 });
  });

  it('a finding that names the whole API, beside one that names a form, makes every call a use', () => {
    expect(linesOf(checksOf('remove: `res.json(status, obj)` signature', 'removed `res.json`'), 'res.json')).toEqual([3, 4, 5, 6]);
    expect(linesOf(checksOf('`res.json()` now escapes HTML', 'remove: `res.json(status, obj)` signature'), 'res.json')).toEqual([3, 4, 5, 6]);
  });
});
