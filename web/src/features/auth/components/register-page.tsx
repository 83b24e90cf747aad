import { Link, Navigate, useLocation } from 'react-router-dom';
import { DEFAULT_SIGNED_IN_PATH } from '@/config/session';
import { paths } from '@/config/paths';
import { returnPathFromState } from '@/lib/return-path';
import { AuthLayout } from './auth-layout';
import { GoogleButton } from './google-button';
import { LegalLinks } from './legal-links';
import { startOAuth } from './start-oauth';
import { useHasUsableToken } from './use-has-usable-token';

export function RegisterPage() {
  const location = useLocation();
  const hasToken = useHasUsableToken();
  const routerState: unknown = location.state;
  const returnPath = returnPathFromState(routerState);

  if (hasToken) return <Navigate to={returnPath ?? DEFAULT_SIGNED_IN_PATH} replace />;

  return (
    <AuthLayout title="Create your account" subtitle="Sign up with the Google account that owns your documents.">
      {/* A new account starts with the onboarding guide, unless sign-up began on the way somewhere else. */}
      <GoogleButton onClick={() => startOAuth('register', returnPath ?? paths.onboardingAfterSignup.getHref())} />
      <p className="auth-card__switch">
        Already have an account?{' '}
        <Link to={paths.login.getHref()} state={routerState}>
          Log in
        </Link>
      </p>
      <LegalLinks />
    </AuthLayout>
  );
}
