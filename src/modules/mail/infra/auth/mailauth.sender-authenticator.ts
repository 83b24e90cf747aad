import { promises as dns } from 'node:dns';
import { authenticate, type AuthenticateResult, type DNSResolver } from 'mailauth';
import type { SenderAuthenticator, SenderVerdict, SmtpEnvelope } from '../../application/ports/sender-authenticator.port.js';

export type { DNSResolver };

export interface MailauthSenderAuthenticatorOptions {
  /** Our own host name, written into Authentication-Results (e.g. the inbound domain). */
  hostname: string;
  /** DNS lookups, `(name, rrtype) => records`; default node's `dns.promises.resolve`. Tests pass a fake. */
  resolver?: DNSResolver;
  /** The whole check; past it the verdict is `temperror`. Default 5,000 ms. */
  timeoutMs?: number;
}

/** DNS failures that may clear up on a retry, as opposed to "no such record". */
const TRANSIENT_DNS = new Set(['ETIMEOUT', 'ESERVFAIL', 'ECONNREFUSED', 'EAI_AGAIN', 'ECANCELLED', 'EREFUSED', 'ETIMEDOUT']);

const defaultResolver: DNSResolver = (name, rrtype) => dns.resolve(name, rrtype) as Promise<string[][] | string[]>;

function isTimeout(value: unknown): value is { timedOut: true } {
  return typeof value === 'object' && value !== null && 'timedOut' in value;
}

/**
 * The verdict for the visible From: DMARC when the From domain publishes a policy; without one, a passing
 * DKIM signature aligned with the From domain. SPF counts only through DMARC (an aligned, passing SPF).
 */
export function verdictOf(result: AuthenticateResult): SenderVerdict {
  const dmarc = result.dmarc;
  if (!dmarc) return { result: 'none', detail: 'no single From domain to check' };
  const domain = dmarc.domain;
  const policy = dmarc.policy ? ` (p=${dmarc.policy.toUpperCase()})` : '';
  switch (dmarc.status.result) {
    case 'pass':
      return { result: 'pass', detail: `dmarc=pass${policy} header.from=${domain}` };
    case 'fail':
      return { result: 'fail', detail: `dmarc=fail${policy} header.from=${domain}` };
    case 'temperror':
    case 'temperr':
      return { result: 'temperror', detail: `dmarc=temperror header.from=${domain}${dmarc.error ? `: ${dmarc.error}` : ''}` };
  }
  // No DMARC record: fall back to DKIM aligned with the From domain.
  const aligned = result.dkim.results.filter((signature) => Boolean(signature.status.aligned));
  const passing = aligned.find((signature) => signature.status.result === 'pass');
  if (passing) return { result: 'pass', detail: `dkim=pass (aligned) header.d=${passing.signingDomain}; no DMARC record` };
  const transient = aligned.find((signature) => signature.status.result === 'temperror' || signature.status.result === 'temperr');
  if (transient) return { result: 'temperror', detail: `dkim=temperror header.d=${transient.signingDomain}: ${transient.status.comment ?? 'DNS failure'}` };
  const broken = aligned[0];
  if (broken) {
    const why = broken.status.comment ? ` (${broken.status.comment})` : '';
    return { result: 'fail', detail: `dkim=${broken.status.result}${why} header.d=${broken.signingDomain}; no DMARC record` };
  }
  return { result: 'none', detail: `no DMARC record and no aligned DKIM signature for ${domain}` };
}

/**
 * SenderAuthenticator on mailauth: DKIM, SPF and DMARC with the SMTP envelope as we received it. ARC and
 * BIMI are skipped: neither changes the verdict, and each costs DNS lookups.
 */
export class MailauthSenderAuthenticator implements SenderAuthenticator {
  private readonly resolver: DNSResolver;
  private readonly timeoutMs: number;

  constructor(private readonly options: MailauthSenderAuthenticatorOptions) {
    this.resolver = options.resolver ?? defaultResolver;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async verify(raw: Buffer, envelope: SmtpEnvelope): Promise<SenderVerdict> {
    const checking = authenticate(raw, {
      ip: envelope.remoteAddress,
      helo: envelope.heloName,
      sender: envelope.mailFrom ?? undefined,
      mta: this.options.hostname,
      resolver: this.resolver,
      disableArc: true,
      disableBimi: true,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<{ timedOut: true }>((resolve) => {
      timer = setTimeout(() => resolve({ timedOut: true }), this.timeoutMs);
    });
    try {
      const outcome = await Promise.race([checking, timeout]);
      if (isTimeout(outcome)) {
        checking.catch(() => undefined);
        return { result: 'temperror', detail: `authentication took longer than ${this.timeoutMs} ms` };
      }
      return verdictOf(outcome);
    } catch (error) {
      const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
      const message = error instanceof Error ? error.message : String(error);
      if (TRANSIENT_DNS.has(code)) return { result: 'temperror', detail: `DNS failure: ${code}` };
      return { result: 'none', detail: `authentication could not run: ${message.slice(0, 200)}` };
    } finally {
      clearTimeout(timer);
    }
  }
}
