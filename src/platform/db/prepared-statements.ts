import type pg from 'pg';

type Callback = (error: Error | null, result?: unknown) => void;
type QueryConfig = { text: string; values?: unknown[]; name?: string; callback?: Callback; submit?: unknown };
type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/**
 * One name per distinct SQL text, shared by every connection of a pool. The app's statements are few
 * (knex builds the same text for the same query shape); texts beyond `maxTexts`, or longer than
 * `maxTextLength` (a long IN list), are sent unnamed as before.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly maxTexts = 2_000,
    private readonly maxTextLength = 16_384,
  ) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.maxTexts || text.length > this.maxTextLength) return known;
    const name = `mailscribe_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

/** Postgres refuses a kept plan whose columns a migration changed (`SELECT *` after `ADD COLUMN`). */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test((error as Error).message);
}

/**
 * Makes a connection send each parameterised statement as a named prepared statement, so that Postgres
 * parses and plans it once per connection instead of on every call. Measured on the mail pipeline:
 * planning cost Postgres more CPU than executing (3.7 ms against 3.0 ms per mail), as node-postgres
 * otherwise sends every statement unnamed. At most `perConnection` statements are kept per connection
 * (a connection lives until the pool retires it); a statement whose kept plan a migration made stale runs
 * again unnamed, once, and that name is not used on this connection again.
 */
export function keepStatementsPrepared(client: pg.Client, names: StatementNames, perConnection = 500): void {
  const original = client.query.bind(client) as Query;
  const kept = new Set<string>();
  const stale = new Set<string>();
  const named = (config: unknown, values: unknown, callback: unknown): { config: QueryConfig; callback: Callback | undefined } | null => {
    let query: QueryConfig;
    let done: unknown = callback;
    if (typeof config === 'string') {
      if (!Array.isArray(values)) return null;
      query = { text: config, values };
    } else if (config !== null && typeof config === 'object' && typeof (config as QueryConfig).text === 'string') {
      const given = config as QueryConfig;
      // A Submittable (a cursor, a stream) or a statement named by its caller is left as it is.
      if (typeof given.submit === 'function' || given.name) return null;
      query = { ...given, ...(Array.isArray(values) ? { values } : {}) };
      if (typeof values === 'function') done = values;
      done ??= given.callback;
      delete query.callback;
    } else {
      return null;
    }
    // Without parameters node-postgres uses the simple protocol, which may carry several statements.
    if (!query.values || query.values.length === 0) return null;
    return { config: query, callback: typeof done === 'function' ? (done as Callback) : undefined };
  };

  (client as unknown as { query: Query }).query = (config, values, callback) => {
    const call = named(config, values, callback);
    const name = call ? names.nameOf(call.config.text) : undefined;
    if (!call || name === undefined || stale.has(name) || (!kept.has(name) && kept.size >= perConnection)) return original(config, values, callback);
    kept.add(name);
    const { config: query, callback: done } = call;
    if (done) {
      original({ ...query, name }, (error: Error | null, result?: unknown) => {
        if (!isStalePlan(error)) return done(error, result);
        stale.add(name);
        original(query, done);
      });
      return undefined;
    }
    return (original({ ...query, name }) as Promise<unknown>).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      stale.add(name);
      return original(query);
    });
  };
}
