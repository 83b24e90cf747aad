import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { documentsAnswer } from '@/test/documents-answer';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';

const aDocument = {
  documentId: 'd-1',
  documentName: 'Supplier invoices',
  templateName: '',
  emails: ['boss@example.com'],
  forwardEmail: 'd-1@in.example',
  googleDocumentId: 'g-1',
  createdAt: '2025-09-01T10:00:00.000Z',
};

function renderOnboarding(path: string, documents: Parameters<typeof documentsAnswer>[0] = []) {
  const api = installFakeFetch({
    'GET /api/google-docs': documentsAnswer(documents),
    'GET /api/public-config': {
      status: 200,
      body: { supportEmail: 'help@example.com', socialUrl: null, videoUrl: null, billing: 'off', inboundDomain: 'in.example' },
    },
  });
  storeToken(makeJwt());
  return { api, ...renderApp(path) };
}

describe('onboarding guide', () => {
  it('walks through the three steps after sign-up', async () => {
    const { user } = renderOnboarding('/onboarding-after-signup');

    expect(await screen.findByRole('heading', { name: 'Welcome to Mailscribe', level: 1 })).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(within(steps).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1Create a document',
      '2Set up forwarding',
      '3Watch summaries arrive',
    ]);
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create a document', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('@in.example')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Set up forwarding', level: 2 })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Watch summaries arrive', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  });

  it('has a Gmail walkthrough that points to the confirmation code on the document page', async () => {
    const { user } = renderOnboarding('/onboarding');

    expect(await screen.findByRole('heading', { name: 'Getting started', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Set up forwarding/ }));

    const walkthrough = screen.getByText('Gmail, step by step').closest('details') as HTMLElement;
    expect(walkthrough).toHaveTextContent('Forwarding and POP/IMAP');
    expect(walkthrough).toHaveTextContent('Add a forwarding address');
    expect(walkthrough).toHaveTextContent('Confirm Gmail forwarding box shows the code');
    expect(walkthrough).toHaveTextContent('Copy code');
    expect(walkthrough).toHaveTextContent('Verify');
  });

  it('can be skipped', async () => {
    const { user, router } = renderOnboarding('/onboarding');

    await user.click(await screen.findByRole('link', { name: 'Skip guide' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('ends by creating the first document', async () => {
    const { user } = renderOnboarding('/onboarding');

    await screen.findByRole('heading', { name: 'Getting started', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Create my first document' }));

    expect(screen.getByRole('dialog', { name: 'Add New Document' })).toBeInTheDocument();
  });

  it('is not shown once a document exists', async () => {
    const { router } = renderOnboarding('/onboarding', [aDocument]);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('is not shown after sign-up either when the account already has documents', async () => {
    const { router } = renderOnboarding('/onboarding-after-signup', [aDocument]);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the guide when the documents cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installFakeFetch({ 'GET /api/google-docs': { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } } });
    storeToken(makeJwt());
    renderApp('/onboarding');

    expect(await screen.findByRole('heading', { name: 'Getting started', level: 1 })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the documents for the onboarding guide.', expect.anything());
  });
});

describe('ways into the guide', () => {
  it('sign-up comes back to /onboarding-after-signup', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const { user } = renderApp('/register');

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(assign).toHaveBeenCalledWith('/oauth/register');
    expect(window.sessionStorage.getItem('mailscribe.returnPath')).toBe('/onboarding-after-signup');
  });

  it('the empty documents list offers the guide', async () => {
    installFakeFetch({ 'GET /api/google-docs': documentsAnswer() });
    storeToken(makeJwt());
    renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'New here? Follow the setup guide' })).toHaveAttribute('href', '/onboarding');
  });
});
