import { parentPort, workerData } from 'node:worker_threads';
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
    (error: unknown) => reply({ type: 'failed', id: request.id, message: error instanceof Error ? error.message : String(error) }),
  );
});

reply({ type: 'ready' });
