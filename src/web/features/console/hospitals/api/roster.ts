import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RosterProgressDto, RosterRowDto, RosterUploadDetailDto, RosterUploadDto } from '@shared/schemas/roster';
import type { RosterPeoplePageDto, RosterPeopleQueryInput, RosterPersonDto, RosterReminderReport } from '@shared/schemas/roster-people';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { csvBody } from '@web/lib/csv/csv-body';
import { hospitalQueryKey } from './hospitals';

export type {
  RosterPeoplePageDto,
  RosterPeopleQueryInput,
  RosterPersonDto,
  RosterProgressDto,
  RosterReminderReport,
  RosterRowDto,
  RosterUploadDetailDto,
  RosterUploadDto,
};

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

// ── The People list after drafting (issue 37 items 3 and 5) ─────────────────────────────────────────

const peopleBase = (hospitalId: string) => `/api/admin/hospitals/${encodeURIComponent(hospitalId)}/roster`;

/** The list's query string, the same for the page and the CSV export (which takes no paging). */
export function rosterPeopleSearch(query: RosterPeopleQueryInput, paging = true) {
  const params = new URLSearchParams();
  if (query.uploadId) params.set('uploadId', query.uploadId);
  if (query.state && query.state.length > 0) params.set('state', query.state.join(','));
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.sort) params.set('sort', query.sort);
  if (query.dir) params.set('dir', query.dir);
  if (paging && query.page) params.set('page', String(query.page));
  if (paging && query.pageSize) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const rosterPeopleCsvUrl = (hospitalId: string, query: RosterPeopleQueryInput) =>
  `${peopleBase(hospitalId)}/people.csv${rosterPeopleSearch(query, false)}`;

const emailOnItsWay = (p: RosterPersonDto) => {
  const since = p.lastEmailAt ?? p.invitedAt;
  return (p.lastEmailStatus === 'sending' || (p.invitedAt !== null && p.emailCount === 0)) && since !== null && Date.now() - Date.parse(since) < 300_000;
};

const peopleKey = (hospitalId: string) => [...rosterKey(hospitalId), 'people'] as const;

/**
 * One page of the roster's people with their state; `stamp` changes when the upload's rows do (the
 * pre-filling moved), and while the job runs the page is read again every few seconds.
 */
export function useRosterPeople(hospitalId: string, query: RosterPeopleQueryInput, options: { stamp?: string; polling?: boolean } = {}) {
  return useQuery({
    queryKey: [...peopleKey(hospitalId), query, options.stamp ?? ''],
    queryFn: ({ signal }) => apiFetch<RosterPeoplePageDto>(`${peopleBase(hospitalId)}/people${rosterPeopleSearch(query)}`, { signal }),
    placeholderData: keepPreviousData,
    // Also while an invitation is on its way (the invitation job sends in the background: invited with
    // no e-mail yet, or one `sending`); one left so by a crash stops this after five minutes.
    refetchInterval: (q) => (options.polling || q.state.data?.items.some(emailOnItsWay) ? 3_000 : false),
    ...adminRetryPolicy,
  });
}

/** "Send a reminder" to the chosen people now; the list is read again after. */
export function useSendRosterReminders(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rowIds: string[]) => apiFetch<RosterReminderReport>(`${peopleBase(hospitalId)}/reminders`, { method: 'POST', body: { rowIds } }),
    retry: false,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: peopleKey(hospitalId) }),
  });
}
