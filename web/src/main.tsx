// Global styles first, so component styles that follow can refine them.
import './styles/tokens.css';
import './styles/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { bootApp as BootApp } from './app/boot';
import { installTheme } from './components/ui/theme/theme-store';
import { paths } from './config/paths';
import { LandingPage } from './features/landing/components/landing-page';
import type { LandingNavigation } from './features/landing/components/landing-navigation';
import { readUsableToken } from './lib/auth-token';

// The landing page is the storefront: on a first visit to / it shows at once, without the router and
// the other screens (app/boot, a chunk of its own, loaded when the visitor moves on, or warmed up
// when they point at a link). Every other address, and a signed-in visitor, start the whole app.

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

installTheme();
const root = createRoot(container);

type AppModule = { bootApp: typeof BootApp };

let appModule: Promise<AppModule> | null = null;
function loadApp(): Promise<AppModule> {
  appModule ??= import('./app/boot').catch((error: unknown) => {
    appModule = null;
    throw error;
  });
  return appModule;
}

let started = false;
async function startApp(href?: string): Promise<void> {
  if (started) return;
  started = true;
  try {
    const { bootApp } = await loadApp();
    await bootApp(root, href);
  } catch (error) {
    started = false;
    // The app could not load (offline, a new deployment): a full page load of the address still works.
    console.warn('Could not start the app.', error);
    if (href !== undefined) window.location.assign(href);
    else throw error;
  }
}

if (window.location.pathname === paths.home.path && readUsableToken() === null) {
  const navigation: LandingNavigation = {
    navigate: (href) => void startApp(href),
    prepare: () => void loadApp().catch(() => undefined),
  };
  root.render(
    <StrictMode>
      <LandingPage navigation={navigation} hash={window.location.hash} />
    </StrictMode>,
  );
} else {
  void startApp();
}
