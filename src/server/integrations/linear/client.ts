import { z } from 'zod';
import type { Env } from '../../env';
import { fetchWithPolicy, HttpError } from '../../lib/http';

export const LINEAR_FAILED = 'Linear API request failed';

export interface LinearIssue {
  id: string;
  identifier: string;
  url: string;
  state?: string | null;
}

export interface LinearClient {
  createIssue(input: { title: string; description: string; priority: number }): Promise<LinearIssue>;
  updateIssue(id: string, input: { priority?: number; description?: string }): Promise<LinearIssue>;
  getIssue(id: string): Promise<LinearIssue | null>;
  searchIssuesByTitle(title: string): Promise<LinearIssue[]>;
}

export class LinearError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'LinearError';
  }
}

/** Feedback severity → Linear priority (access spec §7): 5→1 urgent, 4→2, 3→3, 2 and 1→4 low. */
export function priorityForSeverity(severity: number) {
  if (severity >= 5) return 1;
  if (severity === 4) return 2;
  if (severity === 3) return 3;
  return 4;
}

const issueFields = 'id identifier url state { name }';
const issueSchema = z.object({ id: z.string(), identifier: z.string(), url: z.string(), state: z.object({ name: z.string() }).nullish() });
const toIssue = (issue: z.infer<typeof issueSchema>): LinearIssue => ({
  id: issue.id,
  identifier: issue.identifier,
  url: issue.url,
  state: issue.state?.name ?? null,
});

/** Linear's GraphQL API with a server-side key; every failure reads 'Linear API request failed'. */
export function createLinearClient(options: {
  apiKey: string;
  teamId: string;
  url: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  retries?: number;
}): LinearClient {
  const call = async <T>(query: string, variables: Record<string, unknown>, pick: (data: Record<string, unknown>) => T): Promise<T> => {
    let response: Response;
    try {
      response = await fetchWithPolicy(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: options.apiKey },
        body: JSON.stringify({ query, variables }),
        fetchImpl: options.fetchImpl,
        timeoutMs: options.timeoutMs ?? 15_000,
        retries: options.retries ?? 2,
      });
    } catch (error) {
      throw new LinearError(LINEAR_FAILED, error instanceof HttpError ? error.message : String(error));
    }
    const text = await response.text();
    let body: { data?: Record<string, unknown>; errors?: Array<{ message?: string }> };
    try {
      body = JSON.parse(text);
    } catch {
      throw new LinearError(LINEAR_FAILED, `HTTP ${response.status}: not JSON`);
    }
    if (!response.ok || body.errors?.length || !body.data) {
      throw new LinearError(LINEAR_FAILED, body.errors?.[0]?.message ?? `HTTP ${response.status}`);
    }
    try {
      return pick(body.data);
    } catch (error) {
      throw new LinearError(LINEAR_FAILED, error instanceof Error ? error.message : 'unexpected response');
    }
  };

  return {
    createIssue: (input) =>
      call(
        `mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { ${issueFields} } } }`,
        { input: { teamId: options.teamId, title: input.title, description: input.description, priority: input.priority } },
        (data) => {
          const result = z.object({ issueCreate: z.object({ success: z.boolean(), issue: issueSchema }) }).parse(data);
          if (!result.issueCreate.success) throw new Error('issueCreate was not successful');
          return toIssue(result.issueCreate.issue);
        },
      ),
    updateIssue: (id, input) =>
      call(
        `mutation IssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { ${issueFields} } } }`,
        { id, input },
        (data) => toIssue(z.object({ issueUpdate: z.object({ issue: issueSchema }) }).parse(data).issueUpdate.issue),
      ),
    getIssue: (id) =>
      call(`query Issue($id: String!) { issue(id: $id) { ${issueFields} } }`, { id }, (data) => {
        const parsed = z.object({ issue: issueSchema.nullable() }).parse(data);
        return parsed.issue ? toIssue(parsed.issue) : null;
      }),
    searchIssuesByTitle: (title) =>
      call(
        `query Issues($teamId: ID!, $title: String!) { issues(filter: { team: { id: { eq: $teamId } }, title: { eq: $title } }, first: 10) { nodes { ${issueFields} } } }`,
        { teamId: options.teamId, title },
        (data) =>
          z
            .object({ issues: z.object({ nodes: z.array(issueSchema) }) })
            .parse(data)
            .issues.nodes.map(toIssue),
      ),
  };
}

/** The tracker is optional: without LINEAR_API_KEY and LINEAR_TEAM_ID feedback is stored only. */
export function createLinearFromEnv(env: Pick<Env, 'LINEAR_API_KEY' | 'LINEAR_TEAM_ID' | 'LINEAR_API_URL'>): LinearClient | null {
  if (!env.LINEAR_API_KEY || !env.LINEAR_TEAM_ID) return null;
  return createLinearClient({ apiKey: env.LINEAR_API_KEY, teamId: env.LINEAR_TEAM_ID, url: env.LINEAR_API_URL });
}
