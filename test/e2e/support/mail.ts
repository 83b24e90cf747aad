// Sending mail to the app's SMTP listener, as a mail server forwarding to a document's address would.
import nodemailer from 'nodemailer';
import { afterAll } from 'vitest';
import { startFakeOpenAi, type FakeChatAnswer, type FakeOpenAi } from '../../support/fakes/fake-openai.server.js';
import type { RunningApp } from './app-process.js';

/** The domain of the documents' forward addresses in the mail journeys. */
export const INBOUND_DOMAIN = 'in.mailscribe.test';

/** A fake OpenAI server for the file, answering each summary with `answer` and closed after the file. */
export async function useFakeModel(answer: () => FakeChatAnswer): Promise<FakeOpenAi> {
  const openai = await startFakeOpenAi({ apiKey: 'sk-e2e', models: ['gpt-e2e'] });
  openai.respondWith(answer);
  afterAll(() => openai.close());
  return openai;
}

/**
 * The app's settings for journeys that send mail and read its summary: no billing (unlimited tokens), no
 * DNS lookups for sender authentication, a quick job poll, and `openai` as the model.
 */
export function mailJourneyEnv(openai: FakeOpenAi, more: Record<string, string> = {}): Record<string, string> {
  return {
    BILLING: 'off',
    SENDER_AUTH: 'off',
    INBOUND_DOMAIN,
    JOB_POLLING_SECONDS: '0.5',
    LLM_PROVIDER: 'openai',
    OPENAI_BASE_URL: openai.baseUrl,
    OPENAI_API_KEY: 'sk-e2e',
    OPENAI_MODEL: 'gpt-e2e',
    ...more,
  };
}

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
