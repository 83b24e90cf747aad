/** Scores one mail's outcome (its received-mail row and its block) against the case's label. */
import type { CaseLabel } from './corpus.js';
import type { ReceivedMailRow, StoredBlock } from './eval-app.js';

export interface CaseScore {
  statusOk: boolean;
  factsFound: number;
  factsTotal: number;
  missedFacts: string[];
  leaks: string[];
  headingOk: boolean;
  senderOk: boolean;
  /** Why the heading or the sender was judged wrong, in a few words each. */
  problems: string[];
}

/** Lower case, whitespace collapsed: a fact or a leak is found however the writer wrapped the lines. */
export const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

const contains = (haystack: string, needle: string) => normalise(haystack).includes(normalise(needle));

const URL_PATTERN = /\bhttps?:|\bwww\.|\b[a-z][a-z0-9+.-]*:\/\//i;
const AI_NOTES = ['addressed to an AI', 'AI assistant', 'instructions'];
const BOILERPLATE: { name: string; pattern: RegExp }[] = [
  { name: 'unsubscribe', pattern: /unsubscribe/i },
  { name: 'view in browser', pattern: /view (?:it |this (?:e-?mail|message) )?in (?:your |a )?browser/i },
  { name: 'privacy policy', pattern: /privacy policy/i },
  { name: 'View all guest info', pattern: /view all guest info/i },
  { name: 'Reply for', pattern: /\breply for\b/i },
  { name: 'Yes No Maybe', pattern: /\byes\W+no\W+maybe\b/i },
  { name: 'Invitation from Google Calendar', pattern: /invitation from google calendar/i },
];

/** The summary paragraph(s) and the action items of a block body (see summary-block.ts). */
function sections(body: string): { summary: string; actionItems: string[] } {
  const parts = body.split(/\n\s*\n/);
  const summary = parts.filter((part) => !/^(Key points|Action items):/m.test(part)).join(' ');
  const actions = parts.find((part) => part.startsWith('Action items:')) ?? '';
  const actionItems = actions
    .split('\n')
    .slice(1)
    .map((line) => line.replace(/^\s*•\s*/, '').trim())
    .filter(Boolean);
  return { summary, actionItems };
}

/** What the block's heading and the received-mails page show for a mail without a subject. */
const NO_SUBJECT = '(no subject)';

const bare = (text: string) => normalise(text).replace(/[\s.!?:;,…]+$/, '');

/** Leaks in a written block; the heading is the mail's own subject, so only the label's strings apply to it. */
export function findLeaks(block: StoredBlock, label: CaseLabel): string[] {
  const whole = `${block.heading}\n${block.meta}\n${block.body}`;
  const written = `${block.meta}\n${block.body}`;
  const leaks: string[] = [];
  for (const text of label.expect.mustNotAppear) if (contains(whole, text)) leaks.push(`"${text}"`);
  const url = URL_PATTERN.exec(written);
  if (url) leaks.push(`URL near "${written.slice(Math.max(0, url.index - 10), url.index + 30).replace(/\s+/g, ' ')}"`);
  for (const note of AI_NOTES) if (contains(block.body, note)) leaks.push(`AI note "${note}"`);
  for (const { name, pattern } of BOILERPLATE) if (pattern.test(written)) leaks.push(`boilerplate "${name}"`);
  const quoted = block.body.split('\n').find((line) => line.trimStart().startsWith('>'));
  if (quoted !== undefined) leaks.push(`quoted line "${quoted.slice(0, 40)}"`);
  const { summary, actionItems } = sections(block.body);
  const sentences = summary.split(/(?<=[.!?])\s+/).map(bare).filter(Boolean);
  for (const item of actionItems) {
    const text = bare(item);
    if (text === bare(block.heading)) leaks.push(`action item repeats the heading "${item}"`);
    else if (sentences.includes(text) || (text.split(' ').length >= 4 && normalise(summary).includes(text))) leaks.push(`action item repeats the summary "${item.slice(0, 50)}"`);
  }
  return leaks;
}

/** `Name <address>` or a bare address at the start of a meta line, after its keyword. */
function namedAddress(text: string): { name: string; address: string } | null {
  const named = /^(.*?)\s*<([^<>\s]+@[^<>\s]+)>/.exec(text);
  if (named) return { name: (named[1] ?? '').trim(), address: named[2] ?? '' };
  const plain = /^([^\s<>]+@[^\s<>:·]+)/.exec(text);
  return plain ? { name: '', address: plain[1] ?? '' } : null;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function scoreCase(label: CaseLabel, row: ReceivedMailRow | null, blocks: StoredBlock[]): CaseScore {
  const expected = label.expect;
  const problems: string[] = [];
  const block = blocks[0] ?? null;
  const statusOk = row?.status === expected.status && blocks.length === (expected.status === 'processed' ? 1 : 0);
  if (row && row.status !== expected.status) problems.push(`status ${row.status}${row.reason ? ` (${row.reason})` : ''}`);
  if (blocks.length > 1) problems.push(`${blocks.length} blocks written`);
  if (expected.status === 'ignored' && blocks.length > 0) problems.push('a block was written for an ignored mail');

  const whole = block ? `${block.heading}\n${block.meta}\n${block.body}` : '';
  const missedFacts = expected.status === 'processed' ? expected.facts.filter((fact) => !contains(whole, fact)) : [];
  const leaks = block ? findLeaks(block, label) : [];

  // The row as the page shows it: a mail without a subject is listed as "(no subject)", like its block.
  const rowSubject = row ? row.subject || NO_SUBJECT : null;
  let headingOk = rowSubject === expected.heading;
  if (row && rowSubject !== expected.heading) problems.push(`row subject "${row.subject}"`);
  if (expected.status === 'processed') {
    if (block?.heading !== expected.heading) problems.push(`heading "${block?.heading ?? '(no block)'}"`);
    headingOk = headingOk && block?.heading === expected.heading;
  }

  let senderOk = row !== null && sameAddress(row.sourceMail, expected.sender.address);
  if (row && !senderOk) problems.push(`row sourceMail ${row.sourceMail}`);
  if (expected.status === 'processed') {
    const [first = '', second] = (block?.meta ?? '').split('\n');
    const from = first.startsWith('From ') ? namedAddress(first.slice('From '.length)) : null;
    const fromOk = from !== null && sameAddress(from.address, expected.sender.address) && (expected.sender.name === '' || from.name === expected.sender.name);
    if (!fromOk) problems.push(`meta "${first.slice(0, 70)}"`);
    const forwarder = second?.startsWith('Forwarded by ') ? namedAddress(second.slice('Forwarded by '.length)) : null;
    const forwardOk = expected.forwardedBy === null ? forwarder === null && !second?.startsWith('Forwarded by') : forwarder !== null && sameAddress(forwarder.address, expected.forwardedBy);
    if (!forwardOk) problems.push(expected.forwardedBy ? `no "Forwarded by ${expected.forwardedBy}" line` : `unexpected "${(second ?? '').slice(0, 60)}"`);
    senderOk = senderOk && fromOk && forwardOk;
  } else {
    const reasonOk = row?.reason?.includes(expected.reasonIncludes ?? '') ?? false;
    if (!reasonOk) problems.push(`reason "${row?.reason ?? ''}" lacks "${expected.reasonIncludes ?? ''}"`);
    senderOk = senderOk && reasonOk;
  }
  return { statusOk, factsFound: expected.facts.length - missedFacts.length, factsTotal: expected.status === 'processed' ? expected.facts.length : 0, missedFacts, leaks, headingOk, senderOk, problems };
}
