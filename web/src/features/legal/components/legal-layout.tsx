import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageBar } from '@/components/ui/page/page-bar';
import { ThemeToggle } from '@/components/ui/theme/theme-toggle';
import { paths } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config-query';
import '@/components/ui/page/page.css';
import './legal.css';

/** docs/product.md § Landing page: both legal texts are dated 1 September 2025. */
export const LEGAL_DATE = '1 September 2025';

export type LegalSection = {
  id: string;
  title: string;
  content: ReactNode;
};

/** The support address from the installation's configuration, as a mail link. */
export function SupportEmail() {
  const { data: config } = usePublicConfig();
  if (!config) return <>our support address</>;
  const { supportEmail } = config;
  return <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
}

type LegalLayoutProps = {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
};

/** A legal text: title and date, a table of contents, numbered sections. */
export function LegalLayout({ title, intro, sections }: LegalLayoutProps) {
  return (
    <div className="legal">
      <PageBar className="legal__bar">
        <ThemeToggle />
        <Link to={paths.home.getHref()} className="button button--ghost">
          Back to Home
        </Link>
      </PageBar>

      <main className="legal__main page-column">
        <article className="legal__article card">
          <h1 className="legal__title">{title}</h1>
          <p className="legal__date">
            Last updated: <time dateTime="2025-09-01">{LEGAL_DATE}</time>
          </p>
          <div className="legal__intro">{intro}</div>

          <nav className="legal__toc" aria-label="Contents">
            <h2 className="legal__toc-title">Contents</h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title}</a>
                </li>
              ))}
            </ol>
          </nav>

          {sections.map((section, index) => (
            <section key={section.id} id={section.id} className="legal__section" aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className="legal__heading">
                {index + 1}. {section.title}
              </h2>
              {section.content}
            </section>
          ))}
        </article>

        <nav className="legal__footer" aria-label="Legal">
          <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>
          <span aria-hidden="true">·</span>
          <Link to={paths.termsOfUse.getHref()}>Terms Of Use</Link>
          <span aria-hidden="true">·</span>
          <Link to={paths.home.getHref()}>Home</Link>
        </nav>
      </main>
    </div>
  );
}
