// A line or bar chart of one or more series over category labels (ApexCharts). The charting library
// (~150 KB gzip) is loaded on first render, in its own chunk: import this module only from the pages
// that draw a chart, never from the app shell. Colours follow the theme's CSS variables.
import type { ApexOptions } from 'apexcharts';
import type ReactApexChart from 'react-apexcharts';
import { Component, lazy, Suspense, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import './chart.css';

// react-apexcharts is CommonJS (exports.default = Charts): depending on the bundler's interop, the
// component arrives as the module's default (dev, tests) or as the default's default (production build).
const ApexChart = lazy(async () => {
  const exported: unknown = (await import('react-apexcharts')).default;
  const component = typeof exported === 'function' ? exported : (exported as { default?: unknown } | null)?.default;
  if (typeof component !== 'function') throw new Error('react-apexcharts did not export a component.');
  return { default: component as typeof ReactApexChart };
});

/** docs/product.md § Usage. */
export const CHART_HEIGHT = 300;

export type ChartType = 'line' | 'bar';
/**
 * One plotted series. `name` is what the legend and the tooltip call it ("Mails processed"); `axis` the
 * title of its y-axis with the unit ("Mails"). Two series with different axes get one axis each (the
 * second on the right), so a count of mails and a count of tokens are each read on their own scale.
 */
export type ChartSeries = {
  name: string;
  data: number[];
  axis: string;
  /**
   * How this series is drawn when it differs from the chart's type: a count of mails as bars with the
   * tokens as a line over them, so neither hides the other even where the two rise and fall together.
   */
  kind?: ChartType;
};

type ChartProps = {
  type: ChartType;
  series: ChartSeries[];
  /** One label per data point, shared by every series. */
  categories: string[];
  /** The chart's accessible name. */
  label: string;
};

export type Palette = { mode: 'light' | 'dark'; primary: string; secondary: string; text: string; grid: string; font: string };

function themeOf(): string {
  return document.documentElement.getAttribute('data-theme') ?? 'light';
}

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'class', 'style'] });
  return () => observer.disconnect();
}

function readPalette(theme: string): Palette {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const dark = theme === 'dark';
  return {
    mode: dark ? 'dark' : 'light',
    primary: read('--color-primary', dark ? '#8b85ff' : '#4f46e5'),
    secondary: read('--color-chart-secondary', dark ? '#f5b454' : '#b45309'),
    text: read('--color-text-muted', dark ? '#a3a9bd' : '#5a6278'),
    grid: read('--color-border', dark ? '#2a3043' : '#e2e5ee'),
    font: read('--font-sans', 'system-ui, sans-serif'),
  };
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const formatCount = (value: number) => Math.round(value).toLocaleString();

/** At most this many category labels on the x-axis (wide screens, phones); the others stay blank. */
const MAX_LABELS = { wide: 15, narrow: 5 };

/** Below this width the chart is drawn for a phone: fewer x-axis labels, none rotated. */
export const NARROW_CHART_QUERY = '(max-width: 599px)';

function narrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_CHART_QUERY).matches;
}

function subscribeToWidth(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_CHART_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Shows every n-th category label so that at most `maxLabels` appear, always including the last one. */
function sparseLabels(categories: string[], maxLabels: number) {
  const step = Math.max(1, Math.ceil(categories.length / maxLabels));
  const last = categories.length - 1;
  const index = new Map(categories.map((category, position) => [category, position]));
  return (value: string) => {
    const position = index.get(value);
    return position === undefined || (last - position) % step === 0 ? value : '';
  };
}

/** One y-axis per distinct axis title, in series order; a series after the first on a shared axis reuses it. */
type YAxis = Exclude<NonNullable<ApexOptions['yaxis']>, unknown[]>;

function yAxes(series: readonly ChartSeries[], palette: Palette, colors: readonly string[]): YAxis[] {
  const titles = [...new Set(series.map((entry) => entry.axis))];
  // With two axes, each takes its series' colour, so which scale belongs to which series is plain.
  const tinted = titles.length > 1;
  return series.map((entry, index) => {
    const axisIndex = titles.indexOf(entry.axis);
    const ownerIndex = series.findIndex((other) => other.axis === entry.axis);
    const color = tinted ? (colors[ownerIndex] ?? palette.text) : palette.text;
    return {
      seriesName: series[ownerIndex]?.name,
      show: ownerIndex === index,
      opposite: axisIndex > 0,
      min: 0,
      forceNiceScale: true,
      axisBorder: { show: tinted, color },
      title: { text: entry.axis, style: { color, fontWeight: 600 } },
      labels: { formatter: formatCount, style: { colors: color } },
    };
  });
}

/** ApexCharts' name for a series drawn as bars in a chart of mixed kinds. */
function apexKind(kind: ChartType): 'column' | 'line' {
  return kind === 'bar' ? 'column' : 'line';
}

/** True when some series is drawn otherwise than the chart's type (a bars-and-line chart). */
export function isMixed(type: ChartType, series: readonly ChartSeries[]): boolean {
  return series.some((entry) => (entry.kind ?? type) !== type);
}

/** Exported for the tests: what the chart hands ApexCharts. */
export function chartOptions(
  type: ChartType,
  categories: string[],
  palette: Palette,
  series: readonly ChartSeries[],
  narrow = false,
): ApexOptions {
  const showLegend = series.length > 1;
  const colors = [palette.primary, palette.secondary];
  const kinds = series.map((entry) => entry.kind ?? type);
  return {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      background: 'transparent',
      fontFamily: palette.font,
      foreColor: palette.text,
      parentHeightOffset: 0,
      animations: { enabled: !prefersReducedMotion() },
    },
    colors,
    dataLabels: { enabled: false },
    // monotoneCubic: smooth, but never dips below a day with 0. Bars have no outline.
    stroke: { curve: 'monotoneCubic', width: kinds.map((kind) => (kind === 'line' ? 2.5 : 0)) },
    markers: { size: 0, hover: { size: 5 } },
    grid: { borderColor: palette.grid, strokeDashArray: 4, padding: { left: 8, right: 8 } },
    plotOptions: { bar: { borderRadius: 2, columnWidth: '65%' } },
    legend: { show: showLegend },
    xaxis: {
      categories,
      tickPlacement: 'on',
      // A phone gets few labels, level: rotated ones would still collide at 390 px.
      labels: narrow
        ? { rotate: 0, rotateAlways: false, hideOverlappingLabels: true, trim: false, formatter: sparseLabels(categories, MAX_LABELS.narrow) }
        : { rotate: -45, rotateAlways: false, hideOverlappingLabels: true, formatter: sparseLabels(categories, MAX_LABELS.wide) },
      axisBorder: { color: palette.grid },
      axisTicks: { show: false },
      tooltip: { enabled: false },
    },
    yaxis: yAxes(series, palette, colors),
    tooltip: {
      theme: palette.mode,
      // One tooltip for the day, each series under its own name.
      shared: true,
      intersect: false,
      // The tooltip names every day, including those whose axis label is left blank.
      x: { formatter: (_value: number, options?: { dataPointIndex?: number }) => categories[options?.dataPointIndex ?? -1] ?? '' },
      y: { formatter: formatCount },
    },
  };
}

/** Same size as the chart, for while the library or the data loads. */
export function ChartPlaceholder({ label = 'Loading chart' }: { label?: string }) {
  return (
    <div className="chart-placeholder" style={{ height: CHART_HEIGHT }} role="status" aria-label={label}>
      <span className="chart-placeholder__bars" aria-hidden="true" />
    </div>
  );
}

/** A chart library that fails to load (offline, new deployment) leaves an empty box and a log line, not a broken page. */
class ChartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('Could not draw the chart.', error);
  }

  override render() {
    return this.state.failed ? <div className="chart" style={{ height: CHART_HEIGHT }} /> : this.props.children;
  }
}

export function Chart({ type, series, categories, label }: ChartProps) {
  const theme = useSyncExternalStore(subscribeToTheme, themeOf, () => 'light');
  const narrow = useSyncExternalStore(subscribeToWidth, narrowScreen, () => false);
  const palette = useMemo(() => readPalette(theme), [theme]);
  const options = useMemo(() => chartOptions(type, categories, palette, series, narrow), [type, categories, palette, series, narrow]);
  const mixed = isMixed(type, series);
  // A chart of mixed kinds is a "line" chart to ApexCharts, each series saying how it is drawn.
  const apexType = mixed ? 'line' : type;
  const apexSeries = useMemo(
    () => series.map(({ name, data, kind }) => (mixed ? { name, data, type: apexKind(kind ?? type) } : { name, data })),
    [series, mixed, type],
  );

  return (
    <ChartErrorBoundary>
      <Suspense fallback={<ChartPlaceholder />}>
        <div className="chart" role="img" aria-label={label} data-chart-type={type} style={{ minHeight: CHART_HEIGHT }}>
          {/* A new type is a new chart: ApexCharts does not switch types in place reliably. */}
          <ApexChart
            key={`${type}-${narrow ? 'narrow' : 'wide'}`}
            type={apexType}
            height={CHART_HEIGHT}
            width="100%"
            series={apexSeries}
            options={options}
          />
        </div>
      </Suspense>
    </ChartErrorBoundary>
  );
}
