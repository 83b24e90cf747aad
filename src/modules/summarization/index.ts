export { summarizationModule } from './summarization.module.js';
export { SummariseMail, type SummarisedMail } from './application/summarise-mail.use-case.js';
export {
  LLM,
  LlmFailedError,
  LlmUnavailableError,
  type Llm,
  type LlmUsage,
  type Summary,
  type SummaryRequest,
} from './application/ports/llm.port.js';
export { OfflineSummariser } from './infra/offline.summariser.js';
export { OpenAiLlm, type OpenAiLlmOptions } from './infra/openai.llm.js';
