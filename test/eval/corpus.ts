/** The labelled mail corpus in test/fixtures/mail: one `<case-id>.eml` and one `<case-id>.json` per case. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = fileURLToPath(new URL('../fixtures/mail/', import.meta.url));

export interface CaseLabel {
  title: string;
  /** The kind the eval reports the case under; when absent, the kind of its id's prefix (see `caseKind`). */
  group?: string;
  allowedEmails: string[];
  description: string;
  expect: {
    status: 'processed' | 'ignored';
    heading: string;
    sender: { address: string; name: string };
    forwardedBy: string | null;
    reasonIncludes: string | null;
    facts: string[];
    mustNotAppear: string[];
  };
}

export interface CorpusCase {
  id: string;
  raw: Buffer;
  label: CaseLabel;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Checks the label's shape, so a typo in a fixture fails loudly instead of scoring nonsense. */
export function parseLabel(id: string, json: unknown): CaseLabel {
  const fail = (what: string): never => {
    throw new Error(`test/fixtures/mail/${id}.json: ${what}`);
  };
  if (typeof json !== 'object' || json === null) return fail('not an object');
  const label = json as Partial<CaseLabel>;
  const expected = label.expect;
  if (typeof label.title !== 'string' || label.title === '') fail('title');
  if (label.group !== undefined && (typeof label.group !== 'string' || !/^[a-z][a-z0-9-]*$/.test(label.group))) fail('group: a lower-case word');
  if (!isStrings(label.allowedEmails) || label.allowedEmails.length === 0) fail('allowedEmails');
  if (typeof label.description !== 'string') fail('description');
  if (!expected) return fail('expect');
  if (expected.status !== 'processed' && expected.status !== 'ignored') fail('expect.status');
  if (typeof expected.heading !== 'string' || expected.heading === '') fail('expect.heading');
  if (typeof expected.sender?.address !== 'string' || typeof expected.sender.name !== 'string') fail('expect.sender');
  if (expected.forwardedBy !== null && typeof expected.forwardedBy !== 'string') fail('expect.forwardedBy');
  if (expected.reasonIncludes !== null && typeof expected.reasonIncludes !== 'string') fail('expect.reasonIncludes');
  if (expected.status === 'ignored' && !expected.reasonIncludes) fail('an ignored case names reasonIncludes');
  if (!isStrings(expected.facts)) fail('expect.facts');
  if (expected.status === 'processed' && (expected.facts.length < 2 || expected.facts.length > 6)) fail('expect.facts: 2 to 6');
  if (!isStrings(expected.mustNotAppear)) fail('expect.mustNotAppear');
  return label as CaseLabel;
}

/**
 * The kinds of mail the eval reports one by one, in report order, and the id prefixes that name them.
 * Attachments are a kind of their own: every `att-` case, the hostile files included.
 */
export const KINDS: { kind: string; prefixes: string[]; what: string }[] = [
  { kind: 'forward', prefixes: ['fwd', 'auto-forward'], what: 'manual forwards from each client and language, auto-forwards' },
  { kind: 'attachment', prefixes: ['att'], what: 'facts in PDF, DOCX, text, CSV, Markdown, HTML and calendar files; images; hostile files' },
  { kind: 'receipt', prefixes: ['receipt', 'invoice', 'quote'], what: 'receipts, invoices and quotes' },
  { kind: 'calendar', prefixes: ['calendar'], what: 'invitations and changes' },
  { kind: 'booking', prefixes: ['booking'], what: 'travel bookings' },
  { kind: 'notification', prefixes: ['notif'], what: 'notifications of tools (issue trackers, code review)' },
  { kind: 'security', prefixes: ['sec'], what: 'security notices with codes and passwords that must not be copied' },
  { kind: 'bounce', prefixes: ['bounce'], what: 'delivery failures' },
  { kind: 'newsletter', prefixes: ['newsletter'], what: 'newsletters' },
  { kind: 'thread', prefixes: ['thread'], what: 'replies with quoted history' },
  { kind: 'short', prefixes: ['short'], what: 'short mails' },
  { kind: 'language', prefixes: ['german', 'polish', 'japanese'], what: 'non-English mail' },
  { kind: 'hostile', prefixes: ['hostile'], what: 'hidden text, injections, broken charsets, huge pastes' },
  { kind: 'other', prefixes: [], what: 'anything else' },
];

/** The kind a case is reported under: its label's `group`, else the kind of the longest matching id prefix, else `other`. */
export function caseKind(id: string, label: Pick<CaseLabel, 'group'>): string {
  if (label.group) return label.group;
  let best: { kind: string; length: number } | null = null;
  for (const { kind, prefixes } of KINDS) {
    for (const prefix of prefixes) if ((id === prefix || id.startsWith(`${prefix}-`)) && prefix.length > (best?.length ?? 0)) best = { kind, length: prefix.length };
  }
  return best?.kind ?? 'other';
}

export function loadCorpus(dir: string = CORPUS_DIR): CorpusCase[] {
  const ids = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => name.slice(0, -'.eml'.length))
    .sort();
  return ids.map((id) => ({
    id,
    raw: readFileSync(join(dir, `${id}.eml`)),
    label: parseLabel(id, JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8'))),
  }));
}

/** The address of the message's own From header: the envelope sender its client would use. */
export function headerFromAddress(raw: Buffer): string {
  const end = raw.indexOf('\r\n\r\n') >= 0 ? raw.indexOf('\r\n\r\n') : raw.indexOf('\n\n');
  const head = raw.subarray(0, end < 0 ? raw.length : end).toString('latin1').replace(/\r?\n[ \t]+/g, ' ');
  const from = /^From:(.*)$/im.exec(head)?.[1] ?? '';
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? /([^\s<>"]+@[^\s<>"]+)/.exec(from)?.[1];
  if (!address) throw new Error(`no From address in the message header: ${from}`);
  return address;
}
