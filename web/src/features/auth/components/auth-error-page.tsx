import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { authErrorMessage } from '../auth-messages';
import { AuthLayout } from './auth-layout';

export function AuthErrorPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();

  return (
    <AuthLayout title="Authentication Error">
      <p className="alert alert--error" role="alert">
        {authErrorMessage(searchParams.get('reason'))}
      </p>
      <div className="auth-card__actions">
        <button type="button" className="button button--primary button--large" onClick={() => void navigate(paths.login.getHref())}>
          Log in
        </button>
        <button type="button" className="button button--secondary button--large" onClick={() => void navigate(paths.register.getHref())}>
          Register
        </button>
      </div>
    </AuthLayout>
  );
}
