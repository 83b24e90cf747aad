import { describe, expect, it } from 'vitest';
import { chartOptions, isMixed, type ChartSeries, type Palette } from '../chart';

const palette: Palette = { mode: 'light', primary: '#4f46e5', secondary: '#b45309', text: '#5a6278', grid: '#e2e5ee', font: 'system-ui' };
const categories = ['03/14', '03/15'];
const mailsAndTokens: ChartSeries[] = [
  { name: 'Mails processed', axis: 'Mails', data: [15, 2] },
  { name: 'Tokens used', axis: 'Tokens', data: [27, 3] },
];

const axesOf = (options: ReturnType<typeof chartOptions>) => (Array.isArray(options.yaxis) ? options.yaxis : [options.yaxis]);

describe('chart options', () => {
  it('gives each unit its own y-axis titled with it, the second on the right', () => {
    const axes = axesOf(chartOptions('line', categories, palette, mailsAndTokens));

    expect(axes.map((axis) => axis?.title?.text)).toEqual(['Mails', 'Tokens']);
    expect(axes.map((axis) => axis?.seriesName)).toEqual(['Mails processed', 'Tokens used']);
    expect(axes.map((axis) => axis?.opposite)).toEqual([false, true]);
  });

  it('shares one axis between series of the same unit', () => {
    const axes = axesOf(
      chartOptions('bar', categories, palette, [
        { name: 'Received', axis: 'Mails', data: [1, 2] },
        { name: 'Processed', axis: 'Mails', data: [1, 1] },
      ]),
    );

    expect(axes.map((axis) => axis?.show)).toEqual([true, false]);
    expect(axes.map((axis) => axis?.seriesName)).toEqual(['Received', 'Received']);
  });

  it('shows a legend and one tooltip for the day naming every series when there are several', () => {
    const options = chartOptions('line', categories, palette, mailsAndTokens);

    expect(options.legend?.show).toBe(true);
    expect(options.tooltip?.shared).toBe(true);
    expect(options.tooltip?.intersect).toBe(false);
    expect(options.colors).toHaveLength(2);
  });

  it('leaves out the legend for a single series', () => {
    expect(chartOptions('line', categories, palette, [mailsAndTokens[0]!]).legend?.show).toBe(false);
  });

  it('draws bars without an outline and lines with one in a chart of mixed kinds', () => {
    const mixed: ChartSeries[] = [{ ...mailsAndTokens[0]!, kind: 'bar' }, mailsAndTokens[1]!];

    expect(isMixed('line', mixed)).toBe(true);
    expect(isMixed('bar', mixed)).toBe(false);
    expect(chartOptions('line', categories, palette, mixed).stroke?.width).toEqual([0, 2.5]);
  });

  it('colours each of two axes like its series, so the scales are told apart', () => {
    const axes = axesOf(chartOptions('line', categories, palette, mailsAndTokens));

    expect(axes.map((axis) => axis?.title?.style?.color)).toEqual([palette.primary, palette.secondary]);
    expect(axes.map((axis) => axis?.labels?.style?.colors)).toEqual([palette.primary, palette.secondary]);
  });

  it('shows at most five level x-axis labels on a phone, the last day always among them', () => {
    const days = Array.from({ length: 30 }, (_, index) => `11/${String(index + 1).padStart(2, '0')}`);
    const labels = chartOptions('line', days, palette, mailsAndTokens, true).xaxis?.labels;
    const shown = days.map((day) => (labels?.formatter as (value: string) => string)(day)).filter((label) => label !== '');

    expect(shown.length).toBeLessThanOrEqual(5);
    expect(shown.at(-1)).toBe('11/30');
    expect(labels?.rotate).toBe(0);
  });

  it('shows up to fifteen x-axis labels on a wide screen', () => {
    const days = Array.from({ length: 30 }, (_, index) => `11/${String(index + 1).padStart(2, '0')}`);
    const labels = chartOptions('line', days, palette, mailsAndTokens).xaxis?.labels;
    const shown = days.map((day) => (labels?.formatter as (value: string) => string)(day)).filter((label) => label !== '');

    expect(shown.length).toBeGreaterThan(5);
    expect(shown.length).toBeLessThanOrEqual(15);
  });
});
