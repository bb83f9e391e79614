import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { EMBED_MESSAGES, embedSettingsSchema, normalizeEmbedOrigin } from '@shared/schemas/embed';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { SectionCard } from '../../components/section-card';
import { useEmbedSettings, useSaveEmbedSettings } from '../api/embed';

const linesOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The directory on the hospital's own website: the websites allowed to frame it (one per line) and
 * the snippet to paste. Only these websites may show the embed; every other page stays unframable.
 */
export function EmbedSettings({ hospitalId }: { hospitalId: string }) {
  const settings = useEmbedSettings(hospitalId);
  const save = useSaveEmbedSettings(hospitalId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();
  const saved = settings.data?.origins.join('\n');
  useEffect(() => {
    if (saved !== undefined) setText(saved);
  }, [saved]);

  if (settings.isPending) return <LoadingPanel label="Loading the embed settings" />;
  if (settings.isError) return <ErrorPanel title="The embed settings could not be loaded." error={settings.error} onRetry={() => void settings.refetch()} />;

  const onSave = () => {
    const lines = linesOf(text);
    const wrong = lines.find((line) => !normalizeEmbedOrigin(line));
    if (wrong) {
      setError(`${wrong}: ${EMBED_MESSAGES.origin}`);
      return;
    }
    const checked = embedSettingsSchema.safeParse({ origins: lines });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? EMBED_MESSAGES.origin);
      return;
    }
    setError(null);
    save.mutate(
      { origins: checked.data.origins },
      {
        onSuccess: (view) => {
          setText(view.origins.join('\n'));
          toast.success(view.origins.length ? 'Embedding websites saved.' : 'No website may embed the directory now.');
        },
        onError: (failure) => setError(serverMessage(failure, 'The websites could not be saved.')),
      },
    );
  };

  const embedPath = settings.data.embedPath;
  const snippet = embedPath ? `<script src="${window.location.origin}/embed/frame.js" data-hospital="${embedPath.split('/').pop()}"></script>` : null;
  return (
    <SectionCard
      id="embed-settings"
      title="On your website"
      description="Show the directory's search and profiles inside your own website. Only the websites listed here may show it; everywhere else the browser refuses."
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId} className="text-sm font-medium text-gray-900">
            Websites allowed to embed the directory
          </label>
          <p id={hintId} className="text-sm text-gray-600">
            One per line, as its address: https://www.example.org (no page path).
          </p>
          <textarea
            id={fieldId}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            aria-invalid={error ? true : undefined}
            className="w-full rounded-lg border border-gray-300 px-3 py-2 font-mono text-sm text-gray-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            spellCheck={false}
            autoComplete="off"
          />
          {error ? (
            <p id={errorId} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
        <div>
          <Button type="button" onClick={onSave} loading={save.isPending} disabled={text.trim() === (saved ?? '').trim() && !error}>
            Save websites
          </Button>
        </div>
        {snippet ? (
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-gray-900">Paste this where the directory should appear</p>
            {/* Focusable so a keyboard can scroll a snippet wider than the phone (the page tour's axe check). */}
            <pre
              tabIndex={0}
              role="region"
              aria-label="Embed code"
              className="overflow-x-auto rounded-lg bg-gray-50 p-3 text-xs text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <code>{snippet}</code>
            </pre>
            <p className="text-sm text-gray-600">
              Add <code>data-provider=&quot;…&quot;</code> with a profile&apos;s address to show one clinician. The frame grows with its content and follows
              your directory&apos;s brand colour.
            </p>
          </div>
        ) : (
          <Notice tone="info">Turn the directory on and give it an address to get the snippet.</Notice>
        )}
      </div>
    </SectionCard>
  );
}
