import type { SenderAuthenticator } from '../../../src/modules/mail/application/ports/sender-authenticator.port.js';

/** An authenticator with a fixed verdict: tests never touch real DNS. */
export const verdictOf = (result: 'pass' | 'fail' | 'none'): SenderAuthenticator => ({
  verify: () => Promise.resolve({ result, detail: `test verdict ${result}` }),
});
