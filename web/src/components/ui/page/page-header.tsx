import type { ReactNode } from 'react';
import './page.css';

type PageHeaderProps = {
  title: string;
  description?: string;
  actions?: ReactNode;
};

/** The title row of a dashboard page. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}
