import { pino } from 'pino';
import { afterEach } from 'vitest';
import type { SmtpListenerOptions } from '../../src/modules/mail/infra/smtp/smtp-listener-options.js';
import { startSmtpListener, type SmtpListener } from '../../src/modules/mail/infra/smtp/smtp.listener.js';

export type ListenerOptions = Pick<SmtpListenerOptions, 'intake' | 'maxMessageBytes'> & Partial<SmtpListenerOptions>;

/**
 * Starts the real SMTP listener for a test: on 127.0.0.1, a free port, the test inbound domain and a silent
 * logger unless `options` say otherwise. Every listener started is closed after its test; after-hooks run
 * last registered first, so a file calls this before its own hook that closes the clients.
 */
export function useSmtpListeners(): (options: ListenerOptions) => Promise<SmtpListener> {
  const listeners: SmtpListener[] = [];
  afterEach(async () => {
    await Promise.all(listeners.splice(0).map((listener) => listener.close()));
  });
  return async (options) => {
    const listener = await startSmtpListener({ host: '127.0.0.1', port: 0, hostname: 'in.mailscribe.test', logger: pino({ level: 'silent' }), ...options });
    listeners.push(listener);
    return listener;
  };
}
