import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './page.css';

type StandalonePageProps = {
  title: string;
  children?: ReactNode;
};

/** A page outside the dashboard shell (legal texts, payment outcomes, plan selection). */
export function StandalonePage({ title, children }: StandalonePageProps) {
  return (
    <div className="standalone-page">
      <header className="standalone-page__bar">
        <Link to={paths.home.getHref()} className="brand-link">
          <span className="brand-link__mark" aria-hidden="true" />
          Mailscribe
        </Link>
      </header>
      <main className="standalone-page__main card">
        <h1 className="standalone-page__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
