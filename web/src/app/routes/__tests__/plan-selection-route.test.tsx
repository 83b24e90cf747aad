import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anActiveSubscription, installFakeFetch, type FakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import { documentsAnswer } from '@/test/documents-answer';

const noSubscription = { ...anActiveSubscription, isActive: false, subscriptionStatus: 'none', currentPeriodEnd: null, monthlyPrice: null, planType: null };
const basic = { priceType: 'monthlyBasic', price: 9.99, tokens: 1000 };

function aListItem(documentId: string, documentName: string) {
  return {
    documentId,
    documentName,
    templateName: '',
    emails: ['ada@example.com'],
    forwardEmail: `${documentId}@localhost`,
    googleDocumentId: `local-${documentId}`,
    documentUrl: `/local-docs/local-${documentId}`,
    createdAt: '2026-11-21T10:00:00.000Z',
  };
}

function signedInWithoutPlan(documents: unknown[]): FakeFetch {
  const api = installFakeFetch({
    'GET /api/subscription/status': { status: 200, body: noSubscription },
    'GET /api/stripe/prices': { status: 200, body: [basic] },
    'GET /api/google-docs': { status: 200, body: documents },
    'GET /api/public-config': { status: 200, body: { supportEmail: 'help@example.com', socialUrl: null, videoUrl: null, billing: 'local', inboundDomain: 'localhost' } },
  });
  storeToken(makeJwt());
  return api;
}

const READY = 'Your document Weekly notes is ready; choose a plan to start processing mail';

describe('plan page after a document made without a plan', () => {
  it('keeps the document the onboarding guide created and says so on the plan page', async () => {
    const documents: unknown[] = [];
    const api = signedInWithoutPlan(documents);
    api.on('POST /api/createGoogleDoc', (request) => {
      const body = request.body as { documentId: string; docName: string };
      const created = aListItem(body.documentId, body.docName);
      documents.unshift(created);
      return { status: 201, body: created };
    });
    const { user, router } = renderApp('/onboarding');

    await screen.findByRole('heading', { name: 'Getting started', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Create my first document' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Document' });
    await user.type(within(dialog).getByLabelText('Document Name'), 'Weekly notes');
    await user.type(within(dialog).getByLabelText('Source Emails'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/subscriptionPage'));
    expect(await screen.findByText(READY)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeInTheDocument();
    expect(api.callsTo('POST /api/createGoogleDoc')).toHaveLength(1);
  });

  it('names the newest document from the server, so a reload still shows the notice', async () => {
    signedInWithoutPlan([aListItem('d-2', 'Weekly notes'), aListItem('d-1', 'Older notes')]);
    renderApp('/subscriptionPage');

    expect(await screen.findByText(READY)).toBeInTheDocument();
  });

  it('says nothing about documents when there are none', async () => {
    const api = signedInWithoutPlan([]);
    renderApp('/subscriptionPage');

    await screen.findByRole('radio', { name: 'Basic' });
    await waitFor(() => expect(api.callsTo('GET /api/google-docs')).toHaveLength(1));
    expect(screen.queryByText(/is ready; choose a plan/)).not.toBeInTheDocument();
  });

  it('says nothing to a subscriber choosing another plan', async () => {
    const api = installFakeFetch({ 'GET /api/stripe/prices': { status: 200, body: [basic] }, 'GET /api/google-docs': documentsAnswer([aListItem('d-1', 'Weekly notes')]) });
    storeToken(makeJwt());
    renderApp('/subscriptionPage');

    await screen.findByRole('radio', { name: 'Basic' });
    expect(screen.queryByText(/is ready; choose a plan/)).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/google-docs')).toHaveLength(0);
  });
});
