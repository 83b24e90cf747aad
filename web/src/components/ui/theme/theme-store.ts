// The colour theme (docs/product.md § Theme): light or dark. Until the user chooses one with the toggle, the theme
// follows the system's preference (`prefers-color-scheme`, light when there is none) and keeps following
// its changes; a choice is kept in localStorage and wins from then on. It is shown as `data-theme` on
// <html>, where tokens.css switches the palette. public/theme-init.js applies the same rule before the
// first paint; this store keeps it in step.
import { create } from 'zustand';

export type Theme = 'light' | 'dark';

/** Also read by public/theme-init.js: keep the two in step. */
export const THEME_STORAGE_KEY = 'mailscribe.theme';
export const DEFAULT_THEME: Theme = 'light';
/** Also in public/theme-init.js. */
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The user's own choice, or null while they have made none (or it cannot be read). */
export function readStoredTheme(): Theme | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : null;
  } catch {
    return null;
  }
}

function darkScheme(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME_QUERY) : null;
}

/** The system's preference: dark when it asks for dark, else light. */
export function systemTheme(): Theme {
  return darkScheme()?.matches ? 'dark' : DEFAULT_THEME;
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset['theme'] = theme;
}

type ThemeState = {
  theme: Theme;
  /** True once the user picked a theme: the system's preference no longer applies. */
  chosen: boolean;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
};

function initialState(): Pick<ThemeState, 'theme' | 'chosen'> {
  const stored = readStoredTheme();
  return stored ? { theme: stored, chosen: true } : { theme: systemTheme(), chosen: false };
}

export const useTheme = create<ThemeState>()((set, get) => ({
  ...initialState(),
  setTheme: (theme) => {
    try {
      window.localStorage.setItem(THEME_STORAGE_KEY, theme);
    } catch (error) {
      // The theme still changes for this visit; it just is not remembered.
      console.warn('Could not remember the theme.', error);
    }
    applyTheme(theme);
    set({ theme, chosen: true });
  },
  toggleTheme: () => get().setTheme(get().theme === 'dark' ? 'light' : 'dark'),
}));

/**
 * Applies the theme to the page, follows the system's preference while nothing is chosen, and follows
 * a choice made in another tab. Called once at start; returns the clean-up (tests).
 */
export function installTheme(): () => void {
  applyTheme(useTheme.getState().theme);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    const state = isTheme(event.newValue) ? { theme: event.newValue, chosen: true } : { theme: systemTheme(), chosen: false };
    applyTheme(state.theme);
    useTheme.setState(state);
  };
  const scheme = darkScheme();
  const onSchemeChange = () => {
    if (useTheme.getState().chosen) return;
    const theme = systemTheme();
    applyTheme(theme);
    useTheme.setState({ theme });
  };
  window.addEventListener('storage', onStorage);
  scheme?.addEventListener('change', onSchemeChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    scheme?.removeEventListener('change', onSchemeChange);
  };
}

/** Back to the state of a fresh page load (tests, and nothing else, need this). */
export function resetThemeStore(): void {
  const state = initialState();
  useTheme.setState(state);
  applyTheme(state.theme);
}
