import { Worker } from 'node:worker_threads';
import { MailParseError, type MailParser, type ParsedMail } from '../../application/ports/mail-parser.port.js';
import type { MailParseRequest, MailParseResponse, MailParseWorkerData } from './mail-parse.protocol.js';
import { DEFAULT_MAX_TEXT_CHARS } from './parse-mime.js';

export interface WorkerMailParserOptions {
  /** Worker threads parsing in parallel; default 1. */
  poolSize?: number;
  /** Per-message limit, counted from when a ready worker takes the message; default 5,000 ms. */
  timeoutMs?: number;
  /** The text is cut to this many characters; default 2 MiB. */
  maxTextChars?: number;
  /** Old-generation heap of each worker; a message that needs more fails as malformed. Default 512 MB. */
  maxHeapMb?: number;
}

interface Task {
  id: number;
  raw: Uint8Array<ArrayBuffer>;
  resolve: (mail: ParsedMail) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  retired: boolean;
}

/**
 * The worker's own file beside this one: `mail-parse.worker.js` once compiled to dist/; from TypeScript
 * sources (tsx, vitest) a small JS bootstrap that registers tsx first, then loads the `.ts` worker.
 */
function workerEntry(): { url: URL; entry: string | undefined } {
  if (!import.meta.url.endsWith('.ts')) return { url: new URL('./mail-parse.worker.js', import.meta.url), entry: undefined };
  return { url: new URL('./tsx-worker.bootstrap.mjs', import.meta.url), entry: new URL('./mail-parse.worker.ts', import.meta.url).href };
}

/**
 * Parses mail in worker threads so that a pathological MIME cannot stall the SMTP listener's event loop.
 * A message that runs over the time limit has its worker terminated and replaced; a worker that crashes
 * (e.g. out of memory) fails its message as malformed. Workers start on the first message.
 */
export class WorkerMailParser implements MailParser {
  private readonly poolSize: number;
  private readonly timeoutMs: number;
  private readonly workerData: MailParseWorkerData;
  private readonly maxHeapMb: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(options: WorkerMailParserOptions = {}) {
    this.poolSize = Math.max(1, Math.floor(options.poolSize ?? 1));
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.workerData = { maxTextChars: options.maxTextChars ?? DEFAULT_MAX_TEXT_CHARS };
    this.maxHeapMb = options.maxHeapMb ?? 512;
  }

  parse(raw: Buffer): Promise<ParsedMail> {
    if (this.closed) return Promise.reject(new Error('The mail parser is closed.'));
    return new Promise<ParsedMail>((resolve, reject) => {
      // A copy of exactly these bytes, so the transfer below never takes the caller's buffer.
      this.queue.push({ id: this.nextId++, raw: new Uint8Array(raw), resolve, reject });
      this.grow();
      this.dispatch();
    });
  }

  /** Terminates the workers; messages still waiting are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('The mail parser is closed.'));
    await Promise.all(
      [...this.slots].map((slot) => {
        slot.task?.reject(new Error('The mail parser is closed.'));
        return this.retire(slot);
      }),
    );
  }

  private grow(): void {
    while (!this.closed && this.slots.size < this.poolSize && this.queue.length > [...this.slots].filter((slot) => !slot.task).length) {
      this.spawn();
    }
  }

  private spawn(): void {
    const { url, entry } = workerEntry();
    const worker = new Worker(url, {
      workerData: { ...this.workerData, entry },
      resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb },
    });
    const slot: Slot = { worker, ready: false, task: null, timer: null, retired: false };
    this.slots.add(slot);
    worker.on('message', (message: MailParseResponse) => this.onMessage(slot, message));
    worker.on('error', (error: Error) => this.onExit(slot, error));
    worker.on('exit', (code: number) => this.onExit(slot, new Error(`the parser worker exited with code ${code}`)));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.task || slot.retired) continue;
      const task = this.queue.shift();
      if (!task) break;
      slot.task = task;
      slot.timer = setTimeout(() => this.onTimeout(slot), this.timeoutMs);
      const request: MailParseRequest = { id: task.id, raw: task.raw };
      slot.worker.postMessage(request, [task.raw.buffer]);
    }
    for (const slot of this.slots) {
      // Waiting work keeps the process alive; an idle pool does not.
      if (slot.task || this.queue.length > 0) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  private onMessage(slot: Slot, message: MailParseResponse): void {
    if (slot.retired) return;
    if (message.type === 'ready') {
      slot.ready = true;
      this.dispatch();
      return;
    }
    const task = slot.task;
    if (!task || task.id !== message.id) return;
    this.finish(slot);
    if (message.type === 'parsed') task.resolve(message.mail);
    else task.reject(new MailParseError(message.message, message.reason));
    this.dispatch();
  }

  private onTimeout(slot: Slot): void {
    const task = slot.task;
    if (!task || slot.retired) return;
    this.finish(slot);
    void this.retire(slot);
    task.reject(new MailParseError(`Parsing the message took longer than ${this.timeoutMs} ms.`, 'timeout'));
    this.replace();
  }

  private onExit(slot: Slot, error: Error): void {
    if (slot.retired) return;
    const task = slot.task;
    const wasReady = slot.ready;
    this.finish(slot);
    void this.retire(slot);
    if (task) {
      task.reject(new MailParseError(`The parser stopped on this message: ${error.message}`, 'malformed'));
      this.replace();
    } else if (!wasReady) {
      // The worker could not even start: not the messages' fault, and respawning would only loop.
      const failure = new Error(`The mail parser worker failed to start: ${error.message}`);
      for (const waiting of this.queue.splice(0)) waiting.reject(failure);
    } else {
      this.grow();
    }
  }

  /** A fresh worker for the one that was stopped, so the next message does not wait for a start-up. */
  private replace(): void {
    if (!this.closed && this.slots.size < this.poolSize) this.spawn();
    this.dispatch();
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.retired) return;
    slot.retired = true;
    this.finish(slot);
    this.slots.delete(slot);
    await slot.worker.terminate().catch(() => undefined);
  }
}
