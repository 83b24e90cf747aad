import type { RawConfig, Role } from './config.schema.js';

export type { Role };

/** The parsed, validated configuration every part of the app is given; nothing else reads the environment. */
export interface AppConfig extends Omit<RawConfig, 'PUBLIC_URL' | 'JWT_SECRET' | 'ENCRYPTION_KEY' | 'SENDER_AUTH' | 'API_ANSWER_CHECKS'> {
  PUBLIC_URL: string;
  API_ANSWER_CHECKS: boolean;
  SENDER_AUTH: 'off' | 'report' | 'enforce';
  JWT_SECRET: string;
  ENCRYPTION_KEY: string;
}

export const APP_CONFIG = Symbol('AppConfig');

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}
