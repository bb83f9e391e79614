import { Check, RotateCcw, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { BIOGRAPHY_MESSAGES, type BiographyDraftVersion } from '@shared/schemas/biography';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { cn } from '@web/lib/cn';
import { useBiographyDraft } from './api';
import { TargetMeter } from './target-meter';

export interface BiographyDraftSelection {
  professional?: string;
  public?: string;
}

interface WriteForMePanelProps {
  /** Fills the page's fields; the page saves them as usual. Nothing is saved by the panel. */
  onUse: (selection: BiographyDraftSelection) => void;
  /** e.g. while the page has no profile yet, or is saving. */
  disabled?: boolean;
  className?: string;
}

const VERSIONS = [
  { key: 'professional', title: 'Professional version', audience: 'For colleagues and referring physicians' },
  { key: 'public', title: 'Public version', audience: 'For patients and families' },
] as const;

function errorText(error: unknown) {
  if (isApiError(error) && error.status === 0)
    return `${error.code === 'TIMEOUT' ? 'The writing service did not answer in time.' : 'We could not reach Vitae. Check your connection.'} Your biography was not changed.`;
  if (isApiError(error) && error.message) return error.message;
  return BIOGRAPHY_MESSAGES.failed;
}

/** The hospital's tone setting in plain words: "in a friendly tone". */
function toneWords(tone: string) {
  const words = tone.trim().toLowerCase().replace(/[_-]+/g, ' ');
  return words ? `in ${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words} tone` : 'in a plain tone';
}

function DraftCard({
  title,
  audience,
  draft,
  used,
  onUse,
}: {
  title: string;
  audience: string;
  draft: BiographyDraftVersion;
  used: boolean;
  onUse: () => void;
}) {
  const headingId = `draft-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="flex flex-col p-4 sm:p-5">
      <section aria-labelledby={headingId} className="flex flex-1 flex-col gap-3">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-gray-900">
            {title}
          </h3>
          <p className="text-xs text-gray-600">
            {audience}, {toneWords(draft.targets.tone)}
            {draft.template ? ', following your hospital’s guide' : ''}
          </p>
        </div>
        <TargetMeter
          words={draft.wordCount}
          grade={draft.grade}
          readingLevel={draft.targets.readingLevel}
          wordCountMin={draft.targets.wordCountMin}
          wordCountMax={draft.targets.wordCountMax}
        />
        {draft.text ? (
          <div className="flex-1 rounded-lg bg-gray-50 px-3 py-2 text-sm leading-6 whitespace-pre-line text-gray-800 ring-1 ring-gray-200 ring-inset">
            {draft.text}
          </div>
        ) : (
          <p className="flex-1 text-sm text-gray-600">No draft could be written for this version.</p>
        )}
        {draft.warnings.length ? (
          <ul
            className="space-y-1 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
            aria-label={`Warnings about the ${title.toLowerCase()}`}
          >
            {draft.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        ) : null}
        <div>
          <Button variant={used ? 'secondary' : 'primary'} size="sm" onClick={onUse} disabled={!draft.text} aria-label={`Use this ${title.toLowerCase()}`}>
            {used ? <Check aria-hidden="true" className="size-4" /> : null}
            {used ? 'Copied to the form' : 'Use this'}
          </Button>
        </div>
      </section>
    </Card>
  );
}

/**
 * "Write for me": asks the server for a professional and a public draft of the biography, shows
 * them side by side with their word count and reading grade against the hospital's targets, and
 * hands a chosen draft to the page's form through `onUse`. The provider edits and saves there.
 */
export function WriteForMePanel({ onUse, disabled = false, className }: WriteForMePanelProps) {
  const draft = useBiographyDraft();
  const [used, setUsed] = useState<{ professional: boolean; public: boolean }>({ professional: false, public: false });
  const result = draft.data;

  const write = () => {
    setUsed({ professional: false, public: false });
    draft.mutate();
  };
  const use = (selection: BiographyDraftSelection) => {
    onUse(selection);
    setUsed((current) => ({
      professional: current.professional || selection.professional !== undefined,
      public: current.public || selection.public !== undefined,
    }));
  };

  return (
    <section
      aria-labelledby="write-for-me-heading"
      aria-busy={draft.isPending}
      className={cn('flex flex-col gap-4 rounded-2xl border border-brand-100 bg-brand-50/40 p-4 sm:p-6', className)}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="write-for-me-heading" className="flex items-center gap-2 text-lg font-semibold text-gray-900">
            <Sparkles aria-hidden="true" className="size-5 text-brand-600" />
            Write for me
          </h2>
          <p className="mt-1 max-w-2xl text-sm leading-6 text-gray-600">
            Drafts both versions from your profile, at your hospital’s reading level and length. Nothing is saved until you use a draft, edit it and save the
            page.
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          {result && !draft.isPending ? (
            <Button variant="outline" onClick={write} disabled={disabled}>
              <RotateCcw aria-hidden="true" className="size-4" />
              Write again
            </Button>
          ) : (
            <Button onClick={write} loading={draft.isPending} disabled={disabled}>
              {draft.isPending ? null : <Sparkles aria-hidden="true" className="size-4" />}
              {draft.isPending ? 'Writing…' : 'Write for me'}
            </Button>
          )}
        </div>
      </div>

      <div aria-live="polite" className="contents">
        {draft.isPending ? (
          <p className="flex items-center gap-2 text-sm text-gray-700">
            <Spinner size="sm" label="" /> Writing your drafts. This can take up to half a minute.
          </p>
        ) : null}
        {draft.isError ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200 ring-inset sm:flex-row sm:items-center sm:justify-between"
          >
            <p>{errorText(draft.error)}</p>
            <Button variant="outline" size="sm" onClick={write} disabled={disabled}>
              Try again
            </Button>
          </div>
        ) : null}
      </div>

      {result && !draft.isPending ? (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            {VERSIONS.map((version) => (
              <DraftCard
                key={version.key}
                title={version.title}
                audience={version.audience}
                draft={result[version.key]}
                used={used[version.key]}
                onUse={() => use({ [version.key]: result[version.key].text })}
              />
            ))}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs leading-5 text-gray-600">
              {result.writer === 'llm'
                ? `Drafted by the AI writing service${result.brandApplied ? ' with your hospital’s brand voice' : ''}. Check every fact before saving.`
                : 'Written by Vitae from the facts in your profile only. Add more to your profile for a richer draft.'}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={!result.professional.text || !result.public.text}
              onClick={() => use({ professional: result.professional.text, public: result.public.text })}
            >
              Use both
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}
