import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { AttachmentReader, ReadAttachment } from '../../application/ports/attachment-reader.port.js';
import type { ChildMessage, PartInfo, ReadLimits } from './attachment-read.protocol.js';
import type { Extracted } from './extract/extract-attachment.js';
import { residentBytes } from './process-memory.js';
import { MB } from '../../../../shared/sizes.js';

export interface SandboxOptions {
  limits: ReadLimits;
  /** Per attachment, from when the child starts it. */
  timeoutMs: number;
  /** For starting the child and splitting the message (the MIME parser already split it once in its own deadline). */
  startTimeoutMs?: number;
  /** The child's whole resident memory (heap, buffers and WebAssembly). */
  memoryMb: number;
  /** How often the child's memory is looked at. */
  memoryPollMs?: number;
}

/**
 * The child's own file beside this one: `attachment-read.child.js` once compiled to dist/; from TypeScript
 * sources (tsx, vitest) the `.ts` file, loaded through tsx's loader.
 */
function childEntry(): { path: string; loader: string[] } {
  if (!import.meta.url.endsWith('.ts')) return { path: fileURLToPath(new URL('./attachment-read.child.js', import.meta.url)), loader: [] };
  return { path: fileURLToPath(new URL('./attachment-read.child.ts', import.meta.url)), loader: ['--import', 'tsx'] };
}

type RunEnd = { ended: 'all' } | { ended: 'stopped'; at: number | null; reason: string };

/**
 * Reads attachments in a child process per mail (docs/attachments.md): a hostile file can use up only
 * that process's memory and time. Each file has a deadline and the process a memory cap, both enforced
 * from here with SIGKILL; the file that was being read ends "not read" with the reason, and a new child
 * goes on from the next file. The child gets no environment but its time zone: no secrets reach it.
 */
export class SandboxedAttachmentReader implements AttachmentReader {
  constructor(private readonly options: SandboxOptions) {}

  async read(raw: Buffer): Promise<ReadAttachment[]> {
    // Filled by the child runs' messages: the message's parts, and what became of each file.
    const found: { parts: PartInfo[] | null; results: Map<number, ReadAttachment> } = { parts: null, results: new Map() };
    let from = 0;
    // Each run ends at least one file (or the split), so this ends; the bound is a guard.
    for (let run = 0; run <= this.options.limits.maxAttachments + 1; run += 1) {
      const end = await this.runChild(raw, from, found);
      if (end.ended === 'all') break;
      if (!found.parts || end.at === null) {
        // Not even split: nothing is known of the files but that the message has some.
        return [{ name: 'attachments', contentType: 'multipart/mixed', size: raw.length, status: 'not-read', reason: end.reason, pages: null, text: '', truncated: false }];
      }
      const info = found.parts[end.at];
      if (info) found.results.set(end.at, notRead(info, end.reason));
      from = end.at + 1;
    }
    return (found.parts ?? []).map((info, index) => found.results.get(index) ?? (info.role === 'content' ? notRead(info, 'not reached') : skipped(info)));
  }

  private runChild(
    raw: Buffer,
    from: number,
    found: { parts: PartInfo[] | null; results: Map<number, ReadAttachment> },
  ): Promise<RunEnd> {
    const { path, loader } = childEntry();
    const heapMb = Math.max(32, Math.floor(this.options.memoryMb / 2));
    const child = fork(path, [], {
      execArgv: [...loader, `--max-old-space-size=${heapMb}`],
      env: { TZ: 'UTC', NODE_ENV: 'production' },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    return new Promise<RunEnd>((resolve) => {
      let current: number | null = null;
      let settled = false;
      let stderr = '';
      const finish = (end: RunEnd): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearInterval(watch);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        resolve(end);
      };
      const stop = (reason: string): void => finish({ ended: 'stopped', at: current, reason });
      // Until the first file starts, the deadline covers start-up and splitting the message.
      const startMs = this.options.startTimeoutMs ?? 10_000;
      let deadline = setTimeout(() => stop(`the message could not be split into its files within ${seconds(startMs)}`), startMs);
      const watch = setInterval(() => void this.checkMemory(child, stop), this.options.memoryPollMs ?? 50);
      child.stderr?.on('data', (chunk: Buffer) => {
        if (stderr.length < 2_000) stderr += chunk.toString('utf8');
      });
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'parts') found.parts ??= message.parts;
        else if (message.type === 'start') {
          current = message.index;
          clearTimeout(deadline);
          deadline = setTimeout(() => stop(`took longer than ${seconds(this.options.timeoutMs)}`), this.options.timeoutMs);
        } else if (message.type === 'done') {
          const info = found.parts?.[message.index];
          if (info) found.results.set(message.index, fromExtracted(info, message.result));
          current = null;
        } else finish({ ended: 'all' });
      });
      child.on('error', (error) => stop(`the reader could not run (${error.message})`));
      // 'close', not 'exit': 'exit' can come before the child's last messages and stderr are read, which
      // under load turned a file read in full into "the reader stopped on it: exit 0".
      child.on('close', (code, signal) => {
        // A heap that ran out ends the process with a fatal error on stderr.
        const outOfMemory = /heap out of memory|allocation failed/i.test(stderr);
        // Any other end while a file is being read is that file's doing: a decoder that crashed on it.
        stop(outOfMemory ? `needs more than ${this.options.memoryMb} MB of memory` : `damaged or unreadable file (the reader stopped on it: ${signal ?? `exit ${code}`})`);
      });
      child.send({ raw: new Uint8Array(raw), from, limits: this.options.limits });
    });
  }

  private async checkMemory(child: ChildProcess, stop: (reason: string) => void): Promise<void> {
    if (child.pid === undefined) return;
    const bytes = await residentBytes(child.pid);
    if (bytes !== null && bytes > this.options.memoryMb * MB) stop(`needs more than ${this.options.memoryMb} MB of memory`);
  }
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function notRead(info: PartInfo, reason: string): ReadAttachment {
  return { name: info.name, contentType: info.contentType, size: info.size, status: 'not-read', reason, pages: null, text: '', truncated: false };
}

function skipped(info: PartInfo): ReadAttachment {
  return { name: info.name, contentType: info.contentType, size: info.size, status: 'skipped', reason: info.role === 'parsed' ? 'read with the message' : 'not content', pages: null, text: '', truncated: false };
}

function fromExtracted(info: PartInfo, result: Extracted): ReadAttachment {
  if (result.status === 'not-read') return notRead(info, result.reason);
  return { name: info.name, contentType: info.contentType, size: info.size, status: 'read', reason: null, pages: result.pages, text: result.text, truncated: result.truncated };
}
