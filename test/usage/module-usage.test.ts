/**
 * What one file imports and uses, read by the parser: every import form the scan promises,
 * traced uses through bindings, and text that only looks like an import.
 */
import { describe, expect, it } from 'vitest';
import { apiNamesInText } from '../../src/usage/api-names.js';
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
  it('follows instances, routers, callback parameters and named handler functions', () => {
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
    expect(traced).toEqual(['3:express.Router', '5:request.param', '7:app.get', '8:req.param', '8:res.send', '8:router.del']);
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
});

describe('API names in breaking-change text', () => {
  it('takes the subject code spans, not the replacement', () => {
    expect(apiNamesInText('`app.del` - use `app.delete`')).toEqual([{ name: 'app.del', change: 'removed' }]);
    expect(apiNamesInText('`req.param()` -- use `req.params`, `req.body`, or `req.query` instead')).toEqual([{ name: 'req.param', change: 'removed' }]);
    expect(apiNamesInText('`res.send(status, body)` signature - use `res.status(status).send(body)`')).toEqual([{ name: 'res.send', change: 'changed' }]);
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
    expect(apiNamesInText('remove: `res.send(status, body)` signature - use `res.status(status).send(body)`')).toEqual([{ name: 'res.send', change: 'changed' }]);
    // Its call without arguments is what went, not the method.
    expect(apiNamesInText('remove: `res.vary()` (no arguments) -- provide a field name as an argument')).toEqual([{ name: 'res.vary', change: 'changed' }]);
  });
});
