import { BadgeCheck, Check, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from 'sonner';
import type { DirectoryStatus } from '@shared/enums';
import { IDENTITY_CHECK_TEXT } from '@shared/schemas/directory';
import type { AdminNpiClaimView, NpiClaimStatus } from '@shared/schemas/npi-claims';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { serverMessage } from '@web/lib/admin-error-message';
import { EmptyState, ErrorPanel, LoadingPanel } from '../components/query-states';
import { SectionCard } from '../components/section-card';
import { formatDateTime } from '@web/lib/console-format';
import { useConsoleAdmin } from '../lib/use-console-admin';
import { useDecideNpiClaim, useNpiClaims } from './api';

const TABS: ReadonlyArray<{ status: NpiClaimStatus; label: string }> = [
  { status: 'open', label: 'Waiting' },
  { status: 'granted', label: 'Granted' },
  { status: 'refused', label: 'Refused' },
];

const LISTING_WORDS: Record<DirectoryStatus, string> = {
  draft: 'never asked',
  pending: 'waiting for approval',
  published: 'public',
  withdrawn: 'withdrawn',
  removed: 'taken down',
};

/** One side of a claim: the name against the registry's, the confirmed address, the hospital. */
function Side({ title, person }: { title: string; person: AdminNpiClaimView['evidence']['claimant'] & { email?: string; listing?: string | null } }) {
  const matches = person.nameCheck === 'match';
  return (
    <div className="min-w-0 rounded-lg border border-gray-200 p-3">
      <p className="text-xs font-medium text-gray-500 uppercase">{title}</p>
      <p className="font-medium text-gray-900">{person.name}</p>
      {person.email ? <p className="text-sm break-all text-gray-600">{person.email}</p> : null}
      <ul className="mt-2 space-y-1 text-sm">
        <li className={matches ? 'text-green-800' : 'text-coral-800'}>{IDENTITY_CHECK_TEXT[person.nameCheck]}</li>
        <li className="text-gray-700">{person.emailConfirmed ? 'E-mail address confirmed' : 'E-mail address not confirmed'}</li>
        <li className="text-gray-700">{person.hospital ? `At ${person.hospital}` : 'No hospital'}</li>
        {person.listing ? <li className="text-gray-700">Public listing: {LISTING_WORDS[person.listing as DirectoryStatus] ?? person.listing}</li> : null}
      </ul>
    </div>
  );
}

function ClaimItem({ claim }: { claim: AdminNpiClaimView }) {
  const decide = useDecideNpiClaim();
  const [note, setNote] = useState('');
  const noteId = useId();
  const act = (decision: 'grant' | 'refuse') =>
    decide.mutate(
      { id: claim.id, decision, note },
      {
        onSuccess: () => toast.success(decision === 'grant' ? `NPI ${claim.npiNumber} moved to ${claim.claimant.name}` : 'The claim was refused'),
        onError: (error) => toast.error('The claim could not be decided', { description: serverMessage(error, 'Please try again.') }),
      },
    );
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-gray-900">
          NPI {claim.npiNumber}
          <span className="ml-2 text-sm font-normal text-gray-600">
            {claim.evidence.registryName
              ? `The registry says “${claim.evidence.registryName}”`
              : claim.evidence.registry === 'not_found'
                ? 'The registry has no individual with this NPI'
                : 'The registry could not be reached'}
          </span>
        </p>
        <span className="text-sm text-gray-600">Claimed {formatDateTime(claim.createdAt)}</span>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <Side title="Claims it" person={{ ...claim.evidence.claimant, email: claim.claimant.email }} />
        {claim.evidence.holder ? (
          <Side title="Holds it" person={{ ...claim.evidence.holder, email: claim.holder?.email }} />
        ) : (
          <p className="text-sm text-gray-600">The account that held it is gone.</p>
        )}
      </div>
      {claim.note ? <p className="text-sm text-gray-700">Their note: {claim.note}</p> : null}
      {claim.status === 'open' ? (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex w-full flex-col gap-1 sm:w-96">
            <label htmlFor={noteId} className="text-sm font-medium text-gray-800">
              Note for the claimant (optional)
            </label>
            <input
              id={noteId}
              className="h-10 rounded-lg border border-gray-300 px-3 text-sm"
              maxLength={1000}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
          <div className="flex gap-2">
            <Button onClick={() => act('grant')} loading={decide.isPending} aria-label={`Grant NPI ${claim.npiNumber} to ${claim.claimant.name}`}>
              <Check aria-hidden="true" className="size-4" />
              Grant
            </Button>
            <Button variant="outline" onClick={() => act('refuse')} disabled={decide.isPending} aria-label={`Refuse the claim to NPI ${claim.npiNumber}`}>
              <X aria-hidden="true" className="size-4" />
              Refuse
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-gray-700">
          <Badge variant={claim.status === 'granted' ? 'success' : 'gray'}>{claim.status === 'granted' ? 'Granted' : 'Refused'}</Badge>
          <span className="ml-2">
            by {claim.decidedBy}
            {claim.decidedAt ? `, ${formatDateTime(claim.decidedAt)}` : ''}
            {claim.decisionNote ? `: ${claim.decisionNote}` : ''}
          </span>
        </p>
      )}
    </li>
  );
}

/** The system administrators' queue of NPI claims (decision 0020). */
export function NpiClaimsPage() {
  const actor = useConsoleAdmin();
  const [status, setStatus] = useState<NpiClaimStatus>('open');
  const claims = useNpiClaims(status);
  if (!actor) return null;
  if (actor.role !== 'system_admin') return <Navigate to="/system-admin" replace />;

  let body;
  if (claims.isPending) body = <LoadingPanel label="Loading the claims" />;
  else if (claims.isError) body = <ErrorPanel title="The claims could not be loaded." error={claims.error} onRetry={() => void claims.refetch()} />;
  else if (claims.data.items.length === 0) body = <EmptyState>{status === 'open' ? 'No claim is waiting.' : 'None yet.'}</EmptyState>;
  else
    body = (
      <ul className="divide-y divide-gray-100" aria-label="NPI claims">
        {claims.data.items.map((claim) => (
          <ClaimItem key={claim.id} claim={claim} />
        ))}
      </ul>
    );

  return (
    <div className="space-y-6">
      <PageHeader
        icon={BadgeCheck}
        title="NPI claims"
        description={
          <p>Clinicians who say another account holds their NPI. Granting moves the number to them and takes the other account’s public listing down.</p>
        }
      />
      <div role="group" aria-label="Show claims" className="flex flex-wrap gap-2">
        {TABS.map((tab) => (
          <Button
            key={tab.status}
            size="sm"
            variant={status === tab.status ? 'primary' : 'outline'}
            aria-pressed={status === tab.status}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </Button>
        ))}
      </div>
      <SectionCard title={TABS.find((tab) => tab.status === status)!.label}>{body}</SectionCard>
    </div>
  );
}

export { NpiClaimsPage as Component };
