import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { errorMessage } from '@web/lib/server-errors';
import { useFileNpiClaim, useMyNpiClaims } from '../api/npi-claims';

const CLAIM_STATUS = {
  open: { label: 'Waiting for a decision', variant: 'coral' },
  granted: { label: 'Granted', variant: 'success' },
  refused: { label: 'Refused', variant: 'gray' },
} as const;

/**
 * When another account holds the provider's NPI: claim it. A Vitae administrator compares the NPI
 * registry's name with both accounts and decides; granting moves the number to this profile.
 */
export function NpiClaimCard() {
  const claims = useMyNpiClaims();
  const file = useFileNpiClaim();
  const [npi, setNpi] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const npiId = useId();
  const noteId = useId();
  const errorId = useId();

  const submit = () => {
    setError(null);
    file.mutate(
      { npiNumber: npi.trim(), note: note.trim() || undefined },
      {
        onSuccess: () => {
          setNpi('');
          setNote('');
          toast.success('Your claim was sent. We will tell you when it is decided.');
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your NPI is taken?</CardTitle>
        <CardDescription>
          If another account holds your NPI, claim it here. We compare the NPI registry’s name with both accounts, and a Vitae administrator moves it to you
          when it is yours.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="space-y-1">
            <Label htmlFor={npiId}>NPI number</Label>
            <Input
              id={npiId}
              inputMode="numeric"
              autoComplete="off"
              maxLength={10}
              value={npi}
              onChange={(event) => setNpi(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={noteId}>Anything that helps (optional)</Label>
            <Input id={noteId} maxLength={1000} value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <Button type="submit" loading={file.isPending} disabled={npi.trim().length === 0}>
            {file.isPending ? null : <BadgeCheck aria-hidden="true" className="size-4" />}
            Claim this NPI
          </Button>
        </form>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {claims.data && claims.data.items.length > 0 ? (
          <ul className="divide-y divide-gray-100" aria-label="Your NPI claims">
            {claims.data.items.map((claim) => (
              <li key={claim.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  NPI {claim.npiNumber}
                  {claim.decisionNote ? <span className="block text-gray-600">{claim.decisionNote}</span> : null}
                </span>
                <Badge variant={CLAIM_STATUS[claim.status].variant}>{CLAIM_STATUS[claim.status].label}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
