import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function LegalLinks() {
  return (
    <nav className="auth-legal" aria-label="Legal">
      <Link to={paths.termsOfUse.getHref()}>Terms of Use</Link>
      <span aria-hidden="true">·</span>
      <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>
    </nav>
  );
}
