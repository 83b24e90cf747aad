import nodemailer from 'nodemailer';
import { expect } from 'vitest';
import type { ReceivedMail, ReceivedMailsResponse } from '../../src/contract/received-mails.js';
import type { TestApp } from './test-app.js';

export async function sendMail(
  app: TestApp,
  mail: { from: string; to: string | string[]; subject: string; text?: string; html?: string; raw?: string },
): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort ?? 0, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail(mail.raw ? { envelope: { from: mail.from, to: mail.to }, raw: mail.raw } : mail);
  } finally {
    transport.close();
  }
}

export async function receivedMails(app: TestApp, token: string, documentId: string): Promise<ReceivedMail[]> {
  const response = await app.fetch(`/api/document/${documentId}/received-mails?pageSize=25`, { token });
  expect(response.status).toBe(200);
  return ((await response.json()) as ReceivedMailsResponse).data;
}

/** Polls until every mail of the document reached one of `statuses` (or the time is up). */
export async function waitForMails(
  app: TestApp,
  token: string,
  documentId: string,
  count: number,
  statuses: string[] = ['processed', 'ignored', 'failed', 'expired', 'held', 'duplicate'],
  timeoutMs = 20_000,
): Promise<ReceivedMail[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await receivedMails(app, token, documentId);
    if (mails.length >= count && mails.every((mail) => statuses.includes(mail.status))) return mails;
    if (Date.now() > deadline) throw new Error(`mails did not settle: ${JSON.stringify(mails)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
