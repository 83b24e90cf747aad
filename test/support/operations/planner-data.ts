import type { Database } from '../../../src/platform/db/database.js';

// Enough rows that Postgres' planner has a real choice, for the tests that pin the plans of the hot reads
// (test/integration/operations/read-plans.test.ts): 2,000 users with their sessions, ledgers, documents and
// mail, and one heavy user with 180 days of it.

/** The tables no hot read may scan sequentially; analysed once seeded. */
export const GUARDED_TABLES = [
  'sessions',
  'users',
  'token_ledger',
  'token_usage_quarters',
  'token_usage_totals',
  'documents',
  'document_allowed_emails',
  'inbound_messages',
  'inbound_message_totals',
];
const USERS = 2_000;
export const HEAVY_SETTLEMENTS = 40_000;
const OTHER_USERS_SETTLEMENTS = 40;
export const HEAVY_DOCUMENTS = 1_000;
const OTHER_USERS_DOCUMENTS = 3;
/** The heavy user's busiest document, and every user's one document with a few mails. */
export const HOT_DOCUMENT_MAILS = 20_000;
const MAILS_PER_OTHER_DOCUMENT = 20;

/** The seeded rows the tests read: the heavy user, one of their live sessions and their document with the most mail. */
export interface PlannerData {
  heavyUser: string;
  sessionId: string;
  hotDocument: string;
}

/** Seeds `db`, a migrated and empty Postgres database, and analyses the guarded tables. */
export async function seedPlannerData(db: Database): Promise<PlannerData> {
  await db.raw(
    `INSERT INTO users (id, provider, provider_subject, email, name)
     SELECT gen_random_uuid(), 'dev', 'dev:user-' || n, 'user-' || n || '@example.com', 'User ' || n FROM generate_series(1, ?::int) AS n`,
    [USERS],
  );
  // Ten sessions per user, most of them ended.
  await db.raw(
    `INSERT INTO sessions (id, user_id, expires_at, revoked_at)
     SELECT gen_random_uuid(), u.id, now() + interval '30 days', CASE WHEN k < 9 THEN now() END FROM users u CROSS JOIN generate_series(0, 9) AS k`,
  );
  const heavyUser = ((await db('users').where({ email: 'user-1@example.com' }).first('id')) as { id: string }).id;
  const sessionId = ((await db('sessions').where({ user_id: heavyUser }).whereNull('revoked_at').first('id')) as { id: string }).id;
  // The heavy user: 180 days of mail, each a reservation and its settlement, and a few grants. Everyone
  // else: a grant and a settlement every few days.
  await db.raw(
    `INSERT INTO token_ledger (user_id, source_key, kind, subscription_delta, additional_delta, tokens, description, created_at)
     SELECT ?::uuid, kind || ':' || n, kind, 0, CASE WHEN kind = 'reserve' THEN -1 ELSE 0 END, 1 + n % 5, 'Mail ' || n,
            now() - (n::float8 / ?::int) * interval '180 days'
     FROM generate_series(1, ?::int) AS n CROSS JOIN (VALUES ('reserve'), ('settle')) AS k (kind)`,
    [heavyUser, HEAVY_SETTLEMENTS, HEAVY_SETTLEMENTS],
  );
  await db.raw(
    `INSERT INTO token_ledger (user_id, source_key, kind, subscription_delta, additional_delta, tokens, description, created_at)
     SELECT ?::uuid, 'grant:' || n, 'purchase_grant', 0, 1000, 1000, 'Purchase', now() - n * interval '30 days' FROM generate_series(1, 6) AS n`,
    [heavyUser],
  );
  await db.raw(
    `INSERT INTO token_ledger (user_id, source_key, kind, subscription_delta, additional_delta, tokens, description, created_at)
     SELECT u.id, u.id || ':' || k, CASE WHEN k = 0 THEN 'admin_grant' ELSE 'settle' END, 0, 0, 1, 'Entry', now() - k * interval '4 days 1 hour'
     FROM users u CROSS JOIN generate_series(0, ?::int) AS k WHERE u.id <> ?::uuid`,
    [OTHER_USERS_SETTLEMENTS, heavyUser],
  );
  // One document per user with a few mails and three allowed senders; the heavy user's has 20,000 mails.
  await db.raw(
    `INSERT INTO documents (id, owner_id, name, forward_token, forward_email, external_id)
     SELECT gen_random_uuid(), u.id, 'Doc of ' || u.email, md5(u.id::text), md5(u.id::text) || '@in.example.com', 'local-' || md5(u.id::text) FROM users u`,
  );
  const hotDocument = ((await db('documents').where({ owner_id: heavyUser }).first('id')) as { id: string }).id;
  // Beside it, the heavy user's 1,000 more documents (Polish names) and everyone else's three, without mail.
  await db.raw(
    `INSERT INTO documents (id, owner_id, name, forward_token, forward_email, external_id, created_at)
     SELECT id, owner_id, name, id::text, id::text || '@in.test', 'local-' || id::text, created_at FROM (
       SELECT gen_random_uuid() AS id, ?::uuid AS owner_id, (ARRAY['Łódź', 'Lublin', 'żaba', 'Zebra', 'Ćma'])[1 + n % 5] || ' ' || n AS name,
              now() - n * interval '1 hour' AS created_at
       FROM generate_series(1, ?::int) AS n
       UNION ALL
       SELECT gen_random_uuid(), u.id, 'Doc ' || k, now() - k * interval '1 day' FROM users u CROSS JOIN generate_series(1, ?::int) AS k WHERE u.id <> ?::uuid
     ) AS seeded`,
    [heavyUser, HEAVY_DOCUMENTS, OTHER_USERS_DOCUMENTS, heavyUser],
  );
  await db.raw(`INSERT INTO document_allowed_emails (document_id, email) SELECT d.id, 'sender-' || k || '@example.com' FROM documents d CROSS JOIN generate_series(1, 3) AS k`);
  await db.raw(
    `INSERT INTO inbound_messages (id, document_id, owner_id, status, envelope, size_bytes, source_mail, subject, used_tokens, received_at)
     SELECT gen_random_uuid(), d.id, d.owner_id, 'processed', '{}', 100, 'sender-' || k % 3 || '@example.com', 'Mail ' || k, 1 + k % 5,
            now() - k * interval '7 minutes'
     FROM documents d CROSS JOIN LATERAL generate_series(1, CASE WHEN d.id = ?::uuid THEN ?::int ELSE ?::int END) AS k
     WHERE d.name LIKE 'Doc of %'`,
    [hotDocument, HOT_DOCUMENT_MAILS, MAILS_PER_OTHER_DOCUMENT],
  );
  // As autovacuum leaves them: statistics and visibility current.
  for (const table of GUARDED_TABLES) await db.raw(`VACUUM ANALYZE ${table}`);
  return { heavyUser, sessionId, hotDocument };
}
