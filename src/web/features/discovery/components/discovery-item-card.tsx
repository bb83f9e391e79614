import { Check, CircleSlash, ExternalLink, FileText, FlaskConical, Newspaper, X, type LucideIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { SIGNAL_LABELS } from '@shared/confidence';
import type { DiscoveryItemType } from '@shared/enums';
import type { DiscoveryItem } from '@shared/schemas/discovery';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { ConfidenceMeter } from './confidence-meter';

export const TYPE_META: Record<DiscoveryItemType, { label: string; icon: LucideIcon }> = {
  publications: { label: 'Publication', icon: FileText },
  clinical_trials: { label: 'Clinical trial', icon: FlaskConical },
  media_press: { label: 'Media', icon: Newspaper },
};

const words = (value: string) => value.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function Details({ item }: { item: DiscoveryItem }) {
  const rows: Array<[string, string | null]> = [];
  if (item.type === 'publications') {
    const d = item.details;
    const citation = [d.journalName, d.publicationDate, d.volume ? `${d.volume}${d.issue ? `(${d.issue})` : ''}` : null, d.pages].filter(Boolean).join(' · ');
    rows.push(['Authors', d.authors.length > 0 ? d.authors.join(', ') : null], ['Published in', citation || null], ['PMID', d.pmid], ['DOI', d.doi]);
  } else if (item.type === 'clinical_trials') {
    const d = item.details;
    rows.push(
      ['NCT number', d.nctNumber],
      ['Your role', words(d.role)],
      ['Status', words(d.trialStatus)],
      ['Phase', d.phase],
      ['Sponsor', d.sponsor],
      ['Conditions', d.conditionsStudied.length > 0 ? d.conditionsStudied.join(', ') : null],
      ['Dates', [d.startDate, d.completionDate].filter(Boolean).join(' – ') || null],
    );
  } else {
    const d = item.details;
    rows.push(['Source', d.publicationSource], ['Date', d.date], ['Summary', d.description]);
  }
  return (
    <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows
        .filter(([, value]) => value)
        .map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-gray-500">{term}</dt>
            <dd className="min-w-0 break-words text-gray-900">{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Evidence({ item }: { item: DiscoveryItem }) {
  const signals = item.evidence?.signals ?? [];
  return (
    <div className="rounded-xl bg-gray-50 p-4 ring-1 ring-gray-200 ring-inset">
      <h4 className="text-sm font-semibold text-gray-900">Why we think this is you</h4>
      <ConfidenceMeter score={item.confidenceScore} className="mt-2" />
      {item.evidence?.defaulted || signals.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">
          The source gave nothing we could compare with your profile, so this is our default confidence. Check it yourself.
        </p>
      ) : (
        <ul aria-label="Match evidence" className="mt-3 space-y-1.5">
          {signals.map((signal) => (
            <li key={signal.key} className="flex items-start gap-2 text-sm">
              {signal.matched ? (
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              ) : (
                <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-400" />
              )}
              <span>
                <span className="font-medium text-gray-900">{SIGNAL_LABELS[signal.key]}</span>
                <span className="sr-only">{signal.matched ? ' matched' : ' did not match'}</span>
                <span className="text-gray-600"> — {signal.detail}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface DiscoveryItemCardProps {
  item: DiscoveryItem;
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onApprove: () => void;
  onReject: (reason: string | null) => void;
  /** A decision on this item is being saved. */
  busy?: boolean;
}

/** One found item beside the evidence for the match, with approve and reject (optionally with a reason). */
export function DiscoveryItemCard({ item, selected, onSelectedChange, onApprove, onReject, busy = false }: DiscoveryItemCardProps) {
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const reasonId = useId();
  const { label, icon: Icon } = TYPE_META[item.type];

  const submitReject = (event: FormEvent) => {
    event.preventDefault();
    onReject(reason.trim() || null);
  };

  return (
    <article
      aria-labelledby={titleId}
      className={cn('rounded-2xl border bg-white p-5 shadow-sm transition-colors', selected ? 'border-brand-400 ring-1 ring-brand-300' : 'border-gray-200')}
    >
      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) => onSelectedChange(event.target.checked)}
              aria-label={`Select “${item.title}”`}
              className="mt-1 size-4 shrink-0 cursor-pointer accent-brand-600"
            />
            <div className="min-w-0">
              <Badge variant="gray">
                <Icon aria-hidden="true" className="size-3.5" />
                {label}
              </Badge>
              <h3 id={titleId} className="mt-2 text-base leading-6 font-semibold text-gray-900">
                {item.title}
              </h3>
              {item.sourceUrl ? (
                <a
                  href={item.sourceUrl}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="mt-1 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
                >
                  View at the source
                  <ExternalLink aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              ) : null}
            </div>
          </div>
          <Details item={item} />
        </div>
        <Evidence item={item} />
      </div>

      {rejecting ? (
        <form onSubmit={submitReject} className="mt-4 flex flex-col gap-2 border-t border-gray-100 pt-4 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={reasonId} className="text-sm font-medium text-gray-800">
              Reason (optional)
            </label>
            <input
              id={reasonId}
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              placeholder="For example: a different person with my name"
              className="mt-1 block h-10 w-full rounded-lg border border-gray-300 px-3 text-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/30"
            />
          </div>
          <div className="flex gap-2">
            <Button type="button" variant="ghost" onClick={() => setRejecting(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="outline" loading={busy}>
              Confirm reject
            </Button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap justify-end gap-2 border-t border-gray-100 pt-4">
          <Button variant="outline" onClick={() => setRejecting(true)} disabled={busy} aria-label={`Reject “${item.title}”`}>
            <CircleSlash aria-hidden="true" className="size-4" />
            Reject
          </Button>
          <Button onClick={onApprove} loading={busy} aria-label={`Approve “${item.title}”`}>
            <Check aria-hidden="true" className="size-4" />
            Approve
          </Button>
        </div>
      )}
    </article>
  );
}
