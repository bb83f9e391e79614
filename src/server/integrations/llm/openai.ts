import { fetchWithPolicy, HttpError } from '../../lib/http';
import type { Logger } from '../../lib/logger';
import { factsAsText, systemMessage } from './prompt';
import { WriterError, type BiographyWriter, type WriterBrief } from './types';

export interface OpenAiWriterOptions {
  /** e.g. https://api.openai.com/v1 — `/chat/completions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole request, from sending to the last byte of the answer. */
  timeoutMs?: number;
  temperature?: number;
  fetchImpl?: typeof fetch;
  logger?: Logger;
}

export const LLM_DEFAULT_TIMEOUT_MS = 30_000;

interface ChatCompletion {
  choices?: Array<{ message?: { content?: unknown }; finish_reason?: string }>;
}

/** Models sometimes wrap the text in a code fence or quotes despite being asked not to. */
function cleanAnswer(text: string) {
  return text
    .replace(/^```[a-z]*\s*\n?/i, '')
    .replace(/\n?```\s*$/, '')
    .replace(/^\s*["“]([\s\S]*)["”]\s*$/, '$1')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * An OpenAI-compatible chat-completions client (OpenAI, Azure OpenAI's compatible endpoint,
 * OpenRouter, vLLM, Ollama…). One attempt per version: a retry would double the time the provider
 * waits, and they can simply press the button again.
 */
export function createOpenAiWriter(options: OpenAiWriterOptions): BiographyWriter {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? LLM_DEFAULT_TIMEOUT_MS;

  return {
    kind: 'llm',
    async write(brief: WriterBrief) {
      const body = {
        model: options.model,
        temperature: options.temperature ?? 0.4,
        messages: [
          { role: 'system', content: systemMessage(brief) },
          { role: 'user', content: factsAsText(brief.facts) },
        ],
      };
      let response: Response;
      let raw: string;
      const controller = new AbortController();
      // fetchWithPolicy's timeout covers the headers; this one also covers a body that trickles in.
      const deadline = setTimeout(() => controller.abort(), timeoutMs);
      try {
        response = await fetchWithPolicy(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
          },
          body: JSON.stringify(body),
          timeoutMs,
          retries: 0,
          fetchImpl: (input, init) => (options.fetchImpl ?? fetch)(input, { ...init, signal: AbortSignal.any([init!.signal!, controller.signal]) }),
        });
        raw = await response.text();
      } catch (error) {
        const timedOut = controller.signal.aborted || (error instanceof HttpError && error.message === 'Request timed out');
        options.logger?.warn({ err: error, url, timedOut }, 'writing service request failed');
        throw timedOut
          ? new WriterError('timeout', 'The writing service did not answer in time')
          : new WriterError('unavailable', 'The writing service could not be reached');
      } finally {
        clearTimeout(deadline);
      }

      if (!response.ok) {
        options.logger?.warn({ status: response.status, url, body: raw.slice(0, 500) }, 'writing service refused the request');
        if (response.status === 429) throw new WriterError('busy', 'The writing service is rate limiting', 429);
        if (response.status === 401 || response.status === 403 || response.status === 404 || response.status === 400) {
          throw new WriterError('refused', `The writing service answered ${response.status}`, response.status);
        }
        if (response.status === 408 || response.status === 504) throw new WriterError('timeout', 'The writing service timed out', response.status);
        throw new WriterError('unavailable', `The writing service answered ${response.status}`, response.status);
      }

      let parsed: ChatCompletion;
      try {
        parsed = JSON.parse(raw) as ChatCompletion;
      } catch {
        throw new WriterError('unusable', 'The writing service answer was not JSON');
      }
      const content = parsed.choices?.[0]?.message?.content;
      const text = typeof content === 'string' ? cleanAnswer(content) : '';
      if (!text) throw new WriterError('unusable', 'The writing service answer had no text');
      const notes = parsed.choices?.[0]?.finish_reason === 'length' ? ['The writing service stopped before finishing; check the end of the text.'] : [];
      return { text, notes };
    },
  };
}
