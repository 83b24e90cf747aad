import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/session';
import { paths } from '@/config/paths';
import { returnPathFromState } from '@/lib/return-path';
import { loginErrorMessage } from '../auth-messages';
import { AuthLayout } from './auth-layout';
import { GoogleButton } from './google-button';
import { LegalLinks } from './legal-links';
import { startOAuth } from './start-oauth';
import { useHasUsableToken } from './use-has-usable-token';

export function LoginPage() {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const hasToken = useHasUsableToken();
  const routerState: unknown = location.state;
  const returnPath = returnPathFromState(routerState);
  const error = searchParams.get('error');

  if (hasToken) return <Navigate to={returnPath ?? DEFAULT_SIGNED_IN_PATH} replace />;

  return (
    <AuthLayout title="Welcome back" subtitle="Sign in to manage your documents and forwarding addresses.">
      {error ? (
        <p className="alert alert--error" role="alert">
          {loginErrorMessage(error)}
        </p>
      ) : null}
      <GoogleButton onClick={() => startOAuth('login', returnPath)} />
      <p className="auth-card__switch">
        <Link to={paths.register.getHref()} state={routerState}>
          Don&apos;t have an account? Sign up
        </Link>
      </p>
      <LegalLinks />
    </AuthLayout>
  );
}
