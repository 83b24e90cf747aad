import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Every variable the operator can set. Names are fixed by the configuration contract; defaults are the
 * embedded ones, so `npm start` needs none of them.
 */
const ROLE_NAMES = ['http', 'smtp', 'worker'] as const;
export type Role = (typeof ROLE_NAMES)[number];

const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const usd = z.coerce.number().positive().max(100_000);
const planTokens = z.coerce.number().int().positive().max(100_000_000);
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * `address/prefix` (IPv4 or IPv6) → the same, or null. A /0 would trust every peer to name the address
 * the limits count, so it is refused.
 */
function parseCidr(text: string): string | null {
  const match = /^([^/]+)\/(\d{1,3})$/.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const family = isIP(match[1]);
  const prefix = Number(match[2]);
  if (family === 0 || prefix < 1 || prefix > (family === 4 ? 32 : 128)) return null;
  return `${match[1].toLowerCase()}/${prefix}`;
}

const roles = z
  .string()
  .transform((value, ctx) => {
    const names = value
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    const unknown = names.filter((name) => !(ROLE_NAMES as readonly string[]).includes(name));
    if (unknown.length > 0 || names.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a comma-separated list of ${ROLE_NAMES.join(', ')}; got "${value}"`,
      });
      return z.NEVER;
    }
    return [...new Set(names)] as Role[];
  });

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: port.default(3000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMTP_PORT: port.default(2525),
  SMTP_HOST: z.string().min(1).default('0.0.0.0'),
  INBOUND_DOMAIN: z.string().min(1).default('localhost'),
  ROLES: roles.default(['http', 'smtp', 'worker']),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  // Named prepared statements on Postgres (planned once per connection). Off behind a pooler in transaction
  // mode that does not keep them (PgBouncer before 1.21, or without max_prepared_statements).
  DATABASE_PREPARED_STATEMENTS: booleanFlag.default(true),
  DATA_DIR: z.string().min(1).default('./data'),
  // Embedded database only: below this much free space in DATA_DIR, SMTP answers 452 and /readyz 503 (0: no
  // check). Above one 16 MB WAL segment, so PGlite never meets a full disk while the check holds.
  DATA_DIR_MIN_FREE_MB: z.coerce.number().int().min(0).default(64),
  WEB_DIR: z.string().min(1).default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Unset: readable in a development terminal, JSON lines everywhere else.
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  TRUST_PROXY: booleanFlag.default(false),
  // Each JSON answer checked against src/contract, a mismatch answering 500 (docs/api.md § Reference). Unset: on outside production.
  API_ANSWER_CHECKS: optionalText.pipe(booleanFlag.optional()),
  // Bearer token for GET /metrics; unset leaves it open, except in production, where the loader makes one
  // for each start. No spaces: it travels in a header.
  METRICS_TOKEN: optionalText.pipe(
    z
      .string()
      .regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable ASCII characters without spaces (openssl rand -hex 32)')
      .optional(),
  ),

  AUTH_PROVIDER: z.enum(['dev', 'google']).default('dev'),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,

  DOC_STORE: z.enum(['local', 'google']).default('local'),
  // A document continues in a new linked document before a write would pass this many characters; the
  // store's own limit applies when lower (docs/operations.md § Documents that never fill up).
  DOC_CONTINUATION_CHARACTERS: positiveInt.min(10_000).max(1_000_000).default(900_000),
  // Google's quotas a minute: 60 writes per user, 600 per project (all users together), 300 reads per user.
  // Kept below them across every process (docs/operations.md, "Google's quotas"); a full budget makes a mail wait.
  DOC_WRITES_PER_MINUTE_PER_USER: positiveInt.default(50),
  DOC_WRITES_PER_MINUTE_PER_PROJECT: positiveInt.default(500),
  // At least the 2 reads one block's write makes.
  DOC_READS_PER_MINUTE_PER_USER: positiveInt.min(2).default(250),
  LLM_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: positiveInt.default(60_000),
  // The most tokens one answer may use: a full summary in a wordy language fits in about 2,000.
  OPENAI_MAX_OUTPUT_TOKENS: positiveInt.min(256).max(100_000).default(2_000),

  BILLING: z.enum(['local', 'stripe', 'off']).default('local'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Another Stripe API endpoint (a local fake in tests); Stripe's own by default.
  STRIPE_API_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // The local test-mode checkout's prices (BILLING=local): dollars, and tokens per month of each plan.
  LOCAL_PRICE_BASIC_USD: usd.default(9),
  LOCAL_PLAN_BASIC_TOKENS: planTokens.default(500),
  LOCAL_PRICE_PRO_USD: usd.default(29),
  LOCAL_PLAN_PRO_TOKENS: planTokens.default(2000),
  LOCAL_PRICE_TOKEN_USD: usd.default(0.02),

  // Unset: `enforce` in production, `report` elsewhere (see loadConfig).
  SENDER_AUTH: optionalText.pipe(z.enum(['off', 'report', 'enforce']).optional()),
  // The same message delivered again to the same document within this many days is a duplicate.
  DEDUP_DAYS: positiveInt.default(7),
  CHARS_PER_TOKEN: positiveInt.default(2000),
  MAX_INPUT_CHARS: positiveInt.default(100_000),
  HOLD_DAYS: positiveInt.default(30),
  // A mail's record (sender, subject, status, tokens) is deleted this many days after it arrived.
  MAIL_LOG_DAYS: positiveInt.default(365),
  // Attachments (docs/attachments.md): read in a sandboxed child process, each within these limits.
  ATTACHMENTS: z.enum(['on', 'off']).default('on'),
  // Text in images through OCR: off by default (about 1 s of CPU and 200 MB of memory per image).
  ATTACHMENT_OCR: z.enum(['on', 'off']).default('off'),
  ATTACHMENT_MAX_MB: z.coerce.number().positive().max(100).default(20),
  ATTACHMENT_MAX_PAGES: positiveInt.max(10_000).default(200),
  ATTACHMENT_TIMEOUT_MS: positiveInt.min(100).default(15_000),
  ATTACHMENT_MEMORY_MB: positiveInt.min(64).default(512),
  ATTACHMENTS_PER_MAIL: positiveInt.max(100).default(20),
  MAX_MESSAGE_BYTES: positiveInt.default(10_485_760),
  SMTP_TLS_KEY_FILE: optionalText,
  SMTP_TLS_CERT_FILE: optionalText,
  SMTP_MAX_CONNECTIONS_PER_IP: positiveInt.default(10),
  SMTP_MESSAGES_PER_MINUTE_PER_IP: positiveInt.default(60),
  SMTP_SESSION_TIMEOUT_SECONDS: positiveInt.default(600),
  SMTP_IDLE_TIMEOUT_SECONDS: positiveInt.default(60),
  SMTP_MAX_CONNECTIONS: positiveInt.default(500),
  // Simultaneous connections per IPv4 /24 and per IPv6 /64, on top of the per-IP cap.
  SMTP_MAX_CONNECTIONS_PER_IPV4_24: positiveInt.default(25),
  SMTP_MAX_CONNECTIONS_PER_IPV6_64: positiveInt.default(25),
  // A connection that has not sent MAIL FROM this long after connecting gets 421 4.4.2 and is closed.
  SMTP_MAIL_FROM_TIMEOUT_SECONDS: positiveInt.default(30),
  // Share of SMTP_MAX_CONNECTIONS only peers whose network had a message accepted lately may take.
  SMTP_RESERVED_CONNECTIONS_PERCENT: z.coerce.number().int().min(0).max(90).default(10),
  // Comma-separated CIDRs of the relays (an MX) in front of the listener, e.g. `127.0.0.1/32,::1/128`.
  SMTP_TRUSTED_RELAYS: z.string().default('').transform((value, ctx) => {
    const cidrs: string[] = [];
    for (const item of value.split(',').map((part) => part.trim()).filter(Boolean)) {
      const cidr = parseCidr(item);
      if (!cidr) {
        ctx.addIssue({ code: 'custom', message: `"${item}" is not a CIDR with a non-zero prefix (e.g. 203.0.113.10/32, 2001:db8::/64)` });
        return z.NEVER;
      }
      cidrs.push(cidr);
    }
    return cidrs;
  }),
  WORKER_CONCURRENCY: positiveInt.default(2),
  JOB_TIMEOUT_SECONDS: positiveInt.default(300),
  JOB_MAINTENANCE_SECONDS: positiveInt.default(30),
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  // A comment line on every live-updates stream this often; the session is checked again at each one.
  EVENTS_HEARTBEAT_SECONDS: z.coerce.number().min(0.05).max(60).default(15),
  // How long a checked session is trusted in process memory; a logout or refresh in any process drops it at once. 0 = no cache.
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  // How long a process trusts a document it read (for mail, the details view, list pages) from memory; a change in any process drops it at once. 0 = no cache.
  DOCUMENT_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),

  JWT_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  ENCRYPTION_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 32 bytes as 64 hex characters (openssl rand -hex 32)')
      .optional(),
  ),
  LANDING_VIDEO_URL: optionalText.pipe(z.url({ protocol: /^https$/ }).optional()),
  SOCIAL_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  // Lenient on purpose: the embedded default `support@localhost` has no dot in its domain.
  SUPPORT_EMAIL: z.string().regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address').default('support@localhost'),
  // Notification mails (docs/operations.md, "Notifications"): the SMTP server that sends them, as
  // smtp[s]://user:pass@host:port. Unset: the development outbox (/dev/outbox), or no notifications in production.
  NOTIFY_SMTP_URL: optionalText.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  // The From of notification mails, e.g. `Mailscribe <no-reply@example.com>`; unset: no-reply@INBOUND_DOMAIN.
  NOTIFY_FROM: optionalText,
});

export type RawConfig = z.infer<typeof configSchema>;
