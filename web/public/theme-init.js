// Applies the colour theme before the first paint, so a dark page never flashes light: the user's
// choice when there is one, else the system's preference (prefers-color-scheme). A plain script file:
// the CSP allows same-origin scripts only, no inline ones. The storage key and the rule are those of
// src/components/ui/theme/theme-store.ts.
/* global document, localStorage, window */
try {
  const stored = localStorage.getItem('mailscribe.theme');
  const dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.dataset.theme = 'dark';
} catch {
  // No storage or no matchMedia: the light theme until the app starts.
}
