import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api-client';
import { profileKeys } from '@web/lib/query-keys';

/** `POST /api/profile/photo` (the cropped image as multipart) and `DELETE /api/profile/photo`. */
export function useProfilePhoto() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.section('professional_identity') }),
      queryClient.invalidateQueries({ queryKey: profileKeys.dashboard }),
      queryClient.invalidateQueries({ queryKey: profileKeys.provenance }),
    ]);
  const upload = useMutation({
    mutationFn: (image: Blob) => {
      const form = new FormData();
      form.append('file', image, 'profile-photo.jpg');
      return apiFetch<{ profilePhoto: string }>('/api/profile/photo', { method: 'POST', body: form, timeoutMs: 60_000 });
    },
    onSettled: refresh,
  });
  const remove = useMutation({ mutationFn: () => apiFetch<{ profilePhoto: null }>('/api/profile/photo', { method: 'DELETE' }), onSettled: refresh });
  return { upload, remove };
}

/** The chosen square of the image, drawn at `size` pixels and encoded as JPEG. */
export async function cropToSquare(source: string, area: { x: number; y: number; width: number; height: number }, size = 512): Promise<Blob> {
  const image = new Image();
  image.src = source;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot crop images.');
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size, size);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be prepared.'))), 'image/jpeg', 0.9),
  );
}
