import { connect } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { hasOpenssl, selfSignedCertificate } from '../../../support/self-signed-certificate.js';
import { CAP, KNOWN, OTHER, SENDER, UNKNOWN, logsWith, message, sender, useSmtpListenerHarness } from '../../../support/smtp-listener-harness.js';

const { start, rawConnect } = useSmtpListenerHarness();

describe('the SMTP listener', () => {
  it('hands a message for a known recipient to the intake with its envelope and exact bytes, and answers 250 only after receive resolved', async () => {
    const { intake, logs, port } = await start();
    intake.receiveDelayMs = 200;
    const raw = message('Invoice 42');

    const info = await sender(port).sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw });
    intake.events.push('client got 250');

    expect(intake.events).toEqual(['receive started', 'receive resolved', 'client got 250']);
    expect(info.response).toBe('250 2.6.0 OK: queued as msg-1');
    expect(intake.stored).toHaveLength(1);
    expect(intake.stored[0]?.envelope).toEqual({
      mailFrom: SENDER,
      recipients: [KNOWN],
      remoteAddress: '127.0.0.1',
      heloName: 'sender.test',
    });
    expect(intake.stored[0]?.raw.equals(raw)).toBe(true);

    const accepted = logsWith(logs, 'smtp message accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toMatchObject({ remoteAddress: '127.0.0.1', recipients: 1, size: raw.length, messageIds: ['msg-1'] });
    const everything = JSON.stringify(logs);
    expect(everything).not.toContain('Invoice 42');
    expect(everything).not.toContain('Please pay');
  });

  it('passes the null sender of a bounce as a null mailFrom', async () => {
    const { port, intake } = await start();
    const { client } = await rawConnect(port);
    expect((await client.command('EHLO mx.example.com')).code).toBe(250);
    expect((await client.command('MAIL FROM:<>')).code).toBe(250);
    expect((await client.command(`RCPT TO:<${KNOWN}>`)).code).toBe(250);
    expect((await client.command('DATA')).code).toBe(354);
    client.write('Subject: bounce\r\n\r\nReturned.\r\n.\r\n');
    expect((await client.read()).code).toBe(250);
    expect(intake.stored[0]?.envelope).toMatchObject({ mailFrom: null, heloName: 'mx.example.com' });
  });

  it('refuses an unknown recipient at RCPT time with 550 5.1.1 and hands nothing over', async () => {
    const { port, intake, logs } = await start();
    const { client } = await rawConnect(port);
    await client.startTransaction(SENDER, []);
    const reply = await client.command(`RCPT TO:<${UNKNOWN}>`);
    expect(reply.last).toBe(`550 5.1.1 <${UNKNOWN}>: no such mailbox`);
    expect((await client.command('DATA')).code).toBe(503);

    await expect(sender(port).sendMail({ envelope: { from: SENDER, to: [UNKNOWN] }, raw: message('x') })).rejects.toMatchObject({
      responseCode: 550,
    });
    expect(intake.calls).toBe(0);
    expect(logs.filter((l) => l.reason === 'unknown-recipient')).toHaveLength(2);
  });

  it('delivers to the known recipients of a mixed list and refuses the unknown one', async () => {
    const { port, intake } = await start();
    const info = await sender(port).sendMail({ envelope: { from: SENDER, to: [KNOWN, UNKNOWN, OTHER] }, raw: message('Mixed') });
    expect(info.accepted).toEqual([KNOWN, OTHER]);
    expect(info.rejected).toEqual([UNKNOWN]);
    expect(intake.stored.map((s) => s.envelope.recipients)).toEqual([[KNOWN, OTHER]]);
  });

  it('hands DATA the documents found at RCPT time, and a new transaction on the connection only its own', async () => {
    const { port, intake } = await start();
    const { client } = await rawConnect(port);
    await client.startTransaction(SENDER, [KNOWN, OTHER.toUpperCase()]);
    expect((await client.command('DATA')).code).toBe(354);
    client.write('Subject: first\r\n\r\nOne.\r\n.\r\n');
    expect((await client.read()).code).toBe(250);

    expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    expect((await client.command(`RCPT TO:<${OTHER}>`)).code).toBe(250);
    expect((await client.command('DATA')).code).toBe(354);
    client.write('Subject: second\r\n\r\nTwo.\r\n.\r\n');
    expect((await client.read()).code).toBe(250);

    expect(intake.stored.map((s) => s.recipients.map((r) => r.documentId))).toEqual([
      [`doc:${KNOWN}`, `doc:${OTHER}`],
      [`doc:${OTHER}`],
    ]);
  });

  it('accepts ten recipients and answers 452 4.5.3 to the eleventh', async () => {
    const many = Array.from({ length: 11 }, (_, n) => `doc-${n}@in.mailscribe.test`);
    const { port, intake } = await start({}, many);
    const { client } = await rawConnect(port);
    await client.startTransaction(SENDER, many.slice(0, 10));
    expect((await client.command(`RCPT TO:<${many[10]}>`)).last).toMatch(/^452 4\.5\.3 /);
    expect((await client.command('DATA')).code).toBe(354);
    client.write('Subject: many\r\n\r\nHello.\r\n.\r\n');
    expect((await client.read()).code).toBe(250);
    expect(intake.stored[0]?.envelope.recipients).toEqual(many.slice(0, 10));
  });

  it('announces the size cap and refuses a MAIL FROM whose SIZE is over it with 552 5.3.4', async () => {
    const { port, intake } = await start();
    const { client } = await rawConnect(port);
    const ehlo = await client.command('EHLO client.test');
    expect(ehlo.lines).toContain(`SIZE ${CAP}`);
    expect((await client.command(`MAIL FROM:<${SENDER}> SIZE=${CAP + 1}`)).last).toMatch(/^552 5\.3\.4 /);
    expect((await client.command(`MAIL FROM:<${SENDER}> SIZE=${CAP}`)).code).toBe(250);
    expect(intake.calls).toBe(0);
  });

  it('refuses a message over the cap at the end of DATA with 552 5.3.4, stores nothing, and keeps the session usable', async () => {
    const { port, intake, logs } = await start();
    const { client } = await rawConnect(port);
    await client.startTransaction(SENDER, [KNOWN]);
    expect((await client.command('DATA')).code).toBe(354);
    client.write(`Subject: big\r\n\r\n${'x'.repeat(76)}\r\n`.repeat(30) + '.\r\n');
    expect((await client.read()).last).toMatch(/^552 5\.3\.4 /);
    expect(intake.calls).toBe(0);
    expect(logs.filter((l) => l.reason === 'message-too-big')).toHaveLength(1);

    expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
    expect((await client.command(`RCPT TO:<${KNOWN}>`)).code).toBe(250);
    expect((await client.command('DATA')).code).toBe(354);
    client.write('Subject: small\r\n\r\nok\r\n.\r\n');
    expect((await client.read()).code).toBe(250);
    expect(intake.stored).toHaveLength(1);

    const big = message('big', 'y'.repeat(2 * CAP));
    await expect(sender(port).sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: big })).rejects.toMatchObject({ responseCode: 552 });
    expect(intake.stored).toHaveLength(1);
  });

  it('answers 451 4.3.0 when the intake fails, so the sending server retries', async () => {
    const { port, intake, logs } = await start();
    intake.failWith = new Error('database unavailable');
    const sending = sender(port).sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: message('retry me') });
    await expect(sending).rejects.toMatchObject({ responseCode: 451, response: '451 4.3.0 Temporary failure, try again later' });
    expect(intake.calls).toBe(1);
    expect(intake.stored).toHaveLength(0);
    const failure = logs.find((l) => l.reason === 'intake-failed');
    expect(failure).toMatchObject({ level: 50, err: { message: 'database unavailable' } });
  });

  it('refuses a connection over the per-IP limit with 421 4.7.0 and admits again once one closes', async () => {
    const { port } = await start({ limits: { connectionsPerIp: 2, messagesPerMinutePerIp: 60 } });
    const first = await rawConnect(port);
    const second = await rawConnect(port);
    expect([first.greeting.code, second.greeting.code]).toEqual([220, 220]);

    const third = await rawConnect(port);
    expect(third.greeting.last).toBe('421 4.7.0 Too many connections, try again later');
    await third.client.closed;

    await first.client.quit();
    await vi.waitFor(async () => {
      const again = await rawConnect(port);
      expect(again.greeting.code).toBe(220);
    });
  });

  it('refuses a MAIL FROM over the per-IP message rate with 421 and closes the connection', async () => {
    const { port, intake, logs } = await start({ limits: { connectionsPerIp: 10, messagesPerMinutePerIp: 2 } });
    const transport = sender(port);
    await transport.sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: message('one') });
    await transport.sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: message('two') });
    await expect(transport.sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: message('three') })).rejects.toMatchObject({
      responseCode: 421,
      response: expect.stringMatching(/^421 4\.\d\.\d Rate limit exceeded, try again later$/) as unknown,
    });

    const { client } = await rawConnect(port);
    expect((await client.command('EHLO client.test')).code).toBe(250);
    expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(421);
    await client.closed;

    expect(intake.stored).toHaveLength(2);
    expect(logs.filter((l) => l.reason === 'message-rate')).toHaveLength(2);
  });

  it('stores nothing from a client that drops mid-DATA and keeps serving the next client', async () => {
    const { port, intake, logs } = await start();
    const { client } = await rawConnect(port);
    await client.startTransaction(SENDER, [KNOWN]);
    expect((await client.command('DATA')).code).toBe(354);
    client.write('Subject: half\r\n\r\nThe first half of a mess');
    await new Promise((resolve) => setTimeout(resolve, 50));
    client.destroy();
    await vi.waitFor(() => expect(logs.filter((l) => l.reason === 'aborted')).toHaveLength(1));

    await sender(port).sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: message('whole') });
    expect(intake.calls).toBe(1);
    expect(intake.stored[0]?.raw.toString()).toContain('Subject: whole');
  });

  it('neither advertises nor accepts AUTH', async () => {
    const { port } = await start();
    const { client } = await rawConnect(port);
    const ehlo = await client.command('EHLO client.test');
    expect(ehlo.lines.some((l) => /^AUTH\b/i.test(l))).toBe(false);
    expect((await client.command('AUTH PLAIN AHVzZXIAcGFzcw==')).last).toMatch(/^500 /);
    // No AUTH needed either: MAIL FROM goes straight through.
    expect((await client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(250);
  });

  it('neither advertises nor accepts STARTTLS without a certificate', async () => {
    const { port } = await start();
    const { client } = await rawConnect(port);
    const ehlo = await client.command('EHLO client.test');
    expect(ehlo.lines).not.toContain('STARTTLS');
    expect((await client.command('STARTTLS')).last).toMatch(/^500 /);
  });

  it.skipIf(!hasOpenssl)('offers STARTTLS with a certificate and receives mail over it (needs the openssl binary)', async () => {
    const { port, intake } = await start({ tls: selfSignedCertificate() });
    const { client } = await rawConnect(port);
    expect((await client.command('EHLO client.test')).lines).toContain('STARTTLS');
    await client.quit();

    const info = await sender(port, { requireTLS: true }).sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: message('secret') });
    expect(info.response).toMatch(/^250 /);
    expect(intake.stored).toHaveLength(1);
  });

  it('after stopAccepting, refuses new connections with 421 4.3.2 and new transactions with 421', async () => {
    const { listener, port, intake } = await start();
    const open = await rawConnect(port);
    expect((await open.client.command('EHLO client.test')).code).toBe(250);

    listener.stopAccepting();

    const late = await rawConnect(port);
    expect(late.greeting.last).toBe('421 4.3.2 Service shutting down');
    await late.client.closed;
    expect((await open.client.command(`MAIL FROM:<${SENDER}>`)).code).toBe(421);
    expect(intake.calls).toBe(0);
  });

  it('close() waits for an in-flight receive to finish, the sender gets its 250, then nothing is listening', async () => {
    const { listener, port, intake } = await start();
    intake.receiveDelayMs = 300;
    const sending = sender(port).sendMail({ envelope: { from: SENDER, to: [KNOWN] }, raw: message('in flight') });
    await vi.waitFor(() => expect(intake.calls).toBe(1));

    const closing = listener.close().then(() => void intake.events.push('listener closed'));
    const info = await sending;
    await closing;

    expect(info.response).toMatch(/^250 /);
    expect(intake.events).toEqual(['receive started', 'receive resolved', 'listener closed']);
    await expect(
      new Promise((resolve, reject) => connect({ port, host: '127.0.0.1' }, () => resolve('connected')).once('error', reject)),
    ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('close() lets a message still being uploaded finish and stores it', async () => {
    const { listener, port, intake } = await start();
    const { client } = await rawConnect(port);
    await client.startTransaction(SENDER, [KNOWN]);
    expect((await client.command('DATA')).code).toBe(354);
    client.write('Subject: slow upload\r\n\r\nThe first half, ');

    const closing = listener.close().then(() => void intake.events.push('listener closed'));
    await new Promise((resolve) => setTimeout(resolve, 600)); // longer than the idle-connection close delay
    client.write('and the second half.\r\n.\r\n');
    expect((await client.read()).code).toBe(250);
    await closing;

    expect(intake.stored[0]?.raw.toString()).toBe('Subject: slow upload\r\n\r\nThe first half, and the second half.\r\n');
    expect(intake.events).toEqual(['receive started', 'receive resolved', 'listener closed']);
  });

  it('close() does not wait for idle connections: they get 421 and are closed', async () => {
    const { listener, port } = await start();
    const { client } = await rawConnect(port);
    expect((await client.command('EHLO client.test')).code).toBe(250);

    // smtp-server alone would wait 30 s for the idle client, past this test's timeout.
    await listener.close();
    expect((await client.read()).code).toBe(421);
    await client.closed;
  });
});
