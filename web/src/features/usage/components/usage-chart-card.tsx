import { useEffect, useMemo, useState } from 'react';
import { Chart, ChartPlaceholder, type ChartType } from '@/components/ui/chart/chart';
import { getUsageChart } from '../api/get-usage-chart';
import { browserTimeZone, buildDailySeries, chartRangeStart, CHART_RANGES, DEFAULT_CHART_RANGE, type ChartPoint, type ChartRange } from '../utils/usage-chart';

const CHART_TYPES: { value: ChartType; label: string }[] = [
  { value: 'line', label: 'Line' },
  { value: 'bar', label: 'Bar' },
];

type Loaded = { range: ChartRange; points: ChartPoint[] };

/** Loads the days of `range`, again when it changes. Spec §8: a failure is logged only and ends the loading. */
function useUsageSeries(range: ChartRange) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const now = new Date();
    getUsageChart({ from: chartRangeStart(range, now), tz: browserTimeZone() }, controller.signal).then(
      (usage) => {
        if (!controller.signal.aborted) setLoaded({ range, points: buildDailySeries(usage, range, now) });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Could not load the usage chart.', error);
        setLoaded((previous) => ({ range, points: previous?.points ?? [] }));
      },
    );
    return () => controller.abort();
  }, [range]);

  return { points: loaded?.points ?? [], loading: loaded?.range !== range };
}

type ToggleGroupProps<Value extends string | number> = {
  label: string;
  options: { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
};

function ToggleGroup<Value extends string | number>({ label, options, value, onChange }: ToggleGroupProps<Value>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="segmented__button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

const RANGE_OPTIONS = CHART_RANGES.map((days) => ({ value: days, label: `${days}d` }));

/** Spec §2 Usage (1): "Processed mails over time", with a range selector and a line/bar toggle. */
export function UsageChartCard() {
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const [type, setType] = useState<ChartType>('line');
  const { points, loading } = useUsageSeries(range);

  const categories = useMemo(() => points.map((point) => point.date), [points]);
  const series = useMemo(() => [{ name: 'Tokens used', data: points.map((point) => point.count) }], [points]);

  return (
    <section className="card usage-card" aria-labelledby="usage-chart-title" aria-busy={loading}>
      <div className="usage-card__header">
        <h2 id="usage-chart-title" className="usage-card__title">
          Processed mails over time
        </h2>
        <div className="usage-card__controls">
          <ToggleGroup label="Range" options={RANGE_OPTIONS} value={range} onChange={setRange} />
          <ToggleGroup label="Chart type" options={CHART_TYPES} value={type} onChange={setType} />
        </div>
      </div>
      {loading ? (
        <ChartPlaceholder label="Loading the usage chart" />
      ) : (
        <Chart type={type} series={series} categories={categories} label={`Tokens used per day over the last ${range} days`} />
      )}
    </section>
  );
}
