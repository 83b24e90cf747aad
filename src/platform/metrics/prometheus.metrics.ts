import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from 'pino';
import type { MailMetrics, MailOutcome } from '../../modules/mail/application/ports/mail-metrics.port.js';

const MAIL_OUTCOMES: readonly MailOutcome[] = ['processed', 'ignored', 'held', 'failed'];
/** One run calls the model (default time limit 60 s) and writes a document, so the tail goes past a minute. */
const PROCESSING_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUEUE_DEPTH_TIMEOUT_MS = 2_000;

export interface QueueDepthSource {
  /** The queue's name, shown as the `queue` label. */
  queue: string;
  /** Jobs waiting; read at scrape time. */
  depth(): Promise<number>;
}

export interface PrometheusMetricsOptions {
  queue: QueueDepthSource;
  logger: Logger;
  /** How long a scrape waits for the queue depth before leaving it out. */
  queueDepthTimeoutMs?: number;
}

export interface HttpRequestLabels {
  method: string;
  /** The matched route pattern, never the raw path: label values must stay few. */
  route: string;
  status: number;
}

/**
 * The metrics of one app instance, on its own registry (never prom-client's global one), so several
 * containers in one process (tests) keep their numbers apart. Node and process metrics come along.
 */
export class PrometheusMetrics implements MailMetrics {
  readonly registry = new Registry();
  private readonly received: Counter;
  private readonly finished: Counter<'outcome'>;
  private readonly processing: Histogram<'outcome'>;
  private readonly tokens: Counter<'direction'>;
  private readonly docWriteErrors: Counter;
  private readonly http: Histogram<'method' | 'route' | 'status'>;

  constructor(options: PrometheusMetricsOptions) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.received = new Counter({
      name: 'mailscribe_mails_received_total',
      help: 'Messages stored by the SMTP intake (one per document addressed) and answered 250.',
      registers,
    });
    this.finished = new Counter({
      name: 'mailscribe_mails_finished_total',
      help: 'Processing runs by outcome: processed, ignored, held or failed.',
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
    this.http = new Histogram({
      name: 'mailscribe_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers,
    });
    // Known label values start at zero, so rate() and alerts see the series before the first event.
    for (const outcome of MAIL_OUTCOMES) {
      this.finished.inc({ outcome }, 0);
      this.processing.zero({ outcome });
    }
    this.tokens.inc({ direction: 'input' }, 0);
    this.tokens.inc({ direction: 'output' }, 0);
    this.watchQueueDepth(options);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The whole registry in Prometheus's text format. */
  render(): Promise<string> {
    return this.registry.metrics();
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

  observeHttpRequest(labels: HttpRequestLabels, seconds: number): void {
    this.http.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
  }

  /**
   * Read at scrape time. When the database is slow or down the sample is left out (and logged), so the
   * scrape itself still answers with everything else.
   */
  private watchQueueDepth({ queue, logger, queueDepthTimeoutMs = QUEUE_DEPTH_TIMEOUT_MS }: PrometheusMetricsOptions): void {
    new Gauge({
      name: 'mailscribe_queue_depth',
      help: 'Processing jobs waiting in the job queue (delayed retries included), read at scrape time.',
      labelNames: ['queue'],
      registers: [this.registry],
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
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
