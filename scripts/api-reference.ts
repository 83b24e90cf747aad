// `npm run docs:api`: writes docs/api.md's reference (§ Reference) from the route table of src/contract:
// each route's method, path, auth, status, and the fields of its params, query, body and answer with
// their types. Only the part between the two markers is written; the prose around it is the people's.
// test/unit/contract/api-docs.test.ts fails when the file differs from what this writes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toJSONSchema, type $ZodType } from 'zod/v4/core';
import type { RouteDeclaration } from '../src/contract/route.js';
import { ROUTE_SECTIONS } from '../src/contract/routes.js';

export const START_MARKER = '<!-- contract-reference:start (written by `npm run docs:api` from src/contract; do not edit) -->';
export const END_MARKER = '<!-- contract-reference:end -->';
export const API_DOC = join(fileURLToPath(new URL('..', import.meta.url)), 'docs/api.md');

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
};

const SAFE = Number.MAX_SAFE_INTEGER;
/** The alternatives of a union, nested unions (a nullable one) flattened; null for a schema that is none. */
function alternativesOf(schema: JsonSchema): JsonSchema[] | null {
  const direct = schema.anyOf ?? schema.oneOf;
  return direct ? direct.flatMap((alternative) => alternativesOf(alternative) ?? [alternative]) : null;
}
const hasFields = (schema: JsonSchema): boolean => schema.type === 'object' || (schema.type === 'array' && !!schema.items && hasFields(schema.items)) || (alternativesOf(schema) ?? []).some(hasFields);

/** `from–to`, `at least`, `at most` a bound, leaving out the unbounded ends zod writes as ±2^53. */
function bounds(min: number | undefined, max: number | undefined, unit: string): string | null {
  const low = min !== undefined && min > -SAFE ? min : undefined;
  const high = max !== undefined && max < SAFE ? max : undefined;
  if (low !== undefined && high !== undefined) return low === high ? `${low}${unit}` : `${low}–${high}${unit}`;
  if (low !== undefined) return `at least ${low}${unit}`;
  if (high !== undefined) return `at most ${high}${unit}`;
  return null;
}

/** A type without its notes: `string`, `integer`, `"pass" | "fail"`, `object[]`. */
function baseOf(schema: JsonSchema): string {
  const alternatives = alternativesOf(schema);
  if (alternatives) return [...new Set(alternatives.map(baseOf))].join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.map((type) => baseOf({ ...schema, type })).join(' | ');
  if (schema.type === 'array') return `${schema.items ? baseOf(schema.items) : 'unknown'}[]`;
  if (schema.type === 'string' && schema.format) return `string (${schema.format})`;
  return schema.type ?? 'any';
}

/** What else a field's schema says: lengths, ranges, list sizes, each item's limits. */
function notesOf(schema: JsonSchema): string[] {
  const numeric = schema.type === 'integer' || schema.type === 'number' ? bounds(schema.minimum, schema.maximum, '') : null;
  const length = bounds(schema.minLength, schema.maxLength, ' characters');
  const items = schema.type === 'array' ? bounds(schema.minItems, schema.maxItems, ' items') : null;
  const each = schema.type === 'array' && schema.items ? notesOf(schema.items).map((note) => `each ${note}`) : [];
  return [numeric, length, items, ...each].filter((note): note is string => note !== null);
}

/** How an alternative of a union is named: by its constant field (`kind "retry"`), else by its place. */
function labelOf(alternative: JsonSchema, index: number, count: number): string {
  const constant = Object.entries(alternative.properties ?? {}).find(([, field]) => field.const !== undefined);
  return constant ? `${constant[0]} ${JSON.stringify(constant[1].const)}` : `${index + 1} of ${count}`;
}

/** The field lines of a schema: one per field, nested ones by path (`tabs[].id`), each alternative of a union in turn. */
function fieldLines(schema: JsonSchema, path: string, optional: boolean): string[] {
  const lines: string[] = [];
  if (path) {
    const notes = [...notesOf(schema), schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : '', schema.description ?? ''].filter(Boolean);
    lines.push(`\`${path}${optional ? '?' : ''}\`: ${baseOf(schema)}${notes.length ? ` (${notes.join('; ')})` : ''}`);
  } else if (schema.description) {
    lines.push(schema.description);
  }
  const alternatives = (alternativesOf(schema) ?? []).filter(hasFields);
  if (alternatives.length === 1 && alternatives[0]) lines.push(...fieldLines(alternatives[0], path, false).slice(path ? 1 : 0));
  if (alternatives.length > 1) {
    alternatives.forEach((alternative, index) => {
      const label = `(${labelOf(alternative, index, alternatives.length)})`;
      lines.push(...fieldLines(alternative, path ? `${path} ${label}` : label, false).slice(1));
    });
  }
  if (schema.type === 'array' && schema.items && hasFields(schema.items)) lines.push(...fieldLines(schema.items, `${path}[]`, false).slice(1));
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const child = path ? (path.endsWith(')') ? `${path} ${name}` : `${path}.${name}`) : name;
    lines.push(...fieldLines(field, child, !(schema.required ?? []).includes(name)));
  }
  return lines;
}

function jsonSchemaOf(schema: $ZodType, io: 'input' | 'output'): JsonSchema {
  return toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
}

function part(title: string, schema: $ZodType | null | undefined, io: 'input' | 'output'): string[] {
  if (!schema) return [];
  const root = jsonSchemaOf(schema, io);
  const head = root.type === 'object' ? '' : ` ${baseOf(root)}`;
  return [`- ${title}:${head}`, ...fieldLines(root, '', false).map((line) => `  - ${line}`)];
}

function routeLines(route: RouteDeclaration): string[] {
  const statuses = [route.status, ...(route.otherStatuses ?? [])].join(' or ');
  const aliases = route.aliases?.length ? ` (also ${route.aliases.map((alias) => `\`${alias}\``).join(', ')})` : '';
  const parts = [
    ...part('params', route.params, 'input'),
    ...part('query', route.query, 'input'),
    ...part('body', route.body, 'input'),
    ...part('answer', route.answer, 'output'),
    ...part('events (each `event` with its `data`)', route.events, 'output'),
  ];
  const answer = route.answer === null && !route.events ? ' with no body' : route.attachment ? ' (a JSON file to download)' : '';
  return [`#### \`${route.method} ${route.path}\`${aliases}`, '', `${route.summary} *${route.auth}*; answers ${statuses}${answer}.`, ...(parts.length ? ['', ...parts] : [])];
}

/** The generated reference: every route of the contract, section by section. */
export function renderApiReference(): string {
  const blocks = ROUTE_SECTIONS.map((section) => [`### ${section.title}`, '', ...Object.values(section.routes).flatMap((route) => [...routeLines(route), ''])].join('\n'));
  return `${START_MARKER}\n\n${blocks.join('\n').trimEnd()}\n\n${END_MARKER}`;
}

/** `markdown` with its reference replaced by `reference`; the markers must be there, once each. */
export function withReference(markdown: string, reference: string): string {
  const start = markdown.indexOf(START_MARKER);
  const end = markdown.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`docs/api.md needs the markers ${START_MARKER} and ${END_MARKER}`);
  return markdown.slice(0, start) + reference + markdown.slice(end + END_MARKER.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const markdown = readFileSync(API_DOC, 'utf8');
  const written = withReference(markdown, renderApiReference());
  if (written !== markdown) writeFileSync(API_DOC, written);
  console.log(written === markdown ? 'docs/api.md: the reference is up to date' : 'docs/api.md: the reference is written');
}
