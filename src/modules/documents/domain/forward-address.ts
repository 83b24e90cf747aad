/**
 * Forward addresses look like `<slug>-<random>@<domain>`: the slug makes the address recognisable in a
 * mail client, the random part (base32, 10 characters = 50 bits) alone identifies the document, so a
 * rename never breaks forwarding and an address cannot be guessed from a name.
 */
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
export const FORWARD_TOKEN_LENGTH = 10;
const MAX_SLUG_LENGTH = 20;

export function slugOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-+$/g, '');
  return slug || 'doc';
}

/** `randomBytes` is injected so the domain stays free of Node's crypto and tests stay deterministic. */
export function newForwardToken(randomBytes: (count: number) => Uint8Array): string {
  return [...randomBytes(FORWARD_TOKEN_LENGTH)].map((byte) => BASE32[byte % 32]).join('');
}

export function forwardAddress(name: string, token: string, domain: string): string {
  return `${slugOf(name)}-${token}@${domain.toLowerCase()}`;
}

/** The token from a recipient like `weekly-report-abcdefghij@in.example.com`, or null. */
export function forwardTokenOf(recipient: string, domain: string): string | null {
  const address = recipient.trim().toLowerCase();
  const suffix = `@${domain.toLowerCase()}`;
  if (!address.endsWith(suffix)) return null;
  const local = address.slice(0, -suffix.length);
  const match = new RegExp(`(?:^|-)([a-z2-7]{${FORWARD_TOKEN_LENGTH}})$`).exec(local);
  return match?.[1] ?? null;
}
