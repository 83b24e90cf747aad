import type { Logger } from 'pino';
import type { AppConfig } from '../../../../platform/config/config.js';
import type { MailIntake } from '../../application/ports/mail-intake.port.js';
import type { StorageRoom } from './data-handler.js';

/** What `startSmtpListener` (smtp.listener.ts) is given; unset limits take its defaults. */
export interface SmtpListenerOptions {
  intake: MailIntake;
  host: string;
  /** 0 picks a free port (tests); the bound one is on the returned listener. */
  port: number;
  /** Banner and EHLO name, e.g. the inbound domain. */
  hostname: string;
  /** Size cap announced with SIZE and enforced at MAIL FROM (SIZE=) and at the end of DATA. */
  maxMessageBytes: number;
  /** Recipients per message; default 10. */
  maxRecipients?: number;
  /** Per remote IP; defaults 10 concurrent connections and 60 messages (MAIL FROM) a minute. */
  limits?: { connectionsPerIp: number; messagesPerMinutePerIp: number };
  /** Concurrent connections per IPv4 /24 and per IPv6 /64 (`421 4.7.0` past them); defaults 25 each. */
  connectionsPerNetwork?: { ipv4Slash24: number; ipv6Slash64: number };
  /** Deadline from connect to the first MAIL FROM (`421 4.4.2` and closed past it); default 30 s. */
  mailFromTimeoutMs?: number;
  /**
   * Percent of `maxConnections` (0–90) only known peers (a message accepted from their /24 or /64
   * lately) and trusted relays may take: past the rest, strangers get `421 4.3.2`. Default 10.
   */
  reservedConnectionsPercent?: number;
  /** How long and how many networks the known-peer record keeps; defaults 7 days and 10,000. */
  knownPeers?: { ttlMs: number; capacity: number };
  /** STARTTLS is offered only when given. */
  tls?: { key: Buffer; cert: Buffer } | null;
  /** Idle time allowed while the client owes us input (commands and DATA); smtp-server's default (60 s) when unset. */
  socketTimeoutMs?: number;
  /** Deadline for a whole connection, however busy (`421` and closed past it); none when unset. */
  sessionTimeoutMs?: number;
  /** Simultaneous connections for the whole process (`421` past it); unlimited when unset. */
  maxConnections?: number;
  /** Unknown recipients one connection may name before it is closed; default 5. */
  maxUnknownRecipients?: number;
  /**
   * CIDRs of relays in front of the listener (an MX). Their connections skip the per-IP limits; each
   * relayed message counts against the client the relay names in its own `Received` header instead.
   */
  trustedRelays?: readonly string[];
  /** How long close() lets messages still in DATA finish before their connections are dropped; default 30 s. */
  shutdownGraceMs?: number;
  /** Asked before each commit: without room (the embedded database's DATA_DIR), `452` and nothing stored. */
  storage?: StorageRoom | null;
  logger: Logger;
}

/** The settings that bound what senders may hold of the listener (`SMTP_*`), as listener options. */
export type SmtpLimitSettings = Pick<
  AppConfig,
  | 'SMTP_MAX_CONNECTIONS_PER_IP'
  | 'SMTP_MESSAGES_PER_MINUTE_PER_IP'
  | 'SMTP_MAX_CONNECTIONS_PER_IPV4_24'
  | 'SMTP_MAX_CONNECTIONS_PER_IPV6_64'
  | 'SMTP_MAIL_FROM_TIMEOUT_SECONDS'
  | 'SMTP_RESERVED_CONNECTIONS_PERCENT'
  | 'SMTP_SESSION_TIMEOUT_SECONDS'
  | 'SMTP_IDLE_TIMEOUT_SECONDS'
  | 'SMTP_MAX_CONNECTIONS'
  | 'SMTP_TRUSTED_RELAYS'
>;

/** What the configuration says about limits and deadlines, for `startSmtpListener` (the smtp role, tests). */
export function smtpLimitsOf(config: SmtpLimitSettings) {
  return {
    limits: { connectionsPerIp: config.SMTP_MAX_CONNECTIONS_PER_IP, messagesPerMinutePerIp: config.SMTP_MESSAGES_PER_MINUTE_PER_IP },
    connectionsPerNetwork: { ipv4Slash24: config.SMTP_MAX_CONNECTIONS_PER_IPV4_24, ipv6Slash64: config.SMTP_MAX_CONNECTIONS_PER_IPV6_64 },
    mailFromTimeoutMs: config.SMTP_MAIL_FROM_TIMEOUT_SECONDS * 1000,
    reservedConnectionsPercent: config.SMTP_RESERVED_CONNECTIONS_PERCENT,
    sessionTimeoutMs: config.SMTP_SESSION_TIMEOUT_SECONDS * 1000,
    socketTimeoutMs: config.SMTP_IDLE_TIMEOUT_SECONDS * 1000,
    maxConnections: config.SMTP_MAX_CONNECTIONS,
    trustedRelays: config.SMTP_TRUSTED_RELAYS,
  } satisfies Partial<SmtpListenerOptions>;
}
