import { useId, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import type { PublicConfig } from '@/lib/public-config';
import { BrandMark } from './brand-mark';
import { LandingLink, SectionLink } from './landing-navigation';
import { SECTION_LINKS } from './landing-sections';
import './landing-footer.css';

const SOCIAL_NETWORKS: [RegExp, string][] = [
  [/(^|\.)linkedin\.com$/, 'LinkedIn'],
  [/(^|\.)(x|twitter)\.com$/, 'X'],
  [/(^|\.)github\.com$/, 'GitHub'],
  [/(^|\.)youtube\.com$/, 'YouTube'],
  [/(^|\.)facebook\.com$/, 'Facebook'],
  [/(^|\.)instagram\.com$/, 'Instagram'],
  [/(^|\.)bsky\.app$/, 'Bluesky'],
];

/** The social link's name: the network's, when it is a known one. */
export function socialLabel(url: string): string {
  const host = new URL(url).hostname.replace(/^www\./, '');
  return SOCIAL_NETWORKS.find(([pattern]) => pattern.test(host))?.[1] ?? 'Follow us';
}

const YEAR = new Date().getFullYear();

/** A titled column of links, a navigation landmark named by its title. */
function FooterLinks({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <nav className="landing-footer__column" aria-labelledby={titleId}>
      <h2 id={titleId} className="landing-footer__heading">
        {title}
      </h2>
      <ul>{children}</ul>
    </nav>
  );
}

/** docs/product.md § Landing page: the contact email, the social link, the legal links; and the page's sections again. */
export function LandingFooter({ config }: { config: PublicConfig | null }) {
  return (
    <footer className="landing-footer">
      <div className="landing-footer__inner">
        <div className="landing-footer__brand">
          <span className="brand-link">
            <BrandMark />
            Mailscribe
          </span>
          <p>Forwarded email, summarised into your Google Docs.</p>
        </div>

        <FooterLinks title="Product">
          {SECTION_LINKS.map(({ section, label }) => (
            <li key={section}>
              <SectionLink section={section}>{label}</SectionLink>
            </li>
          ))}
        </FooterLinks>

        <FooterLinks title="Legal">
          <li>
            <LandingLink to={paths.privacyPolicy.getHref()}>Privacy Policy</LandingLink>
          </li>
          <li>
            <LandingLink to={paths.termsOfUse.getHref()}>Terms Of Use</LandingLink>
          </li>
        </FooterLinks>

        <div className="landing-footer__column">
          <h2 className="landing-footer__heading">Contact</h2>
          <ul>
            {config ? (
              <li>
                <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
              </li>
            ) : null}
            {config?.socialUrl ? (
              <li>
                <a href={config.socialUrl} target="_blank" rel="noopener noreferrer">
                  {socialLabel(config.socialUrl)}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <p className="landing-footer__legal">© {YEAR} Mailscribe. All rights reserved.</p>
    </footer>
  );
}
