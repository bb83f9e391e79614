import { Camera, Trash2, Upload } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { toast } from 'sonner';
import { initialsOf } from '@shared/names';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@web/components/ui/dialog';
import { ApiError } from '@web/lib/api-client';
import { cropToSquare, useProfilePhoto } from '../../api/profile-photo';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];
/** The original may be large (a phone photo); what is sent is the 512-pixel crop. */
const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

const failure = (error: unknown) => (error instanceof ApiError && error.message ? error.message : error instanceof Error ? error.message : 'Please try again.');

function CropDialog({ source, onClose }: { source: string | null; onClose: () => void }) {
  const { upload } = useProfilePhoto();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);

  const onSave = async () => {
    if (!source || !area) return;
    try {
      const image = await cropToSquare(source, area);
      await upload.mutateAsync(image);
      toast.success('Profile photo saved');
      onClose();
    } catch (error) {
      toast.error('The photo could not be saved', { description: failure(error) });
    }
  };

  return (
    <Dialog open={source !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogTitle>Crop your photo</DialogTitle>
        <DialogDescription>Drag to place your face in the circle; zoom with the slider, the mouse wheel or a pinch.</DialogDescription>
        <div className="relative mt-4 h-72 overflow-hidden rounded-xl bg-gray-900">
          {source ? (
            <Cropper
              image={source}
              crop={crop}
              zoom={zoom}
              aspect={1}
              cropShape="round"
              showGrid={false}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_, pixels) => setArea(pixels)}
            />
          ) : null}
        </div>
        <label className="mt-4 flex items-center gap-3 text-sm text-gray-700">
          Zoom
          <input
            type="range"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(event) => setZoom(Number(event.target.value))}
            className="flex-1 accent-brand-600"
          />
        </label>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={upload.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void onSave()} loading={upload.isPending} disabled={!area}>
            Save photo
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The provider's photo: upload (cropped to a square in the browser), replace or remove. */
export function ProfilePhotoCard({ photo, name }: { photo: string | null; name: string | null | undefined }) {
  const input = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState<string | null>(null);
  const { remove } = useProfilePhoto();

  // The chosen file is read through an object URL, released when the dialog closes.
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      toast.error('Choose a PNG, JPEG or WebP image.');
      return;
    }
    if (file.size > MAX_SOURCE_BYTES) {
      toast.error('Choose an image under 25 MB.');
      return;
    }
    setSource(URL.createObjectURL(file));
  };

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center">
        {photo ? (
          <img src={photo} alt="Your profile photo" className="size-24 shrink-0 rounded-full object-cover ring-1 ring-gray-200" />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-24 shrink-0 items-center justify-center rounded-full bg-brand-50 text-2xl font-semibold text-brand-700 ring-1 ring-brand-100"
          >
            {initialsOf(name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-2 text-base font-semibold text-gray-900">
            <Camera aria-hidden="true" className="size-4 text-brand-600" />
            Profile photo
          </h2>
          <p className="mt-1 text-sm leading-6 text-gray-600">A clear, recent head-and-shoulders photo. PNG, JPEG or WebP; you crop it before it is saved.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => input.current?.click()}>
              <Upload aria-hidden="true" className="size-4" />
              {photo ? 'Replace photo' : 'Upload photo'}
            </Button>
            {photo ? (
              <Button
                variant="outline"
                loading={remove.isPending}
                onClick={() =>
                  remove.mutate(undefined, {
                    onSuccess: () => toast.success('Profile photo removed'),
                    onError: (error) => toast.error('The photo could not be removed', { description: failure(error) }),
                  })
                }
              >
                {remove.isPending ? null : <Trash2 aria-hidden="true" className="size-4" />}
                Remove
              </Button>
            ) : null}
          </div>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED.join(',')}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose a profile photo"
            onChange={onChoose}
          />
        </div>
      </div>
      <CropDialog source={source} onClose={() => setSource(null)} />
    </Card>
  );
}
