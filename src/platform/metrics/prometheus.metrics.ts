import { Histogram, Registry, collectDefaultMetrics } from 'prom-client';

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface HttpRequestLabels {
  method: string;
  /** The matched route pattern, never the raw path: label values must stay few. */
  route: string;
  status: number;
}

/**
 * The metrics of one app instance, on its own registry (never prom-client's global one), so several
 * containers in one process (tests) keep their numbers apart. Node and process metrics come along, and
 * the HTTP request durations; modules add their own series to `registry`.
 */
export class PrometheusMetrics {
  readonly registry = new Registry();
  private readonly http: Histogram<'method' | 'route' | 'status'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.http = new Histogram({
      name: 'mailscribe_http_request_duration_seconds',
      help: 'HTTP requests by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: HTTP_BUCKETS,
      registers: [this.registry],
    });
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  /** The whole registry in Prometheus's text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  observeHttpRequest(labels: HttpRequestLabels, seconds: number): void {
    this.http.observe({ method: labels.method, route: labels.route, status: String(labels.status) }, seconds);
  }
}
