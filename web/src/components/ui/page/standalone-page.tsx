import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageBar } from './page-bar';
import './page.css';

/** A way on from the page, as a button-styled link; the first primary one is the one to take. */
export type PageAction = {
  to: string;
  label: string;
  primary?: boolean;
};

type StandalonePageProps = {
  title: string;
  children?: ReactNode;
  /** The ways on, in a row under the content. */
  actions?: readonly PageAction[];
};

/** A page outside the dashboard shell (legal texts, payment outcomes, plan selection). */
export function StandalonePage({ title, children, actions }: StandalonePageProps) {
  return (
    <div className="standalone-page">
      <PageBar />
      <main className="standalone-page__main card">
        <h1 className="standalone-page__title">{title}</h1>
        {children}
        {actions ? (
          <div className="standalone-page__actions">
            {actions.map(({ to, label, primary = false }) => (
              <Link key={label} className={`button ${primary ? 'button--primary' : 'button--secondary'}`} to={to}>
                {label}
              </Link>
            ))}
          </div>
        ) : null}
      </main>
    </div>
  );
}
