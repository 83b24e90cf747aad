// Sending mail to the app's SMTP listener, as a mail server forwarding to a document's address would.
import nodemailer from 'nodemailer';
import type { RunningApp } from './app-process.js';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

/** Delivers one plain-text mail over SMTP (no TLS, as on the local listener) and resolves once accepted. */
export async function sendMail(app: RunningApp, mail: OutgoingMail): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: app.smtpPort, secure: false, ignoreTLS: true });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}
