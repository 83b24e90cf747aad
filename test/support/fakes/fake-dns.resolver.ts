import type { DNSResolver } from 'mailauth';

/** An error shaped like node's `dns.promises` ones: mailauth reads `code` (ENOTFOUND, ENODATA, ...). */
export function dnsError(code: string, name: string, rrtype: string): Error & { code: string; hostname: string; syscall: string } {
  const syscall = `query${rrtype.charAt(0).toUpperCase()}${rrtype.slice(1).toLowerCase()}`;
  return Object.assign(new Error(`${syscall} ${code} ${name}`), { code, hostname: name, syscall });
}

/** DNS splits TXT data into strings of at most 255 characters; mailauth joins them back. */
function chunks(value: string): string[] {
  const parts: string[] = [];
  for (let start = 0; start < value.length; start += 255) parts.push(value.slice(start, start + 255));
  return parts.length > 0 ? parts : [''];
}

const key = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/**
 * An in-memory DNS for mailauth's `resolver` option: `(name, rrtype) => records`, throwing ENOTFOUND for
 * an unknown name and ENODATA for a known name without records of that type, as node does.
 */
export class FakeDns {
  private readonly records = new Map<string, Map<string, string[][] | string[]>>();
  private readonly failures = new Map<string, string>();
  /** Every query, in order, as `TYPE name`. */
  readonly queries: string[] = [];
  /** Milliseconds each answer waits (to test time limits). */
  delayMs = 0;

  readonly resolver: DNSResolver = async (name, rrtype) => {
    const type = rrtype.toUpperCase();
    this.queries.push(`${type} ${key(name)}`);
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const failure = this.failures.get(key(name));
    if (failure) throw dnsError(failure, name, type);
    const byType = this.records.get(key(name));
    if (!byType) throw dnsError('ENOTFOUND', name, type);
    const answer = byType.get(type);
    if (!answer || answer.length === 0) throw dnsError('ENODATA', name, type);
    return answer;
  };

  private add(name: string, type: string, value: string[] | string): this {
    const byType = this.records.get(key(name)) ?? new Map<string, string[][] | string[]>();
    this.records.set(key(name), byType);
    if (type === 'TXT') byType.set(type, [...((byType.get(type) as string[][] | undefined) ?? []), chunks(value as string)]);
    else byType.set(type, [...((byType.get(type) as string[] | undefined) ?? []), ...[value].flat()]);
    return this;
  }

  txt(name: string, value: string): this {
    return this.add(name, 'TXT', value);
  }

  a(name: string, ...addresses: string[]): this {
    return this.add(name, 'A', addresses);
  }

  /** `_dmarc.<domain>`, e.g. `v=DMARC1; p=reject`. */
  dmarc(domain: string, record = 'v=DMARC1; p=reject'): this {
    return this.txt(`_dmarc.${domain}`, record);
  }

  /** An SPF record on the domain, e.g. `v=spf1 ip4:192.0.2.10 -all`. */
  spf(domain: string, record: string): this {
    return this.txt(domain, record);
  }

  /** An RSA DKIM public key at `<selector>._domainkey.<domain>`, from a PEM (SPKI) public key. */
  dkimKey(selector: string, domain: string, publicKeyPem: string): this {
    const base64 = publicKeyPem.replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '').replace(/\s+/g, '');
    return this.txt(`${selector}._domainkey.${domain}`, `v=DKIM1; k=rsa; p=${base64}`);
  }

  /** Every query for this name fails with the given code (e.g. ESERVFAIL, ETIMEOUT). */
  failWith(name: string, code: string): this {
    this.failures.set(key(name), code);
    return this;
  }
}
