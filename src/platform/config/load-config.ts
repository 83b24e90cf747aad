import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { configSchema } from './config.schema.js';
import { ConfigError, type AppConfig } from './config.js';
import { loadOrCreateDevSecrets } from './dev-secrets.js';

export interface LoadConfigOptions {
  /** Variables to read; defaults to process.env merged over `.env`. */
  env?: Record<string, string | undefined>;
  /** Path of the dotenv file; ignored when `env` is given. */
  envFile?: string;
  /**
   * Told about a value generated because it was missing: in production, `METRICS_TOKEN` (a new one at
   * every start), so the caller can show it to the operator once.
   */
  onGenerated?: (variable: 'METRICS_TOKEN', value: string) => void;
}

/** Reads `.env` (when present) and the environment; the environment wins. */
export function readEnvironment(envFile = '.env'): Record<string, string | undefined> {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  return { ...fromFile, ...process.env };
}

/**
 * Validates every variable at once and reports all problems together, so an operator fixes the file in
 * one pass. In development, missing secrets are generated into DATA_DIR and kept across restarts. In
 * production `/metrics` is never open: without `METRICS_TOKEN` a random one is made for this start.
 */
export function loadConfig(options: LoadConfigOptions = {}): AppConfig {
  const env = options.env ?? readEnvironment(options.envFile);
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const raw = parsed.data;
  const problems: string[] = [];
  const production = raw.NODE_ENV === 'production';

  if (production && raw.AUTH_PROVIDER === 'dev') {
    problems.push('AUTH_PROVIDER: the dev sign-in is refused in production; set AUTH_PROVIDER=google');
  }
  if (production && raw.BILLING === 'local') {
    problems.push('BILLING: the local test-mode checkout is refused in production; set BILLING=stripe or BILLING=off');
  }
  if (production && !raw.JWT_SECRET) problems.push('JWT_SECRET: required in production (openssl rand -hex 32)');
  if (production && !raw.ENCRYPTION_KEY) problems.push('ENCRYPTION_KEY: required in production (openssl rand -hex 32)');
  if (raw.AUTH_PROVIDER === 'google') {
    if (!raw.GOOGLE_CLIENT_ID) problems.push('GOOGLE_CLIENT_ID: required when AUTH_PROVIDER=google');
    if (!raw.GOOGLE_CLIENT_SECRET) problems.push('GOOGLE_CLIENT_SECRET: required when AUTH_PROVIDER=google');
  }
  if (raw.DOC_STORE === 'google' && raw.AUTH_PROVIDER !== 'google') {
    problems.push('DOC_STORE: google documents need AUTH_PROVIDER=google (the Google sign-in grants document access)');
  }
  if (raw.LLM_PROVIDER === 'openai' && !raw.OPENAI_MODEL) {
    problems.push('OPENAI_MODEL: required when LLM_PROVIDER=openai');
  }
  if (raw.BILLING === 'stripe') {
    if (!raw.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required when BILLING=stripe');
    if (!raw.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required when BILLING=stripe');
  }
  if (Boolean(raw.SMTP_TLS_KEY_FILE) !== Boolean(raw.SMTP_TLS_CERT_FILE)) {
    problems.push('SMTP_TLS_KEY_FILE / SMTP_TLS_CERT_FILE: set both to offer STARTTLS, or neither');
  }
  if (raw.MAIL_LOG_DAYS < Math.max(raw.HOLD_DAYS, raw.DEDUP_DAYS)) {
    // A record must outlive the content it describes and the redelivery check that looks it up.
    problems.push(`MAIL_LOG_DAYS: at least HOLD_DAYS and DEDUP_DAYS (${Math.max(raw.HOLD_DAYS, raw.DEDUP_DAYS)})`);
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const secrets =
    raw.JWT_SECRET && raw.ENCRYPTION_KEY
      ? { JWT_SECRET: raw.JWT_SECRET, ENCRYPTION_KEY: raw.ENCRYPTION_KEY }
      : { ...loadOrCreateDevSecrets(raw.DATA_DIR), ...definedSecrets(raw) };

  let metricsToken = raw.METRICS_TOKEN;
  if (production && !metricsToken) {
    metricsToken = randomBytes(32).toString('hex');
    options.onGenerated?.('METRICS_TOKEN', metricsToken);
  }

  return {
    ...raw,
    ...secrets,
    ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}),
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    // Protects by default where DNS answers; development machines often have none, so they only report.
    SENDER_AUTH: raw.SENDER_AUTH ?? (production ? 'enforce' : 'report'),
    // A check per answer costs CPU; where it is on, a shape the contract does not allow is found before users see it.
    API_ANSWER_CHECKS: raw.API_ANSWER_CHECKS ?? !production,
  };
}

function definedSecrets(raw: { JWT_SECRET?: string | undefined; ENCRYPTION_KEY?: string | undefined }) {
  return {
    ...(raw.JWT_SECRET ? { JWT_SECRET: raw.JWT_SECRET } : {}),
    ...(raw.ENCRYPTION_KEY ? { ENCRYPTION_KEY: raw.ENCRYPTION_KEY } : {}),
  };
}
