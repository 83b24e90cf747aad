import type { Database } from '../../../src/platform/db/database.js';

/**
 * Bulk seeding for the API benchmark: one user's documents, their allow-lists and linked local documents,
 * their received mail, and the ledger entries that processed and failed mail leave behind. Everything is
 * `insert … select` over `generate_series`, so 100,000 mails take seconds on Postgres and PGlite alike.
 *
 * Deterministic: no random() anywhere (ids aside), so two runs seed the same shape.
 */
export interface ApiSeedShape {
  documents: number;
  mails: number;
  /** Mails that all go to the oldest document; the rest are spread evenly over the others. */
  hotDocumentMails: number;
  inboundDomain: string;
}

export interface ApiSeedResult {
  /** The document holding `hotDocumentMails` mails (the benchmarked details and received-mails target). */
  hotDocumentId: string;
  /** A document with a typical share of the rest (~80 mails of 100,000 over 1,000 documents). */
  typicalDocumentId: string;
  typicalDocumentMails: number;
  processedMails: number;
  ledgerEntries: number;
}

const DOCUMENT_THEMES = [
  'Weekly notes',
  'Supplier invoices',
  'Client updates',
  'Project Apollo',
  'Newsletters',
  'Team standups',
  'Legal correspondence',
  'Travel bookings',
  'Recruiting',
  'Support escalations',
  'Board papers',
  'Łódź office',
];

// Eight senders: a document allows 1–3 consecutive ones, and its mail comes from those.
const SENDERS = [
  'ada@example.com',
  'grace.hopper@example.org',
  'accounts@supplier.example',
  'noreply@calendar.example.com',
  'team-lead@example.com',
  'linus@example.net',
  'billing@saas.example.io',
  'margaret@example.com',
];

// Senders that are on no allow-list: their mail is ignored.
const STRANGERS = ['newsletter@marketing.example.net', 'promo@deals.example.biz', 'unknown@elsewhere.example'];

const SUBJECTS = [
  'Q3 supplier invoices: two are overdue',
  'Re: contract renewal and the new terms',
  'Weekly report',
  'Fwd: meeting notes from Tuesday',
  'Your booking confirmation',
  'Invoice INV-2041 is due on Friday',
  'Action needed: approve the travel budget',
  'Standup summary',
  'Candidate shortlist for the backend role',
  'Escalation: customer cannot sign in',
  'Board pack for next week',
  'Re: Re: pricing question',
  'Monthly newsletter',
  'Reminder: timesheets',
  'Shipping update for order 7713',
  'Draft agenda',
];

const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
const sqlArray = (values: readonly string[]) => `ARRAY[${values.map(sqlText).join(', ')}]::text[]`;

/** The owner's documents numbered 1… in creation order (1 is the oldest, and the hot one). */
const numberedDocuments = `docs AS (
  SELECT id, name, forward_email, created_at, row_number() OVER (ORDER BY created_at, id) AS n
  FROM documents WHERE owner_id = :owner::uuid
)`;

export async function seedApiBenchmark(db: Database, ownerId: string, shape: ApiSeedShape): Promise<ApiSeedResult> {
  const params = { owner: ownerId, documents: shape.documents, mails: shape.mails, hot: shape.hotDocumentMails, domain: shape.inboundDomain.toLowerCase() };

  // Documents created over the last ~185 days, every ~4.4 hours; forward tokens are base32 (a–z, 2–7).
  await db.raw(
    `INSERT INTO documents (id, owner_id, name, description, forward_token, forward_email, external_id, overwrite_at_beginning, created_at, updated_at)
     SELECT gen_random_uuid(), :owner::uuid, s.name, s.description, s.token,
            rtrim(left(trim(both '-' from regexp_replace(lower(s.name), '[^a-z0-9]+', '-', 'g')), 20), '-') || '-' || s.token || '@' || :domain,
            'local-bench-' || s.token, s.n % 5 <> 0, s.created_at, s.created_at
     FROM (
       SELECT n,
              (${sqlArray(DOCUMENT_THEMES)})[1 + n % ${DOCUMENT_THEMES.length}] || ' ' || n AS name,
              CASE WHEN n % 3 = 0 THEN 'Focus on deadlines, amounts and who has to act next.' ELSE '' END AS description,
              translate(left(md5('mailscribe-bench-' || n), 10), '0189', 'wxyz') AS token,
              now() - interval '185 days' + n * (interval '185 days' / :documents::int) - interval '1 hour' AS created_at
       FROM generate_series(1, :documents::int) AS n
     ) s`,
    params,
  );

  // The linked documents (DOC_STORE=local keeps them in the database).
  await db.raw(
    `INSERT INTO local_docs (id, owner_id, title, intro, created_at)
     SELECT external_id, owner_id, name, '', created_at FROM documents WHERE owner_id = :owner::uuid`,
    params,
  );

  // 1–3 allowed senders per document.
  await db.raw(
    `WITH ${numberedDocuments}
     INSERT INTO document_allowed_emails (document_id, email, added_at)
     SELECT d.id, (${sqlArray(SENDERS)})[1 + (d.n + k) % ${SENDERS.length}], d.created_at
     FROM docs d CROSS JOIN LATERAL generate_series(0, (d.n % 3)::int) AS k
     ORDER BY d.n, k`,
    params,
  );

  // The mail: 90% processed, 5% ignored (sender not allowed), 2% failed, 1% expired, 2% held; received
  // between the document's creation and ten minutes ago. A pseudo-random fraction from a multiplicative
  // hash spreads the dates without random(), so runs are repeatable. Final mail keeps metadata only (raw,
  // parsed and summary dropped, as ProcessMail leaves them); failed and held mail keep their content.
  await db.raw(
    `WITH ${numberedDocuments},
     m AS (
       SELECT i,
              CASE WHEN i <= :hot::int THEN 1 ELSE 2 + i % (:documents::int - 1) END AS n,
              ((i::bigint * 2654435761) % 1000003)::float8 / 1000003 AS f,
              (i * 37) % 100 AS r,
              1 + (i * 13) % 5 AS cost
       FROM generate_series(1, :mails::int) AS i
     ),
     x AS (
       SELECT m.i, m.cost, d.id AS document_id, d.forward_email,
              CASE WHEN m.r < 90 THEN 'processed' WHEN m.r < 95 THEN 'ignored' WHEN m.r < 97 THEN 'failed' WHEN m.r < 98 THEN 'expired' ELSE 'held' END AS status,
              CASE WHEN m.r BETWEEN 90 AND 94 THEN (${sqlArray(STRANGERS)})[1 + m.i % ${STRANGERS.length}]
                   ELSE (${sqlArray(SENDERS)})[1 + (d.n + m.i % (1 + d.n % 3)) % ${SENDERS.length}] END AS source_mail,
              (${sqlArray(SUBJECTS)})[1 + (m.i * 11) % ${SUBJECTS.length}] AS subject,
              date_trunc('milliseconds', d.created_at + (now() - interval '10 minutes' - d.created_at) * m.f) AS received_at
       FROM m JOIN docs d ON d.n = m.n
     )
     INSERT INTO inbound_messages (id, document_id, owner_id, status, reason, envelope, raw, size_bytes, source_mail, subject, used_tokens,
                                   attempts, charge_round, parsed, cost_tokens, written_at, received_at, held_at, finished_at, updated_at)
     SELECT gen_random_uuid(), x.document_id, :owner::uuid, x.status,
            CASE x.status
              WHEN 'ignored' THEN 'Sender ' || x.source_mail || ' is not on this document''s allow-list.'
              WHEN 'failed' THEN 'The summarising model could not summarise this mail: the model refused'
              WHEN 'expired' THEN 'Expired: not enough tokens within 30 days.'
              WHEN 'held' THEN 'Not enough tokens: this mail needs ' || x.cost || CASE WHEN x.cost = 1 THEN ' token' ELSE ' tokens' END || '. It will be processed by itself once tokens are added.'
            END,
            jsonb_build_object('mailFrom', x.source_mail, 'recipients', jsonb_build_array(x.forward_email), 'remoteAddress', '203.0.113.' || (1 + x.i % 250), 'heloName', 'mail.example.com'),
            CASE WHEN x.status IN ('failed', 'held')
                 THEN convert_to('From: ' || x.source_mail || chr(13) || chr(10) || 'Subject: ' || x.subject || chr(13) || chr(10) || chr(13) || chr(10) || 'Hello team, the numbers are in.', 'UTF8') END,
            1500 + (x.i * 97) % 40000, x.source_mail, x.subject,
            CASE WHEN x.status = 'processed' THEN x.cost ELSE 0 END,
            CASE WHEN x.status = 'failed' THEN 1 ELSE 0 END,
            0,
            CASE WHEN x.status IN ('failed', 'held')
                 THEN jsonb_build_object('subject', x.subject, 'from', jsonb_build_object('address', x.source_mail, 'name', ''), 'originalSender', NULL, 'date', NULL, 'text', 'Hello team, the numbers are in.') END,
            CASE WHEN x.status = 'ignored' THEN NULL ELSE x.cost END,
            CASE WHEN x.status = 'processed' THEN x.received_at + interval '3 seconds' END,
            x.received_at,
            CASE WHEN x.status IN ('held', 'expired') THEN x.received_at + interval '1 second' END,
            CASE WHEN x.status = 'expired' THEN x.received_at + interval '30 days'
                 WHEN x.status IN ('processed', 'ignored', 'failed') THEN x.received_at + interval '4 seconds' END,
            x.received_at + interval '4 seconds'
     FROM x
     ORDER BY x.received_at`,
    params,
  );

  await db.raw(
    `UPDATE documents d SET processed_emails_count = c.n
     FROM (SELECT document_id, count(*) AS n FROM inbound_messages WHERE owner_id = :owner::uuid AND status = 'processed' GROUP BY document_id) c
     WHERE d.id = c.document_id`,
    params,
  );

  // What the pipeline leaves in the ledger: an operator grant, then per processed mail a reservation and
  // its settlement (the usage the chart sums), per failed mail a reservation and its refund. Appended in
  // time order, as the ledger grows.
  await db.raw(
    `INSERT INTO token_ledger (user_id, source_key, kind, subscription_delta, additional_delta, tokens, description, payed_usd_cents, related_key, created_at)
     VALUES (:owner::uuid, :owner || ':bench-grant', 'admin_grant', 0, 1000000, 1000000, 'Added by support: benchmark', 0, NULL, now() - interval '190 days')`,
    params,
  );
  await db.raw(
    `WITH mail AS (
       SELECT m.id, m.status, m.subject, m.reason, m.cost_tokens AS cost, m.received_at, d.name AS document_name, 'reserve:' || m.id || '#0' AS reserve_key
       FROM inbound_messages m JOIN documents d ON d.id = m.document_id
       WHERE m.owner_id = :owner::uuid AND m.status IN ('processed', 'failed')
     )
     INSERT INTO token_ledger (user_id, source_key, kind, subscription_delta, additional_delta, tokens, description, payed_usd_cents, related_key, created_at)
     SELECT :owner::uuid, e.source_key, e.kind, 0, e.additional_delta, e.tokens, e.description, 0, e.related_key, e.created_at
     FROM (
       SELECT reserve_key AS source_key, 'reserve' AS kind, -cost AS additional_delta, cost AS tokens, 'Mail: ' || subject AS description, NULL AS related_key, received_at + interval '1 second' AS created_at FROM mail
       UNION ALL
       SELECT 'settle:' || id || '#0', 'settle', 0, cost, 'Summary: ' || subject || ' → ' || document_name, reserve_key, received_at + interval '4 seconds' FROM mail WHERE status = 'processed'
       UNION ALL
       SELECT 'refund:' || id || '#0', 'refund', cost, cost, 'Refund: ' || reason, reserve_key, received_at + interval '4 seconds' FROM mail WHERE status = 'failed'
     ) e
     ORDER BY e.created_at, e.kind`,
    params,
  );
  await db.raw(
    `INSERT INTO token_balances (user_id, subscription_tokens, additional_tokens, max_subscription_tokens)
     SELECT :owner::uuid, 0, sum(additional_delta), 0 FROM token_ledger WHERE user_id = :owner::uuid
     ON CONFLICT (user_id) DO UPDATE SET additional_tokens = excluded.additional_tokens, updated_at = now()`,
    params,
  );

  // Steady state, as autovacuum would leave it: statistics and the visibility map are current.
  for (const table of ['documents', 'document_allowed_emails', 'local_docs', 'inbound_messages', 'token_ledger', 'token_usage_quarters', 'token_usage_totals', 'token_balances', 'users', 'sessions']) {
    await db.raw(`VACUUM ANALYZE ${table}`);
  }

  const [hot, typical] = (await db('documents').where({ owner_id: ownerId }).orderBy([{ column: 'created_at' }, { column: 'id' }]).limit(2).select('id')) as { id: string }[];
  if (!hot || !typical) throw new Error('seeding created too few documents');
  const typicalMails = (await db('inbound_messages').where({ document_id: typical.id }).count({ n: '*' }).first()) as { n: number | string };
  const processed = (await db('inbound_messages').where({ owner_id: ownerId, status: 'processed' }).count({ n: '*' }).first()) as { n: number | string };
  const ledger = (await db('token_ledger').where({ user_id: ownerId }).count({ n: '*' }).first()) as { n: number | string };
  return { hotDocumentId: hot.id, typicalDocumentId: typical.id, typicalDocumentMails: Number(typicalMails.n), processedMails: Number(processed.n), ledgerEntries: Number(ledger.n) };
}
