import { pino, type Logger } from 'pino';

export type { Logger };
export const LOGGER = Symbol('Logger');

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    base: { service: 'mailscribe' },
    redact: { paths: ['req.headers.authorization', '*.token', '*.password', '*.secret'], censor: '[redacted]' },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,service' } } } : {}),
  });
}
