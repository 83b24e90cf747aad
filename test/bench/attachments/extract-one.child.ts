/**
 * One extraction in a fresh process, for `npm run bench`: the time it took and the process's peak memory
 * (max RSS) before and after, so the cost of one file is what it added to a bare child.
 */
import { extractAttachment } from '../../../src/modules/mail/infra/attachments/extract/extract-attachment.js';
import { readImageText } from '../../../src/modules/mail/infra/attachments/ocr/tesseract.ocr.js';

interface Job {
  kind: 'file' | 'ocr';
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

const LIMITS = { maxPages: 200, maxChars: 100_000, maxZipEntries: 2_000, maxUncompressedBytes: 50 * 1024 * 1024 };

process.once('message', (job: Job) => {
  void (async () => {
    // Measured as the reader runs it: a fresh process per mail, so a library's first use is part of the cost.
    const baseline = process.resourceUsage().maxRSS;
    const started = performance.now();
    const result = job.kind === 'ocr' ? await readImageText(job.bytes, { maxPixels: 40_000_000, maxChars: 100_000 }) : await extractAttachment({ name: job.name, contentType: job.contentType, bytes: job.bytes }, LIMITS);
    const ms = performance.now() - started;
    process.send?.({ ms, status: result.status, chars: result.status === 'read' ? result.text.length : 0, baselineKb: baseline, peakKb: process.resourceUsage().maxRSS }, () => process.exit(0));
  })();
});
