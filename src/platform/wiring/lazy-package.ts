import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package that loads on first use, not at start: the SDK of a production adapter (Stripe, OpenAI,
 * Google sign-in) stays out of an install that does not use it, as on the embedded defaults
 * (docs/architecture.md § Module wiring). Loaded with `require`, so the first use stays synchronous: every
 * package given here ships CommonJS, and each is loaded through this function only, so its classes are
 * one copy (`instanceof` holds).
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
