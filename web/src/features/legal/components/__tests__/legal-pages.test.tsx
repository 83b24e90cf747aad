import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeFetch, retentionPolicy, type Reply } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
// The server's one source of the retention periods and their sentences: what the page must show as is.
import { ACCOUNT_DELETION_KEPT, retentionPeriods, retentionSentences } from '../../../../../../src/shared/retention-policy';

function installConfig(retention: Reply = retentionPolicy()) {
  return installFakeFetch({
    'GET /api/public-config': {
      status: 200,
      body: { supportEmail: 'legal@mailscribe.example', socialUrl: null, videoUrl: null, billing: 'stripe', inboundDomain: 'in.example' },
    },
    'GET /api/retention-policy': retention,
  });
}

/** The items of the "How long we keep it" list. */
/** The retention list's own items (not the items nested in one of them). */
function retentionItems(): string[] {
  const section = document.getElementById('retention');
  if (!section) throw new Error('no retention section');
  return within(section)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement?.parentElement === section.querySelector('ul')?.parentElement)
    .map((item) => item.textContent ?? '');
}

describe('terms of use (/termsOfUse)', () => {
  it('is dated 1 September 2025 and states the notice for price changes, no refunds and the governing law', async () => {
    installConfig();
    renderApp('/termsOfUse');

    const article = (await screen.findByRole('heading', { name: 'Terms of Use', level: 1 })).closest('article') as HTMLElement;
    expect(article).toHaveTextContent('Last updated: 1 September 2025');
    expect(article).toHaveTextContent('at least 30 days notice');
    expect(article).toHaveTextContent('All purchases, including subscriptions and extra tokens, are non-refundable');
    expect(screen.getByRole('heading', { name: /Governing law/ })).toBeInTheDocument();
    expect(article).toHaveTextContent('governed by the laws of [Jurisdiction to be specified]');
    expect(article).toHaveTextContent('Payments are processed by Stripe');
  });

  it('gives the support address from the configuration', async () => {
    installConfig();
    renderApp('/termsOfUse');

    const links = await screen.findAllByRole('link', { name: 'legal@mailscribe.example' });
    expect(links[0]).toHaveAttribute('href', 'mailto:legal@mailscribe.example');
  });
});

describe('privacy policy (/privacyPolicy)', () => {
  it('is dated 1 September 2025 and says what is processed, kept and shared', async () => {
    installConfig();
    renderApp('/privacyPolicy');

    const article = (await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).closest('article') as HTMLElement;
    expect(article).toHaveTextContent('Last updated: 1 September 2025');
    expect(article).toHaveTextContent('drive.file');
    expect(article).toHaveTextContent('the text read from its attachments');
    expect(article).toHaveTextContent('only until the email is summarised');
    expect(article).toHaveTextContent('its content is deleted');
    expect(await screen.findByText(/waits at most 30 days/)).toBeInTheDocument();
    expect(article).toHaveTextContent('Stripe');
    expect(article).toHaveTextContent('Limited Use requirements');
    expect(await screen.findAllByRole('link', { name: 'legal@mailscribe.example' })).not.toHaveLength(0);
  });

  it('states exactly the retention sentences of the installation, in order, before the account and log items', async () => {
    installConfig(retentionPolicy({ HOLD_DAYS: 14, MAIL_LOG_DAYS: 90 }));
    renderApp('/privacyPolicy');

    const sentences = retentionSentences(retentionPeriods({ HOLD_DAYS: 14, MAIL_LOG_DAYS: 90 }));
    await screen.findByText(sentences[0] ?? '');
    const items = retentionItems();
    expect(items.slice(0, sentences.length)).toEqual(sentences);
    expect(items.slice(sentences.length).map((item) => item.split(':')[0])).toEqual(['Your account', 'Server logs']);
    expect(items.join(' ')).toContain('kept for 14 days');
  });

  it('lists under "Your account" exactly the billing records an account deletion keeps', async () => {
    installConfig();
    renderApp('/privacyPolicy');
    const account = (await screen.findByText(/^Your account:/)).closest('li') as HTMLElement;
    await within(account).findByText(ACCOUNT_DELETION_KEPT[0] ?? '');
    expect(within(account).getAllByRole('listitem').map((item) => item.textContent)).toEqual([...ACCOUNT_DELETION_KEPT]);
  });

  it('says so, and offers to try again, when the retention periods cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = installConfig({ status: 500, body: { error: { code: 'INTERNAL', message: 'Something went wrong.' } } });
    const { user } = renderApp('/privacyPolicy');

    expect(await screen.findByRole('alert')).toHaveTextContent('The retention periods could not be loaded.');
    expect(warn).toHaveBeenCalledWith('Could not load the retention periods.', expect.anything());
    api.on('GET /api/retention-policy', retentionPolicy());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/waits at most 30 days/)).toBeInTheDocument();
  });

  it('has a table of contents linking to its sections', async () => {
    installConfig();
    renderApp('/privacyPolicy');

    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    const first = contents.querySelector('a');
    expect(first).toHaveAttribute('href', '#who-we-are');
    expect(document.getElementById('who-we-are')).not.toBeNull();
  });
});
