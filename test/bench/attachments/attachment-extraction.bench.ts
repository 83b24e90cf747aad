import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ReadAttachment } from '../../../src/modules/mail/application/ports/attachment-reader.port.js';
import { SandboxedAttachmentReader } from '../../../src/modules/mail/infra/attachments/sandboxed.attachment-reader.js';
import { docxFile, docxWithTable, encryptedPdf, manyPagesPdf, pdfBomb, pdfFile, zipBombDocx } from '../../support/attachment-files.js';
import { compose } from '../../support/mime-samples.js';

/**
 * Attachment reading (docs/attachments.md): each file kind in a fresh child process, as the reader runs
 * it, timed and with its peak memory; then the hostile files through the sandboxed reader itself, with
 * the time until each is refused. Timing lives here, not in tests.
 */
export interface ExtractionRow {
  file: string;
  ms: number;
  perUnitMs: number | null;
  unit: string;
  peakMb: number;
  addedMb: number;
}

export interface HostileRow {
  file: string;
  reason: string;
  ms: number;
}

const CHILD = fileURLToPath(new URL('./extract-one.child.ts', import.meta.url));
const E_TICKET = readFileSync(new URL('../../fixtures/attachments/e-ticket.png', import.meta.url));
const PARAGRAPH = 'The supplier confirms delivery of 40 units of part 7731-B on 12 March 2027 at a unit price of EUR 18.40, payable within 30 days.';

interface ChildAnswer {
  ms: number;
  status: string;
  baselineKb: number;
  peakKb: number;
}

function runChild(job: { kind: 'file' | 'ocr'; name: string; contentType: string; bytes: Uint8Array }): Promise<ChildAnswer> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], serialization: 'advanced', stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (answer: ChildAnswer) => resolve(answer));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? undefined : reject(new Error(`the bench child exited with ${code}`))));
    child.send(job);
  });
}

/** The median of three runs, each in its own process. */
async function measure(file: string, unit: string, units: number, job: Parameters<typeof runChild>[0]): Promise<ExtractionRow> {
  const runs: ChildAnswer[] = [];
  for (let run = 0; run < 3; run += 1) runs.push(await runChild(job));
  runs.sort((a, b) => a.ms - b.ms);
  const middle = runs[1] ?? runs[0];
  if (!middle || middle.status !== 'read') throw new Error(`${file} was not read in the benchmark`);
  return { file, ms: middle.ms, perUnitMs: units > 1 ? middle.ms / units : null, unit, peakMb: middle.peakKb / 1024, addedMb: (middle.peakKb - middle.baselineKb) / 1024 };
}

export async function attachmentExtractionBenchmark(): Promise<{ rows: ExtractionRow[]; hostile: HostileRow[] }> {
  const pages = Array.from({ length: 50 }, (_, page) => Array.from({ length: 30 }, (__, line) => `Page ${page + 1}, line ${line + 1}: ${PARAGRAPH.slice(0, 70)}`).join('\n'));
  const rows = [
    await measure('PDF, 1 page', 'page', 1, { kind: 'file', name: 'one.pdf', contentType: 'application/pdf', bytes: pdfFile([pages[0] ?? '']) }),
    await measure('PDF, 50 pages', 'page', 50, { kind: 'file', name: 'fifty.pdf', contentType: 'application/pdf', bytes: pdfFile(pages) }),
    await measure('DOCX, 200 paragraphs', 'file', 1, { kind: 'file', name: 'contract.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: docxFile(Array.from({ length: 200 }, () => PARAGRAPH)) }),
    await measure('DOCX, 100-row table', 'file', 1, { kind: 'file', name: 'quote.docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes: docxWithTable([['Item', 'Qty', 'Price'], ...Array.from({ length: 100 }, (_, row) => [`Part ${row}`, '4', '18.40'])]) }),
    await measure('image through OCR (900 × 300 PNG)', 'image', 1, { kind: 'ocr', name: 'e-ticket.png', contentType: 'image/png', bytes: E_TICKET }),
  ];

  const reader = new SandboxedAttachmentReader({
    limits: { maxBytes: 20 * 1024 * 1024, maxAttachments: 20, maxPages: 200, maxChars: 100_000, maxZipEntries: 2_000, maxUncompressedBytes: 50 * 1024 * 1024, ocr: false, maxPixels: 40_000_000 },
    timeoutMs: 15_000,
    memoryMb: 512,
  });
  const hostile: HostileRow[] = [];
  for (const [file, content] of [
    ['PDF bomb (1 MB, inflates to 1 GiB)', pdfBomb()],
    ['DOCX ZIP bomb (1 MB, inflates to 1 GiB)', zipBombDocx()],
    ['PDF of 20,000 pages', manyPagesPdf(20_000)],
    ['encrypted PDF', encryptedPdf()],
  ] as const) {
    const raw = await compose({ from: 'bench@example.com', subject: file, text: 'Bench.', attachments: [{ filename: 'file.bin', content, contentType: file.includes('DOCX') ? 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' : 'application/pdf' }] });
    const started = performance.now();
    const [result]: ReadAttachment[] = await reader.read(raw);
    hostile.push({ file, reason: result?.reason ?? result?.status ?? 'nothing', ms: performance.now() - started });
  }
  return { rows, hostile };
}
