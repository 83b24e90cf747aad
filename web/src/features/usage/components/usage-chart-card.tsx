import { useMemo, useState } from 'react';
import { Chart, ChartPlaceholder, type ChartType } from '@/components/ui/chart/chart';
import { LoadFailed, loadFailureOf } from '@/components/ui/load-failed/load-failed';
import { useUsageSeries } from '../api/get-usage-chart';
import { CHART_RANGES, DEFAULT_CHART_RANGE, type ChartRange } from '../utils/usage-chart';

const CHART_TYPES: { value: ChartType; label: string }[] = [
  { value: 'line', label: 'Line' },
  { value: 'bar', label: 'Bar' },
];

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

/**
 * docs/product.md § Usage: "Processed mails over time", with a range selector and a line/bar toggle. It plots
 * the mails processed per day as bars and, on a second axis of its own, the tokens they used (a line,
 * or bars beside the mails' with "Bar"): the title, the legend, the axes and the tooltip all name what
 * they show.
 */
export function UsageChartCard() {
  const [range, setRange] = useState<ChartRange>(DEFAULT_CHART_RANGE);
  const [type, setType] = useState<ChartType>('line');
  const { points, loading, result } = useUsageSeries(range);
  const failure = loadFailureOf(result, 'The usage chart could not be loaded.');

  const categories = useMemo(() => points.map((point) => point.date), [points]);
  const series = useMemo(
    () => [
      // Always bars: drawn as a line, the mails would hide under the tokens, which follow them closely.
      { name: 'Mails processed', axis: 'Mails', kind: 'bar' as const, data: points.map((point) => point.mails) },
      { name: 'Tokens used', axis: 'Tokens', data: points.map((point) => point.tokens) },
    ],
    [points],
  );

  return (
    <section className="card card--stack usage-card" aria-labelledby="usage-chart-title" aria-busy={loading}>
      <div className="split-row usage-card__header">
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
      ) : failure ? (
        <LoadFailed {...failure} />
      ) : (
        <Chart type={type} series={series} categories={categories} label={`Mails processed and tokens used per day over the last ${range} days`} />
      )}
    </section>
  );
}
