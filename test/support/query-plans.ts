import type pg from 'pg';
import { expect } from 'vitest';
import type { Database } from '../../src/platform/db/database.js';

// What Postgres plans for the statements a read sends: they are recorded as the read runs, then explained
// on a connection of their own, for tests that pin a read to its indexes.

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

export interface RecordedQuery {
  sql: string;
  bindings: readonly unknown[];
}

/** The node and every node below it. */
function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** Runs a read and records the statements it sends. */
export async function recordedQueries(db: Database, read: () => Promise<unknown>): Promise<RecordedQuery[]> {
  const queries: RecordedQuery[] = [];
  const record = (query: RecordedQuery) => queries.push({ sql: query.sql, bindings: query.bindings });
  db.on('query', record);
  try {
    await read();
  } finally {
    db.off('query', record);
  }
  return queries;
}

/** The nodes of a recorded statement's plan; `explainer` is a Postgres connection (the SQL is in its `$1` form). */
export async function planNodesOf(explainer: pg.Client, query: RecordedQuery): Promise<PlanNode[]> {
  const result = await explainer.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${query.sql}`, [...query.bindings]);
  const plan = result.rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error(`no plan for ${query.sql}`);
  return nodesOf(plan);
}

/**
 * Runs a read and checks the plan of every statement it sends: at least one, none scanning one of the
 * `guarded` tables sequentially, each using an index.
 */
export async function expectIndexedReadsOn(db: Database, explainer: pg.Client, guarded: readonly string[], read: () => Promise<unknown>): Promise<void> {
  const queries = await recordedQueries(db, read);
  expect(queries.length).toBeGreaterThan(0);
  for (const query of queries) {
    const nodes = await planNodesOf(explainer, query);
    const context = `${query.sql}\n${nodes.map((node) => `${node['Node Type']} ${node['Relation Name'] ?? ''} ${node['Index Name'] ?? ''}`).join('\n')}`;
    const sequential = nodes.filter((node) => node['Node Type'] === 'Seq Scan' && guarded.includes(node['Relation Name'] ?? ''));
    expect(sequential, context).toEqual([]);
    expect(
      nodes.some((node) => ['Index Scan', 'Index Only Scan', 'Bitmap Index Scan'].includes(node['Node Type'])),
      context,
    ).toBe(true);
  }
}
