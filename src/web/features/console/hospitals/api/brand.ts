import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BrandDocumentDto, BrandSettingsDto } from '@shared/schemas/brand';
import { adminRetryPolicy } from '@web/lib/with-network-retry';
import { apiFetch } from '@web/lib/api-client';
import { hospitalQueryKey } from './hospitals';

export type { BrandDocumentDto, BrandSettingsDto };

export interface BrandSettingsBody {
  brandVoice: string | null;
  toneGuidelines: string | null;
  writingStyleNotes: string | null;
  autoApplyToPrompts: boolean;
}

const brandKey = (hospitalId: string) => [...hospitalQueryKey(hospitalId), 'brand'] as const;
const base = (hospitalId: string) => `/api/admin/hospitals/${encodeURIComponent(hospitalId)}`;

/** Where the browser opens a stored brand document (served behind the admin session). */
export function brandDocumentFileUrl(hospitalId: string, documentId: string) {
  return `${base(hospitalId)}/brand-documents/${encodeURIComponent(documentId)}/file`;
}

export function useBrandSettings(hospitalId: string) {
  return useQuery({
    queryKey: [...brandKey(hospitalId), 'settings'],
    queryFn: ({ signal }) => apiFetch<BrandSettingsDto>(`${base(hospitalId)}/brand-settings`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useSaveBrandSettings(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BrandSettingsBody) => apiFetch<BrandSettingsDto>(`${base(hospitalId)}/brand-settings`, { method: 'PUT', body }),
    ...adminRetryPolicy,
    onSuccess: (saved) => queryClient.setQueryData([...brandKey(hospitalId), 'settings'], saved),
  });
}

export function useWritingStandards(hospitalId: string) {
  return useQuery({
    queryKey: [...brandKey(hospitalId), 'writing-standards'],
    queryFn: ({ signal }) => apiFetch<{ writingStandards: string | null }>(`${base(hospitalId)}/brand-writing-standards`, { signal }),
    ...adminRetryPolicy,
  });
}

export function useSaveWritingStandards(hospitalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (writingStandards: string) =>
      apiFetch<{ writingStandards: string | null }>(`${base(hospitalId)}/brand-writing-standards`, { method: 'PUT', body: { writingStandards } }),
    ...adminRetryPolicy,
    onSuccess: (saved) => queryClient.setQueryData([...brandKey(hospitalId), 'writing-standards'], saved),
  });
}

const documentsKey = (hospitalId: string) => [...brandKey(hospitalId), 'documents'] as const;

export function useBrandDocuments(hospitalId: string) {
  return useQuery({
    queryKey: documentsKey(hospitalId),
    queryFn: async ({ signal }) => (await apiFetch<{ items: BrandDocumentDto[] }>(`${base(hospitalId)}/brand-documents`, { signal })).items,
    ...adminRetryPolicy,
  });
}

function useInvalidateDocuments(hospitalId: string) {
  const queryClient = useQueryClient();
  // The primary document is also the hospital's brand_guidelines_url.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: documentsKey(hospitalId) }),
      queryClient.invalidateQueries({ queryKey: hospitalQueryKey(hospitalId), exact: true }),
    ]);
}

export function useUploadBrandDocument(hospitalId: string) {
  const invalidate = useInvalidateDocuments(hospitalId);
  return useMutation({
    mutationFn: ({ file, isPrimary }: { file: File; isPrimary: boolean }) => {
      const form = new FormData();
      form.append('file', file);
      form.append('isPrimary', String(isPrimary));
      return apiFetch<BrandDocumentDto>(`${base(hospitalId)}/brand-documents`, { method: 'POST', body: form, timeoutMs: 120_000 });
    },
    retry: false,
    onSuccess: invalidate,
  });
}

export function useMakeBrandDocumentPrimary(hospitalId: string) {
  const invalidate = useInvalidateDocuments(hospitalId);
  return useMutation({
    mutationFn: (documentId: string) =>
      apiFetch<BrandDocumentDto>(`${base(hospitalId)}/brand-documents/${encodeURIComponent(documentId)}`, { method: 'PATCH', body: { isPrimary: true } }),
    ...adminRetryPolicy,
    onSuccess: invalidate,
  });
}

export function useDeleteBrandDocument(hospitalId: string) {
  const invalidate = useInvalidateDocuments(hospitalId);
  return useMutation({
    mutationFn: (documentId: string) =>
      apiFetch<{ deleted: boolean }>(`${base(hospitalId)}/brand-documents/${encodeURIComponent(documentId)}`, { method: 'DELETE' }),
    retry: false,
    onSuccess: invalidate,
  });
}
