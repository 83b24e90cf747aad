// Applies the remembered colour theme before the first paint, so a dark choice never flashes light.
// A plain script file: the CSP allows same-origin scripts only, no inline ones. The storage key is
// THEME_STORAGE_KEY in src/components/ui/theme/theme-store.ts.
/* global document, localStorage */
try {
  if (localStorage.getItem('mailscribe.theme') === 'dark') document.documentElement.dataset.theme = 'dark';
} catch {
  // No storage: the initial light theme.
}
