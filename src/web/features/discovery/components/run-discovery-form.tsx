import { Search } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DISCOVERY_TYPE_LABELS, MAX_MEDIA_URLS, type DiscoveryRunResult, type DiscoveryRunType } from '@shared/schemas/discovery';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useRunDiscovery } from '../api/discovery';

const OPTIONS: Array<{ type: DiscoveryRunType; label: string; hint: string }> = [
  { type: 'publications', label: 'Publications', hint: 'PubMed, by your name and initials' },
  { type: 'clinical_trials', label: 'Clinical trials', hint: 'ClinicalTrials.gov, where you are an overall official' },
  { type: 'media', label: 'Media and press', hint: 'Pages you link below; we read their title and summary' },
];

const SOURCE_WORDS: Record<DiscoveryRunType, string> = { publications: 'PubMed', clinical_trials: 'ClinicalTrials.gov', media: 'your media links' };

function listWords(parts: string[]) {
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function Summary({ result }: { result: DiscoveryRunResult }) {
  const { totals } = result;
  const errors = result.results.flatMap((r) => r.errors);
  return (
    <div role="status" className="mt-4 rounded-xl bg-brand-50 p-4 text-sm text-brand-900 ring-1 ring-brand-100">
      <p className="font-semibold">{totals.added > 0 ? `${totals.added} new ${totals.added === 1 ? 'item' : 'items'} to review` : 'No new items this time'}</p>
      <ul className="mt-1 space-y-0.5">
        {result.results
          .filter((r) => r.sessionId)
          .map((r) => (
            <li key={r.type}>
              {DISCOVERY_TYPE_LABELS[r.type].plural.replace(/^./, (c) => c.toUpperCase())}: {r.found} found, {r.added} new
              {r.skippedRejected > 0 ? `, ${r.skippedRejected} you rejected before` : ''}
              {r.skippedExisting > 0 ? `, ${r.skippedExisting} already in your profile or waiting for review` : ''}
            </li>
          ))}
      </ul>
      {errors.length > 0 ? (
        <ul className="mt-2 space-y-0.5 text-coral-800">
          {errors.map((error) => (
            <li key={`${error.source}:${error.message}`}>
              {error.source}: {error.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Choose what to look for, optionally paste media links, and run the search. */
export function RunDiscoveryForm() {
  const run = useRunDiscovery();
  const [types, setTypes] = useState<DiscoveryRunType[]>(['publications', 'clinical_trials']);
  const [links, setLinks] = useState('');
  const [error, setError] = useState<string | null>(null);
  const linksId = useId();
  const hintId = useId();

  const toggle = (type: DiscoveryRunType, checked: boolean) => setTypes((current) => (checked ? [...current, type] : current.filter((t) => t !== type)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const mediaUrls = types.includes('media')
      ? links
          .split(/\s+/)
          .map((l) => l.trim())
          .filter(Boolean)
      : [];
    if (types.length === 0) return setError('Choose at least one kind of item to search for');
    if (types.includes('media') && mediaUrls.length === 0 && types.length === 1) return setError('Add at least one media link');
    if (mediaUrls.length > MAX_MEDIA_URLS) return setError(`Add at most ${MAX_MEDIA_URLS} media links at a time`);
    run.mutate(
      { types, mediaUrls },
      {
        onSuccess: (result) => {
          if (result.totals.added > 0) toast.success(`${result.totals.added} new ${result.totals.added === 1 ? 'item' : 'items'} to review`);
          else toast.info('No new items found');
        },
        onError: (failure) => setError(isApiError(failure) ? failure.message : 'The search could not be run. Try again.'),
      },
    );
  };

  const searching = listWords(types.map((t) => SOURCE_WORDS[t]));

  return (
    <Card>
      <CardHeader>
        <CardTitle>Run a search</CardTitle>
        <CardDescription>
          We search by the name on your profile. Nothing is added until you approve it, and anything you reject is never offered again.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate>
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">Look for</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {OPTIONS.map((option) => (
                <label
                  key={option.type}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-200 p-3 hover:bg-gray-50 has-[:checked]:border-brand-300 has-[:checked]:bg-brand-50/60"
                >
                  <input
                    type="checkbox"
                    checked={types.includes(option.type)}
                    onChange={(event) => toggle(option.type, event.target.checked)}
                    className="mt-0.5 size-4 accent-brand-600"
                  />
                  <span>
                    <span className="block text-sm font-semibold text-gray-900">{option.label}</span>
                    <span className="block text-xs leading-5 text-gray-600">{option.hint}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {types.includes('media') ? (
            <div className="mt-4">
              <label htmlFor={linksId} className="text-sm font-medium text-gray-800">
                Media links
              </label>
              <p id={hintId} className="text-xs text-gray-600">
                One web address per line (at most {MAX_MEDIA_URLS}). We read only what the page says about itself.
              </p>
              <textarea
                id={linksId}
                aria-describedby={hintId}
                value={links}
                onChange={(event) => setLinks(event.target.value)}
                rows={3}
                placeholder="https://news.example.org/2024/04/new-heart-clinic"
                className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30"
              />
            </div>
          ) : null}

          {error ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}

          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button type="submit" loading={run.isPending}>
              {run.isPending ? null : <Search aria-hidden="true" className="size-4" />}
              {run.isPending ? 'Searching…' : 'Run discovery'}
            </Button>
            {run.isPending ? (
              <span role="status" className="inline-flex items-center gap-2 text-sm text-gray-700">
                <Spinner size="sm" label="" className="text-brand-600" />
                Searching {searching}. This can take a few seconds.
              </span>
            ) : null}
          </div>
        </form>
        {run.data && !run.isPending ? <Summary result={run.data} /> : null}
      </CardContent>
    </Card>
  );
}
