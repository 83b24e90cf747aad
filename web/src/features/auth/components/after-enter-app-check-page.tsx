import { DEFAULT_SIGNED_IN_PATH } from '@/config/session';
import { SessionCheckPage } from './session-check-page';

/**
 * /afterEnterAppCheck: the post-login router. For now it verifies the session and opens the
 * dashboard; the billing issue adds the subscription and onboarding branches here.
 */
export function AfterEnterAppCheckPage() {
  return <SessionCheckPage title="Preparing your workspace..." successPath={DEFAULT_SIGNED_IN_PATH} />;
}
