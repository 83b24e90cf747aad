import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { setServerProbe, useConnection } from '@/components/ui/offline-banner/connection-store';
import { captureReloads } from '@/test/navigation';
import { CHUNK_RELOAD_KEY } from '../chunk-reload';
import { PageError, RouteError } from '../route-error';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/usage-page-1a2b.js');

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'map')");
}

/** A shell (like the dashboard's) with a page at /page that the test makes fail. */
function renderRoutes(page: Omit<RouteObject, 'path' | 'children' | 'index'>, { inShell = true } = {}) {
  const routes: RouteObject[] = [
    {
      ErrorBoundary: PageError,
      children: [
        { path: '/', element: <h1>Home</h1> },
        {
          element: (
            <div>
              <nav aria-label="Dashboard">Sidebar</nav>
              <main>
                <Outlet />
              </main>
            </div>
          ),
          children: [{ ...(inShell ? { ErrorBoundary: RouteError } : {}), children: [{ path: '/page', ...page }] }],
        },
      ],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
  return { router, user: userEvent.setup() };
}

function quietConsole() {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}

describe('route error screen', () => {
  it('shows a sentence and "Try again" inside the shell, never the developer page, and logs the error', async () => {
    const logged = quietConsole();
    const { router } = renderRoutes({ Component: Broken });

    await router.navigate('/page');

    expect(await screen.findByRole('heading', { name: 'Something went wrong', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This page ran into a problem and could not be shown.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Unexpected Application Error');
    expect(document.body).not.toHaveTextContent('reading');
    expect(logged).toHaveBeenCalledWith('The page failed.', expect.any(TypeError));
  });

  it('shows the whole-window screen for a route outside the shell', async () => {
    quietConsole();
    const { router } = renderRoutes({ Component: Broken }, { inShell: false });

    await router.navigate('/page');

    expect(await screen.findByRole('heading', { name: 'Something went wrong', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it("reloads the page once by itself when a page's code fails to load and the server answers", async () => {
    quietConsole();
    const reloads = captureReloads();
    onTestFinished(setServerProbe(() => Promise.resolve(true)));
    const { router } = renderRoutes({ lazy: () => Promise.reject(chunkError()) });

    await router.navigate('/page');

    await waitFor(() => expect(reloads.count()).toBe(1));
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).not.toBeNull();
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
  });

  it('shows the error instead of reloading again right after an automatic reload', async () => {
    quietConsole();
    const reloads = captureReloads();
    onTestFinished(setServerProbe(() => Promise.resolve(true)));
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()));
    const { router } = renderRoutes({ lazy: () => Promise.reject(chunkError()) });

    await router.navigate('/page');

    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded. Check your connection, then try again.');
    expect(reloads.count()).toBe(0);
  });

  it('does not reload while the server is unreachable: it says offline, and "Try again" reloads once the server is back', async () => {
    quietConsole();
    const reloads = captureReloads();
    let serverUp = false;
    onTestFinished(setServerProbe(() => Promise.resolve(serverUp)));
    const { router, user } = renderRoutes({ lazy: () => Promise.reject(chunkError()) });

    await router.navigate('/page');
    expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
    expect(useConnection.getState().offline).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Try again' })).not.toHaveAttribute('aria-busy'));
    expect(reloads.count()).toBe(0);

    serverUp = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(reloads.count()).toBe(1));
  });
});
