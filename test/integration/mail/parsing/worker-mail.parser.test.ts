import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailParseError, type ParsedMail } from '../../../../src/modules/mail/application/ports/mail-parser.port.js';
import { WorkerMailParser } from '../../../../src/modules/mail/infra/parsing/worker-mail.parser.js';
import { failureOf } from '../../../support/rejections.js';
import { bigHtmlMessage, iso88592Polish, mimeSamples, POLISH, utf8Polish, withAttachments, type MimeExpectation } from '../../../support/mime-samples.js';

function expectParsed(mail: ParsedMail, expected: MimeExpectation): void {
  if (expected.subject !== undefined) expect(mail.subject).toBe(expected.subject);
  if (expected.from !== undefined) expect(mail.from).toEqual(expected.from);
  if (expected.sender !== undefined) expect(mail.structured.sender).toEqual(expected.sender);
  if (expected.forwardedBy !== undefined) expect(mail.structured.forwardedBy?.address ?? null).toBe(expected.forwardedBy);
  const text = `${mail.structured.forwardedBy?.note ?? ''}\n${mail.structured.body}`;
  for (const snippet of expected.textIncludes ?? []) expect(text).toContain(snippet);
  for (const snippet of expected.textExcludes ?? []) expect(text).not.toContain(snippet);
  if (expected.attachments !== undefined) expect(mail.attachments).toEqual(expected.attachments);
  if (expected.forwardingConfirmation !== undefined) expect(mail.forwardingConfirmation).toEqual(expected.forwardingConfirmation);
}

async function parseError(promise: Promise<unknown>): Promise<MailParseError> {
  const error = await failureOf(promise);
  expect(error).toBeInstanceOf(MailParseError);
  return error as MailParseError;
}

describe('the worker mail parser', () => {
  let parser: WorkerMailParser;

  beforeAll(() => {
    parser = new WorkerMailParser({ poolSize: 2 });
  });
  afterAll(() => parser.close());

  it.each(Object.entries(mimeSamples))('parses the %s sample as expected', async (_name, build) => {
    const sample = await build();
    if (sample.expected.error) {
      expect((await parseError(parser.parse(sample.raw))).reason).toBe(sample.expected.error);
      return;
    }
    expectParsed(await parser.parse(sample.raw), sample.expected);
  });

  it('keeps Polish letters intact in ISO-8859-2 and in UTF-8, subject and sender name included', async () => {
    const [latin2, utf8] = await Promise.all([iso88592Polish(), utf8Polish()].map(async (sample) => parser.parse((await sample).raw)));
    for (const mail of [latin2, utf8]) {
      expect(mail?.subject).toBe(POLISH);
      expect(mail?.from?.name).toBe('Łukasz Żółw');
      expect(mail?.structured.body).toBe(`${POLISH}.\nZAŻÓŁĆ GĘŚLĄ JAŹŃ.`);
    }
  });

  it('returns attachment metadata only, as plain data', async () => {
    const mail = await parser.parse((await withAttachments()).raw);
    for (const attachment of mail.attachments) expect(Object.keys(attachment).sort()).toEqual(['contentType', 'filename', 'inline', 'role', 'size']);
    expect(structuredClone(mail)).toEqual(mail);
  });

  it('leaves the caller’s buffer untouched', async () => {
    const { raw } = await withAttachments();
    const copy = Buffer.from(raw);
    await parser.parse(raw);
    expect(raw.equals(copy)).toBe(true);
  });

  it('refuses a message with 5,000 MIME parts, naming the limit', async () => {
    const parts = Array.from({ length: 5_000 }, (_, n) => `--b\r\nContent-Type: text/plain\r\n\r\npart ${n}\r\n`).join('');
    const raw = Buffer.from(`From: a@b.example\r\nSubject: parts\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n${parts}--b--\r\n`);
    const error = await parseError(parser.parse(raw));
    expect(error.reason).toBe('too-many-parts');
    expect(error.message).toBe('The mail has more than 1,000 MIME parts (the limit is 1,000).');
  });

  it('caps the extracted text', async () => {
    const small = new WorkerMailParser({ maxTextChars: 1_000 });
    try {
      const mail = await small.parse((await mimeSamples.oneMegabyteLine()).raw);
      // Cut at 1,000 characters, then cleaned (a space left at the cut is trimmed).
      expect(mail.structured.body.length).toBeGreaterThan(990);
      expect(mail.structured.body.length).toBeLessThanOrEqual(1_000);
    } finally {
      await small.close();
    }
  });
});

describe('the worker mail parser under pressure', () => {
  it('stops a message that runs over the time limit, then parses the next one in a fresh worker', async () => {
    const parser = new WorkerMailParser({ timeoutMs: 250 });
    try {
      const error = await parseError(parser.parse(await bigHtmlMessage(9)));
      expect(error.reason).toBe('timeout');
      expect(error.message).toBe('Parsing the message took longer than 250 ms.');
      expectParsed(await parser.parse((await mimeSamples.utf8Polish()).raw), (await mimeSamples.utf8Polish()).expected);
    } finally {
      await parser.close();
    }
  });

  it('times out with a 1 ms limit on the 1 MB sample', async () => {
    const parser = new WorkerMailParser({ timeoutMs: 1 });
    try {
      expect((await parseError(parser.parse((await mimeSamples.oneMegabyteLine()).raw))).reason).toBe('timeout');
    } finally {
      await parser.close();
    }
  });

  it('keeps the event loop responsive while a big message parses', async () => {
    const parser = new WorkerMailParser({ timeoutMs: 30_000 });
    try {
      await parser.parse((await mimeSamples.noSubject()).raw); // the worker is up
      const raw = await bigHtmlMessage(9);
      // Parsed on this thread, the parse would be one long synchronous stretch and no timer could fire
      // before it ended; in the worker, this thread keeps running its timers the whole time.
      let parsed = false;
      let ticksWhileParsing = 0;
      const ticker = setInterval(() => {
        if (!parsed) ticksWhileParsing += 1;
      }, 1);
      const mail = await parser.parse(raw).finally(() => {
        parsed = true;
      });
      clearInterval(ticker);
      expect(mail.structured.body.length).toBeGreaterThan(1_000_000);
      expect(ticksWhileParsing).toBeGreaterThanOrEqual(3);
    } finally {
      await parser.close();
    }
  });

  it('fails a message that exhausts the worker’s memory as malformed and recovers', async () => {
    // 32 MB: enough for the worker to start with all it loads, even on a busy machine (16 MB sometimes was
    // not, and the worker failed before the message), far too little for a 9 MB message.
    const parser = new WorkerMailParser({ maxHeapMb: 32, timeoutMs: 30_000 });
    try {
      const error = await parseError(parser.parse(await bigHtmlMessage(9)));
      expect(error.reason).toBe('malformed');
      expect(error.message).toMatch(/memory/i);
      expect((await parser.parse((await mimeSamples.noFrom()).raw)).subject).toBe('Who sent this?');
    } finally {
      await parser.close();
    }
  });

  it('rejects waiting and later messages once closed', async () => {
    const parser = new WorkerMailParser();
    const waiting = expect(parser.parse((await mimeSamples.noFrom()).raw)).rejects.toThrow('The mail parser is closed.');
    await parser.close();
    await waiting;
    await expect(parser.parse(Buffer.from('Subject: x\r\n\r\ny'))).rejects.toThrow('The mail parser is closed.');
  });
});
