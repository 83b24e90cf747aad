import type { ReactNode } from 'react';
import './page.css';

type EmptyStateProps = {
  message: string;
  children?: ReactNode;
};

/** A quiet panel for content that is not there yet. */
export function EmptyState({ message, children }: EmptyStateProps) {
  return (
    <section className="empty-state card">
      <p className="empty-state__message">{message}</p>
      {children}
    </section>
  );
}
