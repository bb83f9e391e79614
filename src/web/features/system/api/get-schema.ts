import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';

export interface SchemaColumn {
  name: string;
  dataType: string;
  nullable: boolean;
  default: string | null;
}

export interface SchemaTable {
  name: string;
  columns: SchemaColumn[];
}

/** `GET /api/system/schema`: tables and columns of the application database (system admins). */
export interface DatabaseSchema {
  tables: SchemaTable[];
}

export function getSchema(signal?: AbortSignal): Promise<DatabaseSchema> {
  return apiFetch<DatabaseSchema>('/api/system/schema', { signal });
}

export function schemaQueryOptions() {
  return queryOptions({ queryKey: ['system', 'schema'], queryFn: ({ signal }) => getSchema(signal) });
}

export function useSchema() {
  return useQuery(schemaQueryOptions());
}
