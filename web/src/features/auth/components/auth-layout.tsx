import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './auth.css';

type AuthLayoutProps = {
  title: string;
  subtitle?: string;
  children: ReactNode;
};

/** The centred card every sign-in screen shares. */
export function AuthLayout({ title, subtitle, children }: AuthLayoutProps) {
  return (
    <div className="auth-page">
      <main className="auth-card card">
        <Link to={paths.home.getHref()} className="auth-brand" aria-label="Mailscribe home">
          <span className="auth-brand__mark" aria-hidden="true" />
          <span className="auth-brand__name">Mailscribe</span>
        </Link>
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </main>
    </div>
  );
}
