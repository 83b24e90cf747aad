import { simpleParser, type Attachment } from 'mailparser';
import { attachmentRole } from '../../domain/attachment.js';
import { oneLineText } from '../../domain/mail-text.js';
import { isInline, PARSER_OPTIONS } from '../parsing/parse-mime.js';
import type { ChildMessage, PartInfo, ReadLimits, ReadRequest } from './attachment-read.protocol.js';
import { readImageText } from './ocr/tesseract.ocr.js';
import { extractAttachment, formatOf, type Extracted } from './extract/extract-attachment.js';
import { formatSize } from './extract/extracted.js';

/**
 * The child process of SandboxedAttachmentReader: splits one message and reads its attachments one by
 * one, saying when each starts, so that the parent can stop this process on a file that runs over its
 * deadline or memory and start another from the next file. It holds no secrets and no connections.
 */
function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('attachment-read.child must be started with an IPC channel'));
    process.send(message, undefined, {}, (error: Error | null) => (error ? reject(error) : resolve()));
  });
}

const EXTENSIONS: Record<string, string> = { 'application/pdf': 'pdf', 'text/plain': 'txt', 'text/csv': 'csv', 'text/html': 'html', 'image/png': 'png', 'image/jpeg': 'jpg' };

function nameOf(attachment: Attachment, index: number): string {
  const name = oneLineText(attachment.filename ?? '');
  if (name !== '') return name;
  const extension = EXTENSIONS[attachment.contentType.toLowerCase()];
  return `attachment-${index + 1}${extension ? `.${extension}` : ''}`;
}

function partInfo(attachment: Attachment, index: number): PartInfo {
  const part = { filename: attachment.filename ?? null, contentType: attachment.contentType, size: attachment.size, inline: isInline(attachment) };
  return { name: nameOf(attachment, index), contentType: attachment.contentType, size: attachment.size, role: attachmentRole(part) };
}

async function readOne(attachment: Attachment, info: PartInfo, position: number, limits: ReadLimits): Promise<Extracted> {
  if (position >= limits.maxAttachments) return { status: 'not-read', reason: `more than ${limits.maxAttachments} attachments in one mail` };
  if (attachment.size > limits.maxBytes) return { status: 'not-read', reason: `over the ${formatSize(limits.maxBytes)} limit` };
  if (formatOf(info.name, info.contentType) === 'image') {
    if (!limits.ocr) return { status: 'not-read', reason: 'text in images is not read (OCR is off)' };
    const found = await readImageText(new Uint8Array(attachment.content), limits);
    return found.status === 'read' ? { ...found, pages: null } : found;
  }
  return extractAttachment({ name: info.name, contentType: info.contentType, bytes: new Uint8Array(attachment.content) }, limits);
}

async function read(request: ReadRequest): Promise<void> {
  const mail = await simpleParser(Buffer.from(request.raw.buffer, request.raw.byteOffset, request.raw.byteLength), PARSER_OPTIONS);
  const parts = mail.attachments.map(partInfo);
  await send({ type: 'parts', parts });
  let position = 0;
  for (const [index, attachment] of mail.attachments.entries()) {
    const info = parts[index];
    if (!info || info.role !== 'content') continue;
    position += 1;
    if (index < request.from) continue;
    await send({ type: 'start', index });
    const result = await readOne(attachment, info, position - 1, request.limits).catch(
      (error: unknown): Extracted => ({ status: 'not-read', reason: `could not be read (${error instanceof Error ? error.message.slice(0, 120) : 'unknown error'})` }),
    );
    await send({ type: 'done', index, result });
  }
  await send({ type: 'end' });
}

process.once('message', (request: ReadRequest) => {
  read(request).then(
    () => process.exit(0),
    () => process.exit(3),
  );
});
