import type { ReactNode } from 'react';
import { BrandLink } from '@/components/ui/page/brand-link';
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
        <BrandLink className="auth-brand" label="Mailscribe home" />
        <h1 className="auth-card__title">{title}</h1>
        {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
        {children}
      </main>
    </div>
  );
}
