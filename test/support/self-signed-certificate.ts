import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Whether the openssl binary is there to make one. */
export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;

/** A throw-away key and self-signed certificate for in.mailscribe.test, valid for a day (PEM). */
export function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'mailscribe-smtp-tls-'));
  try {
    const result = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=in.mailscribe.test',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ]);
    if (result.status !== 0) throw new Error(`openssl failed: ${result.stderr.toString()}`);
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
