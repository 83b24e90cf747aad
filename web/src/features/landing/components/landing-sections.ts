// The sections of the landing page the navbar scrolls to (docs/product.md § Landing page: howItWorks, features,
// subscription for pricing, faq), with the labels the navbar and footer show.

export const LANDING_SECTIONS = {
  howItWorks: 'howItWorks',
  features: 'features',
  pricing: 'subscription',
  faq: 'faq',
} as const;

export const SECTION_LINKS = [
  { section: LANDING_SECTIONS.howItWorks, label: 'How it works' },
  { section: LANDING_SECTIONS.features, label: 'Features' },
  { section: LANDING_SECTIONS.pricing, label: 'Pricing' },
  { section: LANDING_SECTIONS.faq, label: 'FAQ' },
] as const;

/** The id of the page's <main>, the target of the "Skip to content" link. */
export const LANDING_MAIN_ID = 'landing-main';
