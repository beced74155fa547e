#!/usr/bin/env node
// `npm run openapi [-- FILE]`: writes the OpenAPI 3.1 document of the v1 interface, generated from
// src-shared/wire (docs/decisions/018-openapi-document.md), to FILE (default docs/openapi.json),
// formatted by the project's Prettier so the committed file passes `npm run test:format`. The sandbox
// serves the same document at GET {base_url}/openapi.json; test/sandbox/openapi.test.ts checks that
// the committed file is what this script writes.
import { writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { tsImport } from 'tsx/esm/api';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const file = resolve(process.argv[2] ?? join(root, 'docs/openapi.json'));
const { openApiDocument } = await tsImport('../src-shared/wire/openapi.ts', import.meta.url);
const options = (await prettier.resolveConfig(file)) ?? {};
const text = await prettier.format(JSON.stringify(openApiDocument()), { ...options, filepath: file });
writeFileSync(file, text);
console.log(`OpenAPI 3.1 document of v1 written to ${relative(process.cwd(), file) || file}`);
