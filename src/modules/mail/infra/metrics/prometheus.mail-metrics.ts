import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { MailMetrics, MailOutcome } from '../../application/ports/mail-metrics.port.js';

const MAIL_OUTCOMES: readonly MailOutcome[] = ['processed', 'ignored', 'held', 'failed', 'duplicate'];
/** One run calls the model (default time limit 60 s) and writes a document, so the tail goes past a minute. */
const PROCESSING_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

export interface QueueDepthSource {
  /** The queue's name, shown as the `queue` label. */
  queue: string;
  /** Jobs waiting; read at scrape time. */
  depth(): Promise<number>;
}

export interface PrometheusMailMetricsOptions {
  queue: QueueDepthSource;
  logger: Logger;
  /** How long a scrape waits for the queue depth before leaving it out. */
  queueDepthTimeoutMs?: number;
}

/** The mail pipeline's counters and timings, and its queue's depth, as series on the app's registry. */
export class PrometheusMailMetrics implements MailMetrics {
  private readonly received: Counter;
  private readonly finished: Counter<'outcome'>;
  private readonly processing: Histogram<'outcome'>;
  private readonly tokens: Counter<'direction'>;
  private readonly docWriteErrors: Counter;

  constructor(registry: Registry, options: PrometheusMailMetricsOptions) {
    const registers = [registry];
    this.received = new Counter({
      name: 'mailscribe_mails_received_total',
      help: 'Messages stored by the SMTP intake (one per document addressed) and answered 250.',
      registers,
    });
    this.finished = new Counter({
      name: 'mailscribe_mails_finished_total',
      help: 'Processing runs by outcome: processed, ignored, held, failed or duplicate.',
      labelNames: ['outcome'],
      registers,
    });
    this.processing = new Histogram({
      name: 'mailscribe_mail_processing_duration_seconds',
      help: 'Time from the start of a processing run to its outcome.',
      labelNames: ['outcome'],
      buckets: PROCESSING_BUCKETS,
      registers,
    });
    this.tokens = new Counter({
      name: 'mailscribe_model_tokens_total',
      help: 'Tokens the summarising model reported, by direction: input or output.',
      labelNames: ['direction'],
      registers,
    });
    this.docWriteErrors = new Counter({
      name: 'mailscribe_doc_write_errors_total',
      help: 'Failed writes of a summary into its document.',
      registers,
    });
    // Known label values start at zero, so rate() and alerts see the series before the first event.
    for (const outcome of MAIL_OUTCOMES) {
      this.finished.inc({ outcome }, 0);
      this.processing.zero({ outcome });
    }
    this.tokens.inc({ direction: 'input' }, 0);
    this.tokens.inc({ direction: 'output' }, 0);
    watchQueueDepth(registry, options);
  }

  mailsReceived(count: number): void {
    if (count > 0) this.received.inc(count);
  }

  mailFinished(outcome: MailOutcome, seconds: number): void {
    this.finished.inc({ outcome });
    this.processing.observe({ outcome }, seconds);
  }

  modelTokens(input: number, output: number): void {
    // A model that reports nothing (or nonsense) must not make inc() throw inside the pipeline.
    if (Number.isFinite(input) && input > 0) this.tokens.inc({ direction: 'input' }, input);
    if (Number.isFinite(output) && output > 0) this.tokens.inc({ direction: 'output' }, output);
  }

  docWriteFailed(): void {
    this.docWriteErrors.inc();
  }
}

/**
 * Read at scrape time. When the database is slow or down the sample is left out (and logged), so the
 * scrape itself still answers with everything else.
 */
function watchQueueDepth(registry: Registry, { queue, logger, queueDepthTimeoutMs = QUEUE_DEPTH_TIMEOUT_MS }: PrometheusMailMetricsOptions): void {
  new Gauge({
    name: 'mailscribe_queue_depth',
    help: 'Processing jobs waiting in the job queue (delayed retries included), read at scrape time.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      // With labels, a reset gauge shows no sample at all rather than a stale one.
      this.reset();
      try {
        this.set({ queue: queue.queue }, await withTimeout(queue.depth(), queueDepthTimeoutMs));
      } catch (error) {
        logger.warn({ err: error, queue: queue.queue }, 'queue depth not collected');
      }
    },
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
