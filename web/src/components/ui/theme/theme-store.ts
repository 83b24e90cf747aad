// The colour theme (spec §1): light is the initial one, dark the other. The choice is kept in
// localStorage and shown as `data-theme` on <html>, where tokens.css switches the palette.
// public/theme-init.js applies a stored choice before the first paint; this store keeps it in step.
import { create } from 'zustand';

export type Theme = 'light' | 'dark';

/** Also read by public/theme-init.js: keep the two in step. */
export const THEME_STORAGE_KEY = 'mailscribe.theme';
export const DEFAULT_THEME: Theme = 'light';

function toTheme(value: unknown): Theme {
  return value === 'dark' ? 'dark' : DEFAULT_THEME;
}

export function readStoredTheme(): Theme {
  try {
    return toTheme(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME;
  }
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
}

type ThemeState = {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
};

export const useTheme = create<ThemeState>()((set, get) => ({
  theme: readStoredTheme(),
  setTheme: (theme) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch (error) {
      // The theme still changes for this visit; it just is not remembered.
      console.warn('Could not remember the theme.', error);
    }
    applyTheme(theme);
    set({ theme });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

/**
 * Applies the remembered theme to the page and follows changes made in other tabs.
 * Called once at start; returns the clean-up (tests).
 */
export function installTheme(): () => void {
  applyTheme(useTheme.getState().theme);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const theme = toTheme(event.newValue);
    applyTheme(theme);
    useTheme.setState({ theme });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetThemeStore(): void {
  const theme = readStoredTheme();
  useTheme.setState({ theme });
  applyTheme(theme);
}
