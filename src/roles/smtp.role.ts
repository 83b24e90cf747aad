import { readFileSync } from 'node:fs';
import type { DependencyContainer } from 'tsyringe';
import { ReceiveMail } from '../modules/mail/index.js';
import { startSmtpListener, type SmtpListener } from '../modules/mail/infra/smtp/smtp.listener.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { LOGGER, type Logger } from '../platform/logging/logger.js';

/** The built-in mail server for the forward addresses (port 25 behind the MX record in production). */
export function startSmtpRole(c: DependencyContainer, port?: number): Promise<SmtpListener> {
  const config = c.resolve<AppConfig>(APP_CONFIG);
  return startSmtpListener({
    intake: c.resolve(ReceiveMail),
    host: config.SMTP_HOST,
    port: port ?? config.SMTP_PORT,
    hostname: config.INBOUND_DOMAIN,
    maxMessageBytes: config.MAX_MESSAGE_BYTES,
    maxRecipients: 10,
    limits: { connectionsPerIp: config.SMTP_MAX_CONNECTIONS_PER_IP, messagesPerMinutePerIp: config.SMTP_MESSAGES_PER_MINUTE_PER_IP },
    tls:
      config.SMTP_TLS_KEY_FILE && config.SMTP_TLS_CERT_FILE
        ? { key: readFileSync(config.SMTP_TLS_KEY_FILE), cert: readFileSync(config.SMTP_TLS_CERT_FILE) }
        : null,
    logger: c.resolve<Logger>(LOGGER),
  });
}
