import { useEffect } from 'react';
import { getPrices } from '@/lib/prices';
import { getPublicConfig } from '@/lib/public-config';
import { useLandingLoad } from '../api/use-landing-load';
import { pricingView } from '../utils/pricing';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { LandingFooter } from './landing-footer';
import { LandingNavbar } from './landing-navbar';
import { LandingNavigationProvider, scrollToSection, type LandingNavigation } from './landing-navigation';
import { LANDING_MAIN_ID } from './landing-sections';
import { PricingSection } from './pricing-section';
import '@/components/ui/page/page.css';
import './landing.css';

type LandingPageProps = {
  /** How links to other screens open (the router's navigate in the app; see landing-navigation). */
  navigation: LandingNavigation;
  /** The address's fragment: /#subscription opens at the pricing section. */
  hash: string;
};

/**
 * The public landing page (docs/product.md § Landing page): navbar, hero with the video, how it works, features,
 * pricing from the live price list, FAQ and footer. It does not use the router (see landing-navigation).
 */
export function LandingPage({ navigation, hash }: LandingPageProps) {
  const config = useLandingLoad(getPublicConfig, 'Could not load the public configuration.');
  const prices = useLandingLoad(getPrices, 'Could not load the prices.');
  const readyConfig = config.data ?? null;
  const view = pricingView(
    prices.data ? { status: 'ready', prices: prices.data } : prices.isError ? { status: 'error' } : { status: 'loading' },
    readyConfig ? readyConfig.billing : config.isPending ? 'loading' : 'unknown',
  );
  const pricingSettled = view.kind !== 'loading';

  useEffect(() => {
    // The router does not scroll to fragments. The pricing section grows once the prices are in,
    // so the scroll is repeated then, keeping /#subscription on the section.
    if (hash) scrollToSection(decodeURIComponent(hash.slice(1)), 'auto');
  }, [hash, pricingSettled]);

  return (
    <LandingNavigationProvider value={navigation}>
      <div className="landing">
        <LandingNavbar />
        <main id={LANDING_MAIN_ID} className="landing__main" tabIndex={-1}>
          <HeroSection videoUrl={readyConfig?.videoUrl ?? null} />
          <HowItWorksSection />
          <FeaturesSection />
          <PricingSection view={view} onRetry={prices.refetch} retrying={prices.isFetching} />
          <FaqSection />
        </main>
        <LandingFooter config={readyConfig} />
      </div>
    </LandingNavigationProvider>
  );
}
