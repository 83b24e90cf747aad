import { parentPort, workerData } from 'node:worker_threads';
import { MailParseError } from '../../application/ports/mail-parser.port.js';
import { parseMime } from './parse-mime.js';
import type { MailParseRequest, MailParseResponse, MailParseWorkerData } from './mail-parse.protocol.js';

/** The worker thread of WorkerMailParser: one message at a time, so a time-out stops only that one. */
const port = parentPort;
if (!port) throw new Error('mail-parse.worker must run in a worker thread');
const { maxTextChars } = workerData as MailParseWorkerData;

function reply(response: MailParseResponse): void {
  port?.postMessage(response);
}

port.on('message', (request: MailParseRequest) => {
  const raw = Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength);
  parseMime(raw, { maxTextChars }).then(
    (mail) => reply({ type: 'parsed', id: request.id, mail }),
    (error: unknown) =>
      reply({
        type: 'failed',
        id: request.id,
        message: error instanceof Error ? error.message : String(error),
        reason: error instanceof MailParseError && error.reason === 'too-many-parts' ? 'too-many-parts' : 'malformed',
      }),
  );
});

/**
 * A forward with a little HTML: parsing it once compiles the cleaner's patterns before the first real
 * message, whose time limit would otherwise also pay for that start-up.
 */
const WARM_UP = Buffer.from(
  [
    'From: Ada <ada@example.com>',
    'Subject: Fwd: Warm-up',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Note</p><p>---------- Forwarded message ---------<br>From: Bob &lt;bob@example.com&gt;<br>Subject: Warm-up</p>',
    '<table><tr><td>Total</td><td>$1.00</td></tr></table><p>Best regards,<br>Bob</p>',
    '',
  ].join('\r\n'),
);

parseMime(WARM_UP, { maxTextChars })
  .catch(() => undefined)
  .finally(() => reply({ type: 'ready' }));
