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
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_DIR: z.string().min(1).default('./dist/web'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFlag.default(false),
  // Bearer token for GET /metrics; unset leaves it open. No spaces: it travels in a header.
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
  LLM_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  OPENAI_BASE_URL: optionalText.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalText,
  OPENAI_MODEL: optionalText,
  OPENAI_TIMEOUT_MS: positiveInt.default(60_000),

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

  SENDER_AUTH: z.enum(['off', 'report', 'enforce']).default('report'),
  CHARS_PER_TOKEN: positiveInt.default(2000),
  MAX_INPUT_CHARS: positiveInt.default(100_000),
  HOLD_DAYS: positiveInt.default(30),
  MAX_MESSAGE_BYTES: positiveInt.default(10_485_760),
  SMTP_TLS_KEY_FILE: optionalText,
  SMTP_TLS_CERT_FILE: optionalText,
  SMTP_MAX_CONNECTIONS_PER_IP: positiveInt.default(10),
  SMTP_MESSAGES_PER_MINUTE_PER_IP: positiveInt.default(60),
  WORKER_CONCURRENCY: positiveInt.default(2),
  JOB_TIMEOUT_SECONDS: positiveInt.default(300),
  JOB_MAINTENANCE_SECONDS: positiveInt.default(30),
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(1),

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
});

export type RawConfig = z.infer<typeof configSchema>;
