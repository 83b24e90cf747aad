import 'reflect-metadata';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { APP_CONFIG, type AppConfig } from './platform/config/config.js';
import { DATABASE, type Database } from './platform/db/database.js';
import { LOGGER, type Logger } from './platform/logging/logger.js';
import { PrometheusMetrics } from './platform/metrics/prometheus.metrics.js';
import { CLOCK, systemClock, type Clock } from './shared/clock.js';
import { ACCESS_TOKENS } from './modules/identity/application/ports/access-token.port.js';
import { IDENTITY_PROVIDER, type IdentityProvider } from './modules/identity/application/ports/identity-provider.port.js';
import { OAUTH_STATE_STORE } from './modules/identity/application/ports/oauth-state.store.port.js';
import { SECRET_SEALER } from './modules/identity/application/ports/secret-sealer.port.js';
import { SESSION_REPOSITORY } from './modules/identity/application/ports/session.repository.port.js';
import { USER_REPOSITORY } from './modules/identity/application/ports/user.repository.port.js';
import { AesGcmSecretSealer } from './modules/identity/infra/aes-gcm.secret-sealer.js';
import { DevIdentityProvider } from './modules/identity/infra/dev.identity-provider.js';
import { GoogleIdentityProvider } from './modules/identity/infra/google.identity-provider.js';
import { JoseAccessTokens } from './modules/identity/infra/jose.access-tokens.js';
import { KnexOAuthStateStore } from './modules/identity/infra/knex.oauth-state.store.js';
import { KnexSessionRepository } from './modules/identity/infra/knex.session.repository.js';
import { KnexUserRepository } from './modules/identity/infra/knex.user.repository.js';
import { KnexProviderCredentials } from './modules/identity/infra/knex.provider-credentials.js';
import { PROVIDER_CREDENTIALS } from './modules/identity/application/ports/provider-credentials.port.js';
import { DOC_STORE, type DocStore } from './modules/documents/application/ports/doc-store.port.js';
import { DOCUMENT_REPOSITORY } from './modules/documents/application/ports/document.repository.port.js';
import { KnexDocumentRepository } from './modules/documents/infra/knex.document.repository.js';
import { LocalDocStore } from './modules/documents/infra/local.doc-store.js';
import { LazyDocStore, googleDocUrl } from './modules/documents/infra/lazy.doc-store.js';
import type { ProviderCredentials } from './modules/identity/application/ports/provider-credentials.port.js';
import { DOC_WRITE_LIMITER } from './modules/mail/application/ports/doc-write-limiter.port.js';
import { INBOUND_MESSAGE_REPOSITORY } from './modules/mail/application/ports/inbound-message.repository.port.js';
import { JOB_QUEUE } from './modules/mail/application/ports/job-queue.port.js';
import { MAIL_PARSER, type MailParser } from './modules/mail/application/ports/mail-parser.port.js';
import { SUBSCRIPTION_GATE } from './modules/mail/application/ports/subscription-gate.port.js';
import { SubscriptionAccess } from './modules/billing/index.js';
import { SENDER_AUTHENTICATOR, type SenderAuthenticator } from './modules/mail/application/ports/sender-authenticator.port.js';
import { MailauthSenderAuthenticator } from './modules/mail/infra/auth/mailauth.sender-authenticator.js';
import { WorkerMailParser } from './modules/mail/infra/parsing/worker-mail.parser.js';
import { KnexDocWriteLimiter } from './modules/mail/infra/persistence/knex.doc-write-limiter.js';
import { KnexInboundMessageRepository } from './modules/mail/infra/persistence/knex.inbound-message.repository.js';
import { MAIL_METRICS } from './modules/mail/application/ports/mail-metrics.port.js';
import { PROCESS_MAIL, PgBossJobQueue } from './modules/mail/infra/queue/pg-boss.job-queue.js';
import { LLM, OfflineSummariser, OpenAiLlm, type Llm } from './modules/summarization/index.js';
import { LEDGER_POLICY } from './modules/token-ledger/application/ledger-policy.js';
import { LEDGER_REPOSITORY } from './modules/token-ledger/application/ports/ledger.repository.port.js';
import { KnexLedgerRepository } from './modules/token-ledger/infra/knex.ledger.repository.js';
import Stripe from 'stripe';
import { BILLING_SETTINGS, STRIPE_EVENT_SOURCE } from './modules/billing/index.js';
import { PAYMENT_GATEWAY, type PaymentGateway } from './modules/billing/application/ports/payment-gateway.port.js';
import { CUSTOMER_REPOSITORY } from './modules/billing/application/ports/customer.repository.port.js';
import { SUBSCRIPTION_REPOSITORY } from './modules/billing/application/ports/subscription.repository.port.js';
import { CHECKOUT_SESSION_REPOSITORY } from './modules/billing/application/ports/checkout-session.repository.port.js';
import { PROCESSED_EVENT_STORE } from './modules/billing/application/ports/processed-event.store.port.js';
import { dollarsToCents } from './modules/billing/domain/price.js';
import { DisabledPaymentGateway } from './modules/billing/infra/disabled.payment-gateway.js';
import { KnexCheckoutSessionRepository } from './modules/billing/infra/knex.checkout-session.repository.js';
import { KnexCustomerRepository } from './modules/billing/infra/knex.customer.repository.js';
import { KnexProcessedEventStore } from './modules/billing/infra/knex.processed-event.store.js';
import { KnexSubscriptionRepository } from './modules/billing/infra/knex.subscription.repository.js';
import { LocalPaymentGateway } from './modules/billing/infra/local.payment-gateway.js';
import { StripeEventSource } from './modules/billing/infra/stripe/stripe-events.js';
import { StripePaymentGateway } from './modules/billing/infra/stripe/stripe.payment-gateway.js';

export interface ContainerInput {
  config: AppConfig;
  db: Database;
  logger: Logger;
  /** Tests swap in adapters that talk to local fakes; production never passes these. */
  overrides?: {
    clock?: Clock;
    identityProvider?: IdentityProvider;
    docStore?: DocStore;
    llm?: Llm;
    mailParser?: MailParser;
    senderAuthenticator?: SenderAuthenticator;
  };
}

/** The composition root: the only place that chooses an adapter for each port, from config. */
export function buildContainer({ config, db, logger, overrides = {} }: ContainerInput): DependencyContainer {
  const c = rootContainer.createChildContainer();
  const clock = overrides.clock ?? systemClock;
  const sealer = new AesGcmSecretSealer(config.ENCRYPTION_KEY);

  c.register(APP_CONFIG, { useValue: config });
  c.register(DATABASE, { useValue: db });
  c.register(LOGGER, { useValue: logger });
  c.register(CLOCK, { useValue: clock });

  c.register(SECRET_SEALER, { useValue: sealer });
  c.register(ACCESS_TOKENS, { useValue: new JoseAccessTokens(config.JWT_SECRET) });
  c.register(USER_REPOSITORY, { useValue: new KnexUserRepository(db) });
  c.register(SESSION_REPOSITORY, { useValue: new KnexSessionRepository(db) });
  c.register(OAUTH_STATE_STORE, { useValue: new KnexOAuthStateStore(db) });
  c.register(IDENTITY_PROVIDER, { useValue: overrides.identityProvider ?? identityProviderFor(config, sealer, clock) });
  const credentials = new KnexProviderCredentials(db, sealer);
  c.register(PROVIDER_CREDENTIALS, { useValue: credentials });

  c.register(DOCUMENT_REPOSITORY, { useValue: new KnexDocumentRepository(db) });
  c.register(DOC_STORE, { useValue: overrides.docStore ?? docStoreFor(config, db, credentials) });

  c.register(LEDGER_REPOSITORY, { useValue: new KnexLedgerRepository(db) });
  c.register(LEDGER_POLICY, { useValue: { unlimited: config.BILLING === 'off' } });

  c.register(LLM, { useValue: overrides.llm ?? llmFor(config) });

  c.register(BILLING_SETTINGS, { useValue: { mode: config.BILLING, publicUrl: config.PUBLIC_URL } });
  c.register(CUSTOMER_REPOSITORY, { useValue: new KnexCustomerRepository(db) });
  c.register(SUBSCRIPTION_REPOSITORY, { useValue: new KnexSubscriptionRepository(db) });
  c.register(CHECKOUT_SESSION_REPOSITORY, { useValue: new KnexCheckoutSessionRepository(db) });
  c.register(PROCESSED_EVENT_STORE, { useValue: new KnexProcessedEventStore(db) });
  const stripe = config.BILLING === 'stripe' ? stripeClient(config) : null;
  c.register(PAYMENT_GATEWAY, { useValue: paymentGatewayFor(config, stripe, clock) });
  // Config validation guarantees the webhook secret when BILLING=stripe.
  if (stripe) c.register(STRIPE_EVENT_SOURCE, { useValue: new StripeEventSource(stripe, config.STRIPE_WEBHOOK_SECRET ?? '') });

  const queue = new PgBossJobQueue(
    db,
    { jobTimeoutSeconds: config.JOB_TIMEOUT_SECONDS, maintenanceIntervalSeconds: config.JOB_MAINTENANCE_SECONDS, pollingIntervalSeconds: config.JOB_POLLING_SECONDS },
    logger,
  );
  c.register(PgBossJobQueue, { useValue: queue });
  c.register(JOB_QUEUE, { useValue: queue });
  // One registry per container: whatever roles this process runs record into it; /metrics (http) shows it.
  const metrics = new PrometheusMetrics({ queue: { queue: PROCESS_MAIL, depth: () => queue.depth() }, logger });
  c.register(PrometheusMetrics, { useValue: metrics });
  c.register(MAIL_METRICS, { useValue: metrics });
  c.register(INBOUND_MESSAGE_REPOSITORY, { useValue: new KnexInboundMessageRepository(db, queue) });
  c.register(DOC_WRITE_LIMITER, { useValue: new KnexDocWriteLimiter(db) });
  c.register(SUBSCRIPTION_GATE, { useFactory: (resolver) => resolver.resolve(SubscriptionAccess) });
  c.register(MAIL_PARSER, { useValue: overrides.mailParser ?? new WorkerMailParser({ poolSize: 1, timeoutMs: 10_000 }) });
  c.register(SENDER_AUTHENTICATOR, { useValue: overrides.senderAuthenticator ?? new MailauthSenderAuthenticator({ hostname: config.INBOUND_DOMAIN }) });

  return c;
}

function identityProviderFor(config: AppConfig, sealer: AesGcmSecretSealer, clock: Clock): IdentityProvider {
  if (config.AUTH_PROVIDER === 'google') {
    // Config validation guarantees both are present when AUTH_PROVIDER=google.
    return new GoogleIdentityProvider({ clientId: config.GOOGLE_CLIENT_ID ?? '', clientSecret: config.GOOGLE_CLIENT_SECRET ?? '' });
  }
  return new DevIdentityProvider(config.PUBLIC_URL, sealer, () => clock.now());
}

function docStoreFor(config: AppConfig, db: Database, credentials: ProviderCredentials): DocStore {
  if (config.DOC_STORE === 'google') {
    return new LazyDocStore(async () => {
      const { GoogleDocsDocStore } = await import('./modules/documents/infra/google-docs.doc-store.js');
      // Config validation guarantees the Google client when DOC_STORE=google (it requires AUTH_PROVIDER=google).
      return new GoogleDocsDocStore({ clientId: config.GOOGLE_CLIENT_ID ?? '', clientSecret: config.GOOGLE_CLIENT_SECRET ?? '', credentials });
    }, googleDocUrl);
  }
  return new LocalDocStore(db, config.PUBLIC_URL);
}

function llmFor(config: AppConfig): Llm {
  if (config.LLM_PROVIDER === 'openai') {
    return new OpenAiLlm({
      ...(config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL } : {}),
      ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
      // Config validation guarantees the model when LLM_PROVIDER=openai.
      model: config.OPENAI_MODEL ?? '',
      timeoutMs: config.OPENAI_TIMEOUT_MS,
    });
  }
  return new OfflineSummariser();
}

function stripeClient(config: AppConfig): Stripe {
  // STRIPE_API_URL points the SDK elsewhere (a local fake); Stripe's API by default.
  const endpoint = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY ?? '', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(endpoint
      ? { host: endpoint.hostname, port: endpoint.port || (endpoint.protocol === 'https:' ? 443 : 80), protocol: endpoint.protocol === 'https:' ? ('https' as const) : ('http' as const) }
      : {}),
  });
}

function paymentGatewayFor(config: AppConfig, stripe: Stripe | null, clock: Clock): PaymentGateway {
  if (config.BILLING === 'off') return new DisabledPaymentGateway();
  if (stripe) return new StripePaymentGateway(stripe);
  return new LocalPaymentGateway({
    publicUrl: config.PUBLIC_URL,
    now: () => clock.now(),
    prices: {
      basicCents: dollarsToCents(config.LOCAL_PRICE_BASIC_USD),
      basicTokens: config.LOCAL_PLAN_BASIC_TOKENS,
      proCents: dollarsToCents(config.LOCAL_PRICE_PRO_USD),
      proTokens: config.LOCAL_PLAN_PRO_TOKENS,
      tokenCents: dollarsToCents(config.LOCAL_PRICE_TOKEN_USD),
    },
  });
}
