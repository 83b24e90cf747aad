import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeJwt } from '@/test/jwt';
import { renderApp, storeToken } from '@/test/render-app';
import { installTheme, resetThemeStore, THEME_STORAGE_KEY, useTheme } from '../theme-store';
import { ThemeToggle } from '../theme-toggle';
import { documentsAnswer } from '@/test/documents-answer';

const themeOfPage = () => document.documentElement.dataset['theme'];

/** A system colour preference the test can change, as the OS switching to dark mode at dusk. */
function systemPrefers(initial: 'light' | 'dark') {
  let dark = initial === 'dark';
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => (media === '(prefers-color-scheme: dark)' ? query : { matches: false, media, addEventListener() {}, removeEventListener() {} }));
  return {
    switchTo(next: 'light' | 'dark') {
      dark = next === 'dark';
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

afterEach(() => {
  delete document.documentElement.dataset['theme'];
});

describe('theme store', () => {
  it('starts light when nothing is remembered', () => {
    resetThemeStore();

    expect(useTheme.getState().theme).toBe('light');
    expect(themeOfPage()).toBe('light');
  });

  it('starts with the remembered theme', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    resetThemeStore();

    expect(useTheme.getState().theme).toBe('dark');
    expect(themeOfPage()).toBe('dark');
  });

  it("starts with the system's dark preference when nothing is chosen", () => {
    systemPrefers('dark');
    resetThemeStore();

    expect(useTheme.getState().theme).toBe('dark');
    expect(themeOfPage()).toBe('dark');
  });

  it("follows the system's preference as it changes until the user chooses, then keeps the choice", async () => {
    const system = systemPrefers('light');
    resetThemeStore();
    const uninstall = installTheme();
    try {
      system.switchTo('dark');
      expect(themeOfPage()).toBe('dark');
      system.switchTo('light');
      expect(themeOfPage()).toBe('light');

      const user = userEvent.setup();
      render(<ThemeToggle />);
      await user.click(screen.getByRole('button', { name: 'Dark theme' }));
      expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

      system.switchTo('light');
      expect(themeOfPage()).toBe('dark');
      expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    } finally {
      uninstall();
    }
  });

  it("keeps a remembered light choice over the system's dark preference", () => {
    systemPrefers('dark');
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    resetThemeStore();

    expect(themeOfPage()).toBe('light');
  });

  it('reads an unknown remembered value as no choice', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'purple');
    resetThemeStore();

    expect(useTheme.getState().theme).toBe('light');
  });

  it('follows a change made in another tab', () => {
    const uninstall = installTheme();
    try {
      act(() => {
        window.dispatchEvent(new StorageEvent('storage', { key: THEME_STORAGE_KEY, newValue: 'dark' }));
      });
      expect(useTheme.getState().theme).toBe('dark');
      expect(themeOfPage()).toBe('dark');
    } finally {
      uninstall();
    }
  });

  it('still switches when the browser refuses storage', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = Object.getOwnPropertyDescriptor(window, 'localStorage');
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get: () => {
        throw new Error('SecurityError: storage is disabled');
      },
    });
    try {
      act(() => useTheme.getState().toggleTheme());
    } finally {
      if (storage) Object.defineProperty(window, 'localStorage', storage);
      else delete (window as { localStorage?: Storage }).localStorage;
    }

    expect(themeOfPage()).toBe('dark');
    expect(warn).toHaveBeenCalledWith('Could not remember the theme.', expect.anything());
  });
});

describe('theme toggle', () => {
  it('switches light → dark → light, showing the state with aria-pressed and remembering it', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);
    const toggle = screen.getByRole('button', { name: 'Dark theme' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(themeOfPage()).toBe('dark');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(themeOfPage()).toBe('light');
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });

  it('keeps the choice over a reload (a fresh store reads it back)', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Dark theme' }));
    unmount();

    // What a page load does: the store is created again from storage.
    useTheme.setState({ theme: 'light' });
    resetThemeStore();
    render(<ThemeToggle />);

    expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
    expect(themeOfPage()).toBe('dark');
  });

  it('works with the keyboard', async () => {
    const user = userEvent.setup();
    render(<ThemeToggle />);

    await user.tab();
    expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(themeOfPage()).toBe('dark');
  });

  it('is in the app header and on the landing navbar', async () => {
    installFakeFetch({
      'GET /api/google-docs': documentsAnswer(),
      'GET /api/stripe/prices': { status: 200, body: [] },
      'GET /api/public-config': {
        status: 200,
        body: { supportEmail: 'help@example.com', socialUrl: null, videoUrl: null, billing: 'off', inboundDomain: 'in.example' },
      },
    });
    storeToken(makeJwt());
    const { unmount } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Dashboard' });
    const header = screen.getAllByRole('banner').find((banner) => banner.classList.contains('dashboard-header'));
    expect(within(header as HTMLElement).getByRole('button', { name: 'Dark theme' })).toBeInTheDocument();
    unmount();

    window.localStorage.clear();
    renderApp('/');
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Dark theme' })).toBeInTheDocument();
  });
});
