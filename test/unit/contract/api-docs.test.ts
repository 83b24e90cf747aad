import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_SECTIONS } from '../../../src/contract/routes.js';
import { ERROR_STATUSES } from '../../../src/platform/http/error-status.js';
import { API_DOC, renderApiReference, withReference } from '../../../scripts/api-reference.js';

// docs/api.md is written for people (examples, rules, errors per call) and ends with a reference
// generated from the route table of src/contract (`npm run docs:api`). The reference must be the one the
// contract writes now, each section it names must be there to explain its routes, and the error table
// must be the server's.
const apiDoc = readFileSync(API_DOC, 'utf8');

describe('docs/api.md against the HTTP contract', () => {
  it('holds the reference the contract writes now (run `npm run docs:api` after changing src/contract)', () => {
    expect(withReference(apiDoc, renderApiReference())).toBe(apiDoc);
  });

  it('has a section explaining each group of routes of the reference', () => {
    const titles = [...apiDoc.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
    for (const section of ROUTE_SECTIONS) expect(titles).toContain(section.title);
  });

  it('lists every error code with the status the server answers, and no other code', () => {
    const rows = [...apiDoc.matchAll(/^\| `([A-Z_.]+)` \| (\d{3}) \|/gm)].map((match) => [match[1], Number(match[2])]);
    expect(Object.fromEntries(rows)).toEqual(ERROR_STATUSES);
    expect(rows).toHaveLength(Object.keys(ERROR_STATUSES).length);
  });
});
