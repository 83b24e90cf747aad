import type { AppConfig } from '../../platform/config/config.js';
import type { AppModule, ModuleContext } from '../../platform/wiring/app-module.js';
import { provide } from '../../platform/wiring/overrides.js';
import { LLM, type Llm } from './application/ports/llm.port.js';
import { OfflineSummariser } from './infra/offline.summariser.js';
import { OpenAiLlm } from './infra/openai.llm.js';

/** One mail → one summary. `LLM_PROVIDER` picks an OpenAI-compatible endpoint or the offline summariser. */
export function summarizationModule({ container: c, config }: ModuleContext): AppModule {
  provide(c, LLM, () => llmFor(config));
  return { name: 'summarization' };
}

function llmFor(config: AppConfig): Llm {
  if (config.LLM_PROVIDER === 'openai') {
    return new OpenAiLlm({
      ...(config.OPENAI_BASE_URL ? { baseUrl: config.OPENAI_BASE_URL } : {}),
      ...(config.OPENAI_API_KEY ? { apiKey: config.OPENAI_API_KEY } : {}),
      // Config validation guarantees the model when LLM_PROVIDER=openai.
      model: config.OPENAI_MODEL ?? '',
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      maxOutputTokens: config.OPENAI_MAX_OUTPUT_TOKENS,
    });
  }
  return new OfflineSummariser();
}
