import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUSES } from '../../../src/platform/http/error-status.js';
import { filesIn, repoRoot } from '../../support/typecheck.js';

// docs/api.md is written for people (examples, rules, errors per call), so it is checked against the
// contract rather than generated from it: every field name and every string value a contract type
// allows must appear, as code, in the part of docs/api.md that covers its area (or in Conventions,
// which every area shares: paged tables, `{ "ok": true }`).
const SHARED_SECTION = 'Conventions';
const SECTIONS_BY_FILE: Record<string, string[]> = {
  'common.ts': ['Errors'],
  'platform.ts': ['Health, metrics and public configuration'],
  'session.ts': ['Session'],
  'documents.ts': ['Documents'],
  'received-mails.ts': ['Received mail'],
  'usage.ts': ['Tokens'],
  'billing.ts': ['Prices, checkouts and the billing email', 'Stripe webhook (`BILLING=stripe`)'],
  'subscription.ts': ['Subscription'],
  'events.ts': ['Live updates'],
  'retention.ts': ['Health, metrics and public configuration'],
  'account.ts': ['Account'],
  'notifications.ts': ['Notifications'],
};

const apiDoc = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');
const contractFiles = filesIn('src/contract', '.ts');

/** The `## ` sections of docs/api.md by title. */
function sections(markdown: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of markdown.split(/^## /m).slice(1)) {
    const newline = part.indexOf('\n');
    found.set(part.slice(0, newline).trim(), part.slice(newline));
  }
  return found;
}

/** What a section shows as code: fenced blocks and inline code spans, where field names are written. */
function codeOf(markdown: string): string {
  return [...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].map((match) => match[1] ?? match[2]).join('\n');
}

/** Field names and string values of every type a contract file exports, nested ones included. */
function namesByFile(): Map<string, Set<string>> {
  const program = ts.createProgram({ rootNames: contractFiles.map((path) => join(repoRoot, path)), options: { strict: true, noEmit: true } });
  const checker = program.getTypeChecker();
  const byFile = new Map<string, Set<string>>();
  for (const path of contractFiles) {
    const names = new Set<string>();
    const seen = new Set<ts.Type>();
    const visit = (type: ts.Type): void => {
      if (seen.has(type)) return;
      seen.add(type);
      if (type.isUnion() || type.isIntersection()) return type.types.forEach(visit);
      if (type.isStringLiteral()) return void names.add(type.value);
      if (checker.isArrayType(type)) return checker.getTypeArguments(type as ts.TypeReference).forEach(visit);
      if (!(type.flags & ts.TypeFlags.Object)) return;
      for (const property of checker.getPropertiesOfType(type)) {
        names.add(property.name);
        visit(checker.getTypeOfSymbol(property));
      }
    };
    const source = program.getSourceFile(join(repoRoot, path));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${path} exports nothing`);
    for (const exported of checker.getExportsOfModule(module)) visit(checker.getDeclaredTypeOfSymbol(exported));
    byFile.set(path, names);
  }
  return byFile;
}

describe('docs/api.md against the HTTP contract', () => {
  const documented = sections(apiDoc);

  it('covers every file of src/contract with sections that exist', () => {
    expect(contractFiles.map((path) => path.replace('src/contract/', '')).sort()).toEqual(Object.keys(SECTIONS_BY_FILE).sort());
    for (const title of [SHARED_SECTION, ...Object.values(SECTIONS_BY_FILE).flat()]) expect([...documented.keys()]).toContain(title);
  });

  it('names every field and value of every contract type in its section', () => {
    const missing: string[] = [];
    for (const [path, names] of namesByFile()) {
      const titles = [...(SECTIONS_BY_FILE[path.replace('src/contract/', '')] ?? []), SHARED_SECTION];
      const code = codeOf(titles.map((title) => documented.get(title) ?? '').join('\n'));
      expect(names.size, path).toBeGreaterThan(0);
      for (const name of names) {
        if (!new RegExp(`(?<![\\w.-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(code)) missing.push(`${path}: ${name} (in ${titles.join(' / ')})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists every error code with the status the server answers, and no other code', () => {
    const rows = [...apiDoc.matchAll(/^\| `([A-Z_.]+)` \| (\d{3}) \|/gm)].map((match) => [match[1], Number(match[2])]);
    expect(Object.fromEntries(rows)).toEqual(ERROR_STATUSES);
    expect(rows).toHaveLength(Object.keys(ERROR_STATUSES).length);
  });
});
