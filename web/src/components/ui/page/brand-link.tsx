import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import './page.css';

type BrandLinkProps = {
  /** Where the brand leads: the home page unless said otherwise. */
  to?: string;
  className?: string;
  /** The link's name when "Mailscribe" alone would not say where it leads. */
  label?: string;
};

/** The logo mark and the product name, as a link. */
export function BrandLink({ to = paths.home.getHref(), className, label }: BrandLinkProps) {
  return (
    <Link to={to} className={className ? `brand-link ${className}` : 'brand-link'} aria-label={label}>
      <span className="brand-link__mark" aria-hidden="true" />
      Mailscribe
    </Link>
  );
}
