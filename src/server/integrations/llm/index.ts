import type { Logger } from '../../lib/logger';
import { createBuiltInWriter } from './builtin';
import { createOpenAiWriter, LLM_DEFAULT_TIMEOUT_MS } from './openai';
import type { BiographyWriter } from './types';

export { createBuiltInWriter, writeBuiltIn } from './builtin';
export { createOpenAiWriter, LLM_DEFAULT_TIMEOUT_MS } from './openai';
export { factsAsText, fillTemplate, systemMessage } from './prompt';
export * from './types';

/** The settings the writer reads; env.ts declares them (all optional). */
export interface LlmSettings {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
  LLM_TIMEOUT_MS?: number;
}

/**
 * The AI writing service when one is configured (a base URL and a model; the key is optional for
 * self-hosted servers), else the built-in writer, which needs nothing and works everywhere.
 */
export function createWriterFromEnv(env: LlmSettings, logger?: Logger): BiographyWriter {
  if (env.LLM_BASE_URL && env.LLM_MODEL) {
    return createOpenAiWriter({
      baseUrl: env.LLM_BASE_URL,
      apiKey: env.LLM_API_KEY,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS ?? LLM_DEFAULT_TIMEOUT_MS,
      logger,
    });
  }
  return createBuiltInWriter();
}
