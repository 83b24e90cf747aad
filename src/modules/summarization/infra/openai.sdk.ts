import type * as OpenAiModule from 'openai';
import { lazyPackage } from '../../../platform/wiring/lazy-package.js';

/** The OpenAI SDK, loaded once an OpenAI-compatible model is set up (LLM_PROVIDER=openai), not at every start. */
export const openAiSdk = lazyPackage<typeof OpenAiModule>('openai');
