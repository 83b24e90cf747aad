import { describe, expect, it } from 'vitest';
import { chartOptions, type ChartSeries, type Palette } from '../chart';

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
});
