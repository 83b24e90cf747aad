import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import { documentsAnswer } from '@/test/documents-answer';

async function renderSignedIn(url: string) {
  installFakeFetch({ 'GET /api/google-docs': documentsAnswer() });
  storeToken(makeJwt());
  const view = renderApp(url);
  await screen.findByRole('navigation', { name: 'Dashboard' });
  return view;
}

describe('focus after a navigation', () => {
  it("moves to the new page's main heading after following a link", async () => {
    const { user } = await renderSignedIn('/dashboard/usage');
    await screen.findByRole('heading', { name: 'Usage', level: 1 });

    await user.click(screen.getByRole('link', { name: 'Settings' }));

    const heading = await screen.findByRole('heading', { name: 'Settings', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    // Focusable by script, not a stop for Tab.
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('moves there after a navigation made by the app (as after creating a document)', async () => {
    const { router } = await renderSignedIn('/dashboard/settings');
    await screen.findByRole('heading', { name: 'Settings', level: 1 });

    await act(() => router.navigate('/dashboard/usage'));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Usage', level: 1 })).toHaveFocus());
  });

  it('leaves the focus alone on the first load', async () => {
    await renderSignedIn('/dashboard/usage');
    const heading = await screen.findByRole('heading', { name: 'Usage', level: 1 });

    expect(heading).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });
});

describe('skip link', () => {
  it('is the first thing Tab reaches in the dashboard and moves the focus to the content', async () => {
    const { user } = await renderSignedIn('/dashboard/usage');
    await screen.findByRole('heading', { name: 'Usage', level: 1 });

    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });
});
