import { CheckCircle2, ClipboardCheck, ExternalLink, Pencil, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ReviewSource, RosterReviewDto } from '@shared/schemas/roster-claims';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { FormAlert } from '@web/components/form/form-alert';
import { isApiError } from '@web/lib/api-client';
import { errorMessage } from '@web/lib/server-errors';
import { useMyListing, useSetMyListing } from '@web/features/publishing';
import { useRosterReview } from '../api/claims';

const SOURCE_WORDS: Record<ReviewSource, string> = {
  registry: 'NPI registry',
  listing_service: 'Listing service',
  roster: 'Hospital roster',
  provider: 'You',
  other: 'Other',
};

const STATUS_WORDS = { complete: 'Filled in', needs_update: 'Partly filled in', missing: 'Empty' } as const;

type Section = RosterReviewDto['sections'][number];

/** "Looks right" is the person's own checklist while reviewing: kept in this browser, not on the server. */
function useConfirmed(key: string) {
  const [confirmed, setConfirmed] = useState<string[]>(() => {
    try {
      return JSON.parse(localStorage.getItem(key) ?? '[]') as string[];
    } catch {
      return [];
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(key, JSON.stringify(confirmed));
    } catch {
      // Private browsing: the checklist lasts the visit.
    }
  }, [key, confirmed]);
  const toggle = (id: string) => setConfirmed((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
  return { confirmed, toggle };
}

function SectionRow({ section, confirmed, onToggle }: { section: Section; confirmed: boolean; onToggle: () => void }) {
  const headingId = `review-${section.sectionId}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-gray-900">
          {confirmed ? <CheckCircle2 aria-label="Looks right" className="size-5 text-emerald-600" /> : null}
          {section.title}
        </h2>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600">
          <span>{STATUS_WORDS[section.status]}</span>
          {section.sources.length > 0 ? (
            <>
              <span aria-hidden="true">·</span>
              <span>From:</span>
              {section.sources.map((source) => (
                <Badge key={source} variant={source === 'provider' ? 'success' : 'brand'}>
                  {SOURCE_WORDS[source]}
                </Badge>
              ))}
            </>
          ) : null}
        </p>
        {section.details.length > 0 ? (
          <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_minmax(0,1fr)]">
            {section.details.map((detail, index) => (
              <div key={`${detail.label}-${index}`} className="contents">
                <dt className="font-medium text-gray-700">{detail.label}</dt>
                <dd className="mb-1 min-w-0 text-gray-900 [overflow-wrap:anywhere] sm:mb-0">
                  {detail.value}
                  {detail.source ? <span className="ml-2 text-xs text-gray-500">({SOURCE_WORDS[detail.source]})</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {section.status !== 'missing' ? (
          <Button variant={confirmed ? 'secondary' : 'outline'} size="sm" aria-pressed={confirmed} onClick={onToggle}>
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Looks right
          </Button>
        ) : null}
        <Link
          to={section.path}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
          aria-label={`${section.status === 'missing' ? 'Add' : 'Edit'} ${section.title}`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          {section.status === 'missing' ? 'Add' : 'Edit'}
        </Link>
      </div>
    </li>
  );
}

function PublishPanel({ review }: { review: RosterReviewDto }) {
  const listing = useMyListing();
  const publish = useSetMyListing();
  const status = publish.data?.status ?? listing.data?.status ?? review.listingStatus;
  const publicPath = publish.data?.publicPath ?? listing.data?.publicPath ?? null;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-gray-900">Publish</h2>
      {status === 'published' ? (
        <div role="status" className="flex flex-col gap-2">
          <p className="text-base text-gray-800">Your profile is public in {review.hospitalName}&apos;s directory.</p>
          {publicPath ? (
            <a href={publicPath} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
              See your public page
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          ) : null}
        </div>
      ) : status === 'pending' ? (
        <p role="status" className="text-base text-gray-800">
          Sent to {review.hospitalName} for approval. We will tell you when they decide.
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {review.preApproved
              ? `${review.hospitalName} has approved its roster in advance: your profile is public as soon as you publish.`
              : `${review.hospitalName} reviews each profile before it is public.`}{' '}
            You can change any section later.
          </p>
          <div>
            <Button size="lg" onClick={() => publish.mutate(true)} loading={publish.isPending}>
              <Send aria-hidden="true" className="size-4" />
              Publish my profile
            </Button>
          </div>
        </>
      )}
      {publish.isError ? <FormAlert>{errorMessage(publish.error)}</FormAlert> : null}
    </Card>
  );
}

/** `/roster-review`: after claiming a roster profile, each pre-filled section with its source, then publish (issue 37 item 4). */
export function RosterReviewPage() {
  const review = useRosterReview();
  const { confirmed, toggle } = useConfirmed('vitae.roster-review.confirmed');
  return (
    <div className="space-y-6">
      <PageHeader
        icon={ClipboardCheck}
        eyebrow={review.data ? review.data.hospitalName : undefined}
        title="Review your profile"
        description={
          isApiError(review.error, 404) ? (
            <p>A profile your hospital made from its roster is reviewed here before it is published.</p>
          ) : (
            <p>Your hospital filled in what it could. Check each section: mark what looks right, edit what does not, then publish.</p>
          )
        }
      />
      {review.isPending ? (
        <div className="flex justify-center py-12" role="status" aria-label="Loading your profile">
          <Spinner />
        </div>
      ) : isApiError(review.error, 404) ? (
        // A provider who signed up alone has no roster profile: not a fault, just nothing to do here.
        <Card className="space-y-3 p-5 text-sm text-gray-700">
          <p>{errorMessage(review.error)}</p>
          <Link to="/dashboard" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
            Go to your dashboard
          </Link>
        </Card>
      ) : review.isError ? (
        <FormAlert title="Your review could not be loaded">
          <p>{errorMessage(review.error)}</p>
        </FormAlert>
      ) : (
        <>
          <Card className="overflow-hidden p-0">
            <ul className="divide-y divide-gray-100">
              {review.data.sections.map((section) => (
                <SectionRow
                  key={section.sectionId}
                  section={section}
                  confirmed={confirmed.includes(section.sectionId)}
                  onToggle={() => toggle(section.sectionId)}
                />
              ))}
            </ul>
          </Card>
          <PublishPanel review={review.data} />
        </>
      )}
    </div>
  );
}

export { RosterReviewPage as Component };
