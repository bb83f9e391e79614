import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RosterProgressDto, RosterRowDto, RosterUploadDetailDto, RosterUploadDto } from '@shared/schemas/roster';
import { adminRetryPolicy } from '@web/features/admin-auth/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { csvBody } from '@web/lib/csv/csv-body';
import { hospitalQueryKey } from './hospitals';

export type { RosterProgressDto, RosterRowDto, RosterUploadDetailDto, RosterUploadDto };

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

/** How often the progress is asked for while the pre-filling job runs. */
export const ROSTER_PROGRESS_POLL_MS = 1_500;

const progressKey = (hospitalId: string, uploadId: string | null) => [...rosterKey(hospitalId), uploadId, 'progress'] as const;

/** The pre-filling job's counts by state, polled while it runs (no reload needed). */
export function useRosterProgress(hospitalId: string, uploadId: string | null) {
  return useQuery({
    queryKey: progressKey(hospitalId, uploadId),
    queryFn: ({ signal }) => apiFetch<RosterProgressDto>(`${base(hospitalId)}/${encodeURIComponent(uploadId!)}/progress`, { signal }),
    enabled: Boolean(uploadId),
    refetchInterval: (query) => (query.state.data?.status === 'drafting' ? ROSTER_PROGRESS_POLL_MS : false),
    ...adminRetryPolicy,
  });
}

/** Starts (or resumes) the pre-filling job of an upload. */
export function useStartDrafting(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uploadId: string) => apiFetch<RosterProgressDto>(`${base(hospitalId)}/${encodeURIComponent(uploadId)}/drafting`, { method: 'POST' }),
    retry: false,
    onSuccess: (progress) => {
      queryClient.setQueryData(progressKey(hospitalId, progress.uploadId), progress);
      void queryClient.invalidateQueries({ queryKey: rosterKey(hospitalId), exact: true });
    },
  });
}

/** Reads an upload's rows again (their states changed while the job ran). */
export function useRefreshRosterUpload(hospitalId: string) {
  const queryClient = useQueryClient();
  return (uploadId: string) => {
    void queryClient.invalidateQueries({ queryKey: [...rosterKey(hospitalId), uploadId], exact: true });
    void queryClient.invalidateQueries({ queryKey: rosterKey(hospitalId), exact: true });
  };
}
