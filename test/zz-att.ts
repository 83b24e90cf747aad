import { readFileSync } from 'node:fs';
import { SandboxedAttachmentReader } from '../src/modules/mail/infra/attachments/sandboxed.attachment-reader.js';
const names = ['att-csv-order-lines', 'att-docx-contract-amendment', 'att-docx-fwd-outlook-spanish', 'att-docx-table-quote', 'att-hostile-20000-pages', 'att-hostile-corrupt-image', 'att-hostile-encrypted-pdf', 'att-hostile-pdf-bomb'];
const reader = new SandboxedAttachmentReader({ limits: { maxBytes: 20 * 1024 * 1024, maxAttachments: 20, maxPages: 200, maxChars: 100000, maxZipEntries: 1000, maxUncompressedBytes: 50 * 1024 * 1024, ocr: false } as never, timeoutMs: 15000, memoryMb: 512 });
const t = Date.now();
const results = await Promise.all(names.map((n) => reader.read(readFileSync(`test/fixtures/mail/${n}.eml`))));
results.forEach((r, i) => console.log(names[i], r.map((a) => `${a.name}:${a.status}:${a.reason ?? ''}`).join(' | ')));
console.log(Date.now() - t);
