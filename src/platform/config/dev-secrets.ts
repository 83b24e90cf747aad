import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

const secretsFile = z.object({ JWT_SECRET: z.string().min(32), ENCRYPTION_KEY: z.string().regex(/^[0-9a-f]{64}$/) });
export type DevSecrets = z.infer<typeof secretsFile>;

/**
 * Outside production the app invents its own secrets on first start and keeps them in DATA_DIR, so
 * sessions and encrypted provider tokens survive restarts without any setup.
 */
export function loadOrCreateDevSecrets(dataDir: string): DevSecrets {
  const path = join(dataDir, 'secrets.json');
  if (existsSync(path)) {
    const parsed = secretsFile.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return parsed.data;
    throw new Error(`${path} is not a valid secrets file; delete it to generate new secrets (existing sessions end)`);
  }
  const secrets: DevSecrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  return secrets;
}
