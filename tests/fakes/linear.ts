import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/**
 * A loopback stand-in for Linear's GraphQL endpoint: answers issueCreate, issueUpdate, issue and
 * issues the way Linear does (`{ data }` or `{ errors: [{ message }] }`), and records every request.
 */
export interface FakeLinear {
  url: string;
  requests: Array<{ query: string; variables: Record<string, unknown>; authorization: string | undefined }>;
  issues: Map<string, { id: string; identifier: string; url: string; title: string; description: string; priority: number; teamId: string }>;
  setMode(mode: 'normal' | 'error' | 'http500' | 'garbage'): void;
  close(): Promise<void>;
}

export async function startFakeLinear(options: { port?: number; apiKey?: string } = {}): Promise<FakeLinear> {
  const requests: FakeLinear['requests'] = [];
  const issues: FakeLinear['issues'] = new Map();
  let mode: 'normal' | 'error' | 'http500' | 'garbage' = 'normal';
  let sequence = 0;

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const issueJson = (issue: { id: string; identifier: string; url: string }) => ({ ...issue, state: { name: 'Triage' } });

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { query: string; variables: Record<string, unknown> };
      requests.push({ query: body.query, variables: body.variables, authorization: req.headers.authorization });
      if (mode === 'http500') return send(res, 500, { errors: [{ message: 'Internal server error' }] });
      if (mode === 'garbage') return send(res, 200, '<html>maintenance</html>');
      if (mode === 'error') return send(res, 200, { errors: [{ message: 'Entity not found: Team' }] });
      if (options.apiKey && req.headers.authorization !== options.apiKey) return send(res, 401, { errors: [{ message: 'Authentication required' }] });
      if (body.query.includes('issueCreate')) {
        const input = body.variables.input as { teamId: string; title: string; description: string; priority: number };
        sequence += 1;
        const issue = { id: `issue-${sequence}`, identifier: `VIT-${100 + sequence}`, url: `https://linear.app/vitae/issue/VIT-${100 + sequence}`, ...input };
        issues.set(issue.id, issue);
        return send(res, 200, { data: { issueCreate: { success: true, issue: issueJson(issue) } } });
      }
      if (body.query.includes('issueUpdate')) {
        const issue = issues.get(String(body.variables.id));
        if (!issue) return send(res, 200, { errors: [{ message: 'Entity not found: Issue' }] });
        Object.assign(issue, body.variables.input);
        return send(res, 200, { data: { issueUpdate: { success: true, issue: issueJson(issue) } } });
      }
      if (body.query.includes('issues(')) {
        const nodes = [...issues.values()].filter((i) => i.title === body.variables.title).map(issueJson);
        return send(res, 200, { data: { issues: { nodes } } });
      }
      if (body.query.includes('issue(')) {
        const issue = issues.get(String(body.variables.id));
        return send(res, 200, { data: { issue: issue ? issueJson(issue) : null } });
      }
      return send(res, 400, { errors: [{ message: 'Unknown operation' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    requests,
    issues,
    setMode: (next) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeLinear({ port: Number(process.env.PORT ?? 0) });
  console.log(`LINEAR_API_URL=${fake.url}`);
  process.on('SIGTERM', () => void fake.close().then(() => process.exit(0)));
}
