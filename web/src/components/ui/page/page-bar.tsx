import type { ReactNode } from 'react';
import { BrandLink } from './brand-link';
import './page.css';

type PageBarProps = {
  /** The page's own refinements (sticky, narrower padding on a phone: see page.css). */
  className?: string;
  /** The actions on the right (theme toggle, a way out). */
  children?: ReactNode;
};

/** The bar on top of a page outside the dashboard: the brand, and the page's actions. */
export function PageBar({ className, children }: PageBarProps) {
  return (
    <header className={className ? `page-bar ${className}` : 'page-bar'}>
      <BrandLink />
      {children ? <div className="page-bar__actions">{children}</div> : null}
    </header>
  );
}
