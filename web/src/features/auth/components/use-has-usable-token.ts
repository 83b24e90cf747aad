import { useState } from 'react';
import { readUsableToken } from '@/lib/auth-token';

/** True when a valid, unexpired token is stored: sign-in screens then send the user on. */
export function useHasUsableToken(): boolean {
  // Read once per mount: storage is not reactive, and the screens leave as soon as it is true.
  const [hasToken] = useState(() => readUsableToken() !== null);
  return hasToken;
}
