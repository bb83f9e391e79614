import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RosterRowDto, RosterUploadDetailDto, RosterUploadDto } from '@shared/schemas/roster';
import { adminRetryPolicy } from '@web/features/admin-auth/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { csvBody } from '@web/lib/csv/csv-body';
import { hospitalQueryKey } from './hospitals';

export type { RosterRowDto, RosterUploadDetailDto, RosterUploadDto };

const rosterKey = (hospitalId: string) => [...hospitalQueryKey(hospitalId), 'roster-uploads'] as const;
const base = (hospitalId: string) => `/api/admin/hospitals/${encodeURIComponent(hospitalId)}/roster-uploads`;

export const refusedRowsUrl = (hospitalId: string, uploadId: string) => `${base(hospitalId)}/${encodeURIComponent(uploadId)}/refused.csv`;

export function useRosterUploads(hospitalId: string) {
  return useQuery({
    queryKey: rosterKey(hospitalId),
    queryFn: ({ signal }) => apiFetch<{ items: RosterUploadDto[] }>(base(hospitalId), { signal }),
    ...adminRetryPolicy,
  });
}

export function useRosterUpload(hospitalId: string, uploadId: string | null) {
  return useQuery({
    queryKey: [...rosterKey(hospitalId), uploadId],
    queryFn: ({ signal }) => apiFetch<RosterUploadDetailDto>(`${base(hospitalId)}/${encodeURIComponent(uploadId!)}`, { signal }),
    enabled: Boolean(uploadId),
    ...adminRetryPolicy,
  });
}

/** Sends the file (or the pasted list) as text/csv; the server checks every row and keeps the upload. */
export function useUploadRoster(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiFetch<RosterUploadDetailDto>(base(hospitalId), { method: 'POST', body: csvBody(csv), timeoutMs: 300_000 }),
    retry: false,
    onSuccess: (upload) => {
      queryClient.setQueryData([...rosterKey(hospitalId), upload.id], upload);
      void queryClient.invalidateQueries({ queryKey: rosterKey(hospitalId), exact: true });
    },
  });
}
