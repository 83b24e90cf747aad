import { describe, expect, it } from 'vitest';
import { redeliveryKey } from '../../../src/modules/mail/application/redelivery-key.js';

const mail = (...lines: string[]) => Buffer.from(lines.join('\r\n'));

describe('redeliveryKey', () => {
  it('is the Message-ID, lowercased, when the message has one', () => {
    expect(redeliveryKey(mail('From: a@example.com', 'Message-ID: <ABC.123@Mail.Example.com>', '', 'Hi'))).toBe('mid:abc.123@mail.example.com');
    expect(redeliveryKey(mail('From: a@example.com', 'Message-Id:', '  <folded@example.com>', '', 'Hi'))).toBe('mid:folded@example.com');
  });

  it('is the same for two deliveries that differ only in the trace headers relays add', () => {
    const first = mail('Received: from mx1.example by relay', 'Return-Path: <a@example.com>', 'From: a@example.com', 'Subject: Hi', '', 'Body');
    const second = mail('Received: from mx2.example by relay', 'Received: from earlier', 'Delivered-To: x@y.example', 'From: a@example.com', 'Subject: Hi', '', 'Body');
    expect(redeliveryKey(first)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(redeliveryKey(first)).toBe(redeliveryKey(second));
  });

  it('differs when the content differs', () => {
    expect(redeliveryKey(mail('From: a@example.com', '', 'Body one'))).not.toBe(redeliveryKey(mail('From: a@example.com', '', 'Body two')));
    expect(redeliveryKey(mail('From: a@example.com', 'Subject: A', '', 'Body'))).not.toBe(redeliveryKey(mail('From: a@example.com', 'Subject: B', '', 'Body')));
  });
});
