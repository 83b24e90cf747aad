import { DEFAULT_SIGNED_IN_PATH } from '@/config/session';
import { SessionCheckPage } from './session-check-page';

/** /auth (docs/product.md § Screens): "Verifying authentication...", then /dashboard or /login. */
export function AuthCheckPage() {
  return <SessionCheckPage title="Verifying authentication..." successPath={DEFAULT_SIGNED_IN_PATH} />;
}
