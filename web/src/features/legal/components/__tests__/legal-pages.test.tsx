import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

function installConfig() {
  installFakeFetch({
    'GET /api/public-config': {
      status: 200,
      body: { supportEmail: 'legal@mailscribe.example', socialUrl: null, videoUrl: null, billing: 'stripe', inboundDomain: 'in.example' },
    },
  });
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
    expect(article).toHaveTextContent('Attachments are never summarised or sent to the model');
    expect(article).toHaveTextContent('its content is deleted');
    expect(article).toHaveTextContent('at most 30 days');
    expect(article).toHaveTextContent('Stripe');
    expect(article).toHaveTextContent('Limited Use requirements');
    expect(await screen.findAllByRole('link', { name: 'legal@mailscribe.example' })).not.toHaveLength(0);
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
