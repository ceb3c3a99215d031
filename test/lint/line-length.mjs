#!/usr/bin/env node
// Lines stay under 120 characters (issue 28). The formatter (Biome, biome.jsonc) wraps code at 120;
// what it cannot wrap without changing a text is a literal: a message, a test name, a word table,
// an HTML page in a template, a regular expression. So a line may run past 120 only if it fits
// once the literals on it are taken out — ESLint's max-len with ignoreStrings,
// ignoreTemplateLiterals and ignoreRegExpLiterals, made exact with TypeScript's own parser. Tables
// drawn in comments (`* | a | b |`) are allowed too.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';

const LIMIT = 120;
const root = resolve(import.meta.dirname, '..', '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.tsx', '*.mjs', '*.js'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && !f.startsWith('shared/einvoicing/'));

const LITERALS = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TemplateHead,
  ts.SyntaxKind.TemplateMiddle,
  ts.SyntaxKind.TemplateTail,
  ts.SyntaxKind.RegularExpressionLiteral,
  ts.SyntaxKind.JsxText,
]);

/** For each character of the file: whether it lies inside a literal. */
function literalMask(file, text) {
  const kind = /\.tsx$|\.jsx$/.test(file)
    ? ts.ScriptKind.TSX
    : /\.m?js$/.test(file)
      ? ts.ScriptKind.JS
      : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const mask = new Uint8Array(text.length);
  const visit = (node) => {
    if (LITERALS.has(node.kind)) mask.fill(1, node.getStart(source), node.getEnd());
    ts.forEachChild(node, visit);
  };
  visit(source);
  return mask;
}

const offenders = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(resolve(root, file), 'utf8');
  } catch {
    continue;
  }
  const lines = text.split('\n');
  if (!lines.some((l) => [...l].length > LIMIT)) continue;
  const mask = literalMask(file, text);
  let offset = 0;
  lines.forEach((line, i) => {
    const start = offset;
    offset += line.length + 1;
    if ([...line].length <= LIMIT || /^\s*\*\s*\|/.test(line)) return;
    let outside = '';
    for (let c = 0; c < line.length; c++) if (!mask[start + c]) outside += line[c];
    if ([...outside].length + 2 <= LIMIT) return;
    offenders.push(`${file}:${i + 1}: ${[...line].length} characters`);
  });
}
if (offenders.length) {
  console.error(`${offenders.length} line(s) over ${LIMIT} characters (not only because of a literal):`);
  for (const o of offenders.slice(0, 50)) console.error(`  ${o}`);
  process.exit(1);
}
console.log(`line length: ${files.length} files, every line within ${LIMIT} characters (literals apart)`);
