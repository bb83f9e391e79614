import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A loopback stand-in for an OpenAI-compatible chat-completions endpoint. It records every request
 * and answers as the real service does, or misbehaves on demand: slow, an HTTP error, garbage, an
 * empty answer.
 */
export interface ChatRequest {
  model: string;
  temperature?: number;
  messages: Array<{ role: string; content: string }>;
}

export type FakeOpenAiMode = 'normal' | 'slow' | 'http500' | 'http401' | 'http429' | 'garbage' | 'empty';

export interface FakeOpenAi {
  /** The base URL to configure (LLM_BASE_URL); requests go to {url}/chat/completions. */
  url: string;
  requests: Array<{ path: string; authorization: string | undefined; body: ChatRequest }>;
  setMode(mode: FakeOpenAiMode, options?: { delayMs?: number }): void;
  /** What the fake writes back; by default a short biography naming the model. */
  setReply(reply: (request: ChatRequest) => string): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(options: { port?: number; apiKey?: string } = {}): Promise<FakeOpenAi> {
  const requests: FakeOpenAi['requests'] = [];
  let mode: FakeOpenAiMode = 'normal';
  let delayMs = 0;
  let reply: (request: ChatRequest) => string = (request) =>
    `A biography written by ${request.model}. ${request.messages.at(-1)?.content.split('\n')[1] ?? ''}`.trim();
  let sequence = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as ChatRequest;
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const answer = () => {
        if (req.url !== '/v1/chat/completions' || req.method !== 'POST') return send(res, 404, { error: { message: 'Not found' } });
        if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`)
          return send(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } });
        if (mode === 'http500') return send(res, 500, { error: { message: 'The server had an error while processing your request.' } });
        if (mode === 'http401') return send(res, 401, { error: { message: 'Incorrect API key provided' } });
        if (mode === 'http429') return send(res, 429, { error: { message: 'Rate limit reached' } });
        if (mode === 'garbage') return send(res, 200, '<html>Bad gateway</html>');
        const content = mode === 'empty' ? '' : reply(body);
        sequence += 1;
        return send(res, 200, {
          id: `chatcmpl-${sequence}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
        });
      };
      if (mode === 'slow') setTimeout(answer, delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode: (next, opts) => {
      mode = next;
      delayMs = opts?.delayMs ?? 2_000;
    },
    setReply: (next) => {
      reply = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeOpenAi({ port: Number(process.env.PORT ?? 0) });
  console.log(`LLM_BASE_URL=${fake.url}`);
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
}
