import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { heldReply, installFakeFetch, type Reply, type Route } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

const TODAY = new Date(2026, 2, 15, 14, 45); // 15 March 2026, 14:45 local time

const failure: Reply = { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } };

const usageRows = {
  data: [
    { operation: 'Mail summarised: Invoice 42', usedTokens: 1234, date: '2026-03-14T09:30:00.000Z', payedUsd: 0.12 },
    { operation: 'Mail summarised: Hello', usedTokens: 12, date: '2026-03-13T18:00:00.000Z', payedUsd: 0 },
  ],
  total: 23,
};

const addedRows = {
  data: [{ source: 'Token purchase', tokens: 1000, payedUsd: 12.5, date: '2026-03-01T10:00:00.000Z' }],
  total: 1,
};

async function renderUsage(routes: Record<string, Route> = {}, url = '/dashboard/usage') {
  vi.useFakeTimers({ now: TODAY, toFake: ['Date'] });
  const api = installFakeFetch({
    'GET /api/tokens/usage/chart': { status: 200, body: { usage: [] } },
    'GET /api/tokens/usage/table': { status: 200, body: usageRows },
    'GET /api/tokens/added/table': { status: 200, body: addedRows },
    ...routes,
  });
  storeToken(makeJwt());
  const view = renderApp(url);
  await screen.findByRole('heading', { name: 'Usage', level: 1 });
  return { ...view, api };
}

const chartCard = () => screen.getByRole('region', { name: 'Processed mails over time' });
const usageCard = () => screen.getByRole('region', { name: 'Token Usage' });
const addedCard = () => screen.getByRole('region', { name: 'Added Tokens' });

describe('usage page', () => {
  it('shows the chart card and the two tables inside the dashboard, on both paths', async () => {
    for (const url of ['/dashboard/usage', '/usage']) {
      const { unmount } = await renderUsage({}, url);

      expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
      expect(within(chartCard()).getByRole('heading', { name: 'Processed mails over time', level: 2 })).toBeInTheDocument();
      expect(within(usageCard()).getByRole('heading', { name: 'Token Usage', level: 2 })).toBeInTheDocument();
      expect(within(addedCard()).getByRole('heading', { name: 'Added Tokens', level: 2 })).toBeInTheDocument();
      unmount();
    }
  });

  describe('chart', () => {
    it('asks for the last 30 days from local midnight, in the browser’s time zone', async () => {
      const { api } = await renderUsage();

      await waitFor(() => expect(api.callsTo('GET /api/tokens/usage/chart')).toHaveLength(1));
      expect(api.callsTo('GET /api/tokens/usage/chart')[0]?.query).toEqual({
        from: new Date(2026, 1, 14, 0, 0, 0, 0).toISOString(),
        tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
    });

    it('offers the ranges 7d, 30d, 90d and 180d with 30d selected, and reloads when the range changes', async () => {
      // Only the requests matter here: the answers never come, so no chart is drawn.
      const { api, user } = await renderUsage({ 'GET /api/tokens/usage/chart': () => new Promise<Reply>(() => undefined) });
      const range = within(chartCard()).getByRole('group', { name: 'Range' });
      expect(within(range).getAllByRole('button').map((button) => button.textContent)).toEqual(['7d', '30d', '90d', '180d']);
      expect(within(range).getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'true');
      await waitFor(() => expect(api.callsTo('GET /api/tokens/usage/chart')).toHaveLength(1));

      await user.click(within(range).getByRole('button', { name: '7d' }));

      expect(within(range).getByRole('button', { name: '7d' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(range).getByRole('button', { name: '30d' })).toHaveAttribute('aria-pressed', 'false');
      await waitFor(() => expect(api.callsTo('GET /api/tokens/usage/chart')).toHaveLength(2));
      expect(api.callsTo('GET /api/tokens/usage/chart')[1]?.query['from']).toBe(new Date(2026, 2, 9).toISOString());

      await user.click(within(range).getByRole('button', { name: '180d' }));
      await waitFor(() => expect(api.callsTo('GET /api/tokens/usage/chart')).toHaveLength(3));
      expect(api.callsTo('GET /api/tokens/usage/chart')[2]?.query['from']).toBe(new Date(2025, 8, 17).toISOString());
    });

    it('draws a line chart by default and a bar chart on request', async () => {
      const { user } = await renderUsage();
      const type = within(chartCard()).getByRole('group', { name: 'Chart type' });
      expect(within(type).getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
      const chart = await within(chartCard()).findByRole('img', { name: 'Mails processed and tokens used per day over the last 30 days' });
      expect(chart).toHaveAttribute('data-chart-type', 'line');

      await user.click(within(type).getByRole('button', { name: 'Bar' }));

      expect(within(type).getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'true');
      expect(within(type).getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'false');
      expect(within(chartCard()).getByRole('img', { name: /per day over the last/ })).toHaveAttribute('data-chart-type', 'bar');
    });

    it('plots mails processed and tokens used, each on its own labelled axis, as the title says', async () => {
      await renderUsage({
        'GET /api/tokens/usage/chart': {
          status: 200,
          body: { usage: [{ date: '2026-03-14', usedTokens: 27, processedMails: 15 }] },
        },
      });
      const chart = await within(chartCard()).findByRole('img', { name: 'Mails processed and tokens used per day over the last 30 days' });

      // What ApexCharts drew: a legend entry per series and one y-axis title per unit.
      await waitFor(() => expect(chart.querySelectorAll('.apexcharts-legend-text')).toHaveLength(2));
      expect([...chart.querySelectorAll('.apexcharts-legend-text')].map((entry) => entry.textContent)).toEqual(['Mails processed', 'Tokens used']);
      expect([...chart.querySelectorAll('.apexcharts-yaxis-title-text')].map((title) => title.textContent)).toEqual(['Mails', 'Tokens']);
      // The mails as bars under the tokens' line, so neither hides the other.
      expect(chart.querySelectorAll('.apexcharts-bar-series .apexcharts-series')).toHaveLength(1);
      expect(chart.querySelectorAll('.apexcharts-line-series .apexcharts-series')).toHaveLength(1);
    });

    it('shows a placeholder while the data loads, then the chart', async () => {
      const held = heldReply();
      await renderUsage({ 'GET /api/tokens/usage/chart': held.handler });

      expect(within(chartCard()).getByRole('status', { name: 'Loading the usage chart' })).toBeInTheDocument();
      expect(chartCard()).toHaveAttribute('aria-busy', 'true');

      held.release({ status: 200, body: { usage: [{ date: '2026-03-15', usedTokens: 9, processedMails: 2 }] } });

      expect(await within(chartCard()).findByRole('img', { name: /per day over the last/ })).toBeInTheDocument();
      expect(chartCard()).toHaveAttribute('aria-busy', 'false');
    });

    it('says a failed load instead of drawing bare axes, and draws the chart after "Try again"', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { api, user } = await renderUsage({ 'GET /api/tokens/usage/chart': failure });

      expect(await within(chartCard()).findByRole('alert')).toHaveTextContent('The usage chart could not be loaded.');
      expect(chartCard()).toHaveAttribute('aria-busy', 'false');
      expect(within(chartCard()).queryByRole('img')).not.toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('Could not load the usage chart.', expect.anything());

      api.on('GET /api/tokens/usage/chart', { status: 200, body: { usage: [{ date: '2026-03-15', usedTokens: 9, processedMails: 2 }] } });
      await user.click(within(chartCard()).getByRole('button', { name: 'Try again' }));

      expect(await within(chartCard()).findByRole('img', { name: /per day/ })).toBeInTheDocument();
      expect(within(chartCard()).queryByRole('alert')).not.toBeInTheDocument();
      expect(api.callsTo('GET /api/tokens/usage/chart')).toHaveLength(2);
    });
  });

  describe('token usage table', () => {
    it('asks for page 1 of 5 rows, newest first', async () => {
      const { api } = await renderUsage();

      await waitFor(() => expect(api.callsTo('GET /api/tokens/usage/table')).toHaveLength(1));
      expect(api.callsTo('GET /api/tokens/usage/table')[0]?.query).toEqual({ page: '1', pageSize: '5', sortBy: 'date', sortOrder: 'desc' });
    });

    it('shows Operation, Tokens Used and Date (local date and time), all sortable', async () => {
      await renderUsage();
      const table = within(usageCard()).getByRole('table', { name: 'Token Usage' });

      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Operation', 'Tokens Used', 'Date']);
      for (const name of ['Operation', 'Tokens Used', 'Date']) {
        expect(within(within(table).getByRole('columnheader', { name })).getByRole('button', { name })).toBeInTheDocument();
      }
      const firstRow = (await within(table).findByRole('cell', { name: 'Mail summarised: Invoice 42' })).closest('tr');
      expect(firstRow).not.toBeNull();
      expect(within(firstRow as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
        'Mail summarised: Invoice 42',
        (1234).toLocaleString(),
        new Date('2026-03-14T09:30:00.000Z').toLocaleString(),
      ]);
      expect(within(usageCard()).getByText('1–5 of 23')).toBeInTheDocument();
    });

    it('asks the server again when a column is sorted or the page changes', async () => {
      const { api, user } = await renderUsage();
      const table = within(usageCard()).getByRole('table', { name: 'Token Usage' });
      await within(table).findByRole('cell', { name: 'Mail summarised: Invoice 42' });

      await user.click(within(usageCard()).getByRole('button', { name: 'Next page' }));
      await waitFor(() => expect(api.callsTo('GET /api/tokens/usage/table')).toHaveLength(2));
      expect(api.callsTo('GET /api/tokens/usage/table')[1]?.query).toEqual({ page: '2', pageSize: '5', sortBy: 'date', sortOrder: 'desc' });

      await user.click(within(table).getByRole('button', { name: 'Tokens Used' }));
      await waitFor(() => expect(api.callsTo('GET /api/tokens/usage/table')).toHaveLength(3));
      expect(api.callsTo('GET /api/tokens/usage/table')[2]?.query).toEqual({ page: '1', pageSize: '5', sortBy: 'usedTokens', sortOrder: 'asc' });
    });

    it('says a failed load, not "No token usage yet", and shows the rows after "Try again"', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { api, user } = await renderUsage({ 'GET /api/tokens/usage/table': failure });
      const table = within(usageCard()).getByRole('table', { name: 'Token Usage' });

      expect(await within(table).findByRole('alert')).toHaveTextContent('Your token usage could not be loaded.');
      expect(table).toHaveAttribute('aria-busy', 'false');
      expect(within(table).queryByText('No token usage yet.')).not.toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('Could not load the token usage.', expect.anything());

      api.on('GET /api/tokens/usage/table', { status: 200, body: usageRows });
      await user.click(within(table).getByRole('button', { name: 'Try again' }));

      expect(await within(table).findByRole('cell', { name: 'Mail summarised: Invoice 42' })).toBeInTheDocument();
      expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
      expect(api.callsTo('GET /api/tokens/usage/table').at(-1)?.query).toEqual({ page: '1', pageSize: '5', sortBy: 'date', sortOrder: 'desc' });
    });

    it('says "No token usage yet." only when the server answers an empty list', async () => {
      await renderUsage({ 'GET /api/tokens/usage/table': { status: 200, body: { data: [], total: 0 } } });
      const table = within(usageCard()).getByRole('table', { name: 'Token Usage' });

      expect(await within(table).findByText('No token usage yet.')).toBeInTheDocument();
      expect(within(table).queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  describe('added tokens table', () => {
    it('asks for page 1 of 5 rows, newest first, on its own', async () => {
      const { api } = await renderUsage();

      await waitFor(() => expect(api.callsTo('GET /api/tokens/added/table')).toHaveLength(1));
      expect(api.callsTo('GET /api/tokens/added/table')[0]?.query).toEqual({ page: '1', pageSize: '5', sortBy: 'date', sortOrder: 'desc' });
    });

    it('shows Source, Tokens Used, Payed (USD) in dollars with 2 decimals, and Date', async () => {
      await renderUsage();
      const table = within(addedCard()).getByRole('table', { name: 'Added Tokens' });

      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Source', 'Tokens Used', 'Payed (USD)', 'Date']);
      const row = (await within(table).findByRole('cell', { name: 'Token purchase' })).closest('tr') as HTMLElement;
      expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
        'Token purchase',
        (1000).toLocaleString(),
        '$12.50',
        new Date('2026-03-01T10:00:00.000Z').toLocaleString(),
      ]);
    });

    it('keeps its sort, page and page size apart from the token usage table', async () => {
      const { api, user } = await renderUsage();
      await within(addedCard()).findByRole('cell', { name: 'Token purchase' });

      await user.selectOptions(within(addedCard()).getByRole('combobox', { name: 'Rows per page' }), '25');
      await user.click(within(addedCard()).getByRole('button', { name: 'Payed (USD)' }));

      await waitFor(() => expect(api.callsTo('GET /api/tokens/added/table')).toHaveLength(3));
      expect(api.callsTo('GET /api/tokens/added/table')[2]?.query).toEqual({ page: '1', pageSize: '25', sortBy: 'payedUsd', sortOrder: 'asc' });
      expect(api.callsTo('GET /api/tokens/usage/table')).toHaveLength(1);
      expect(within(usageCard()).getByRole('combobox', { name: 'Rows per page' })).toHaveValue('5');
    });

    it('shows skeleton rows while loading, then says a failed load with "Try again"', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const held = heldReply();
      await renderUsage({ 'GET /api/tokens/added/table': held.handler });
      const table = within(addedCard()).getByRole('table', { name: 'Added Tokens' });
      expect(table).toHaveAttribute('aria-busy', 'true');

      held.release(failure);

      await waitFor(() => expect(table).toHaveAttribute('aria-busy', 'false'));
      expect(within(table).getByRole('alert')).toHaveTextContent('Your added tokens could not be loaded.');
      expect(within(table).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(within(table).queryByText('No tokens added yet.')).not.toBeInTheDocument();
      expect(warn).toHaveBeenCalledWith('Could not load the added tokens.', expect.anything());
    });
  });
});
