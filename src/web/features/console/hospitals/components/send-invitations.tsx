import { Send } from 'lucide-react';
import type { RosterUploadDetailDto } from '@shared/schemas/roster';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { formatNumber } from '@web/lib/console-format';
import { useSendRosterInvitations } from '../api/roster-invitations';

/**
 * "Send invitations" of a pre-filled upload (issue 37 item 4): each person with a draft ready gets an
 * e-mail with their claim link. Pressed again, only those drafted since are invited.
 */
export function SendInvitations({ hospitalId, upload }: { hospitalId: string; upload: RosterUploadDetailDto }) {
  const send = useSendRosterInvitations(hospitalId);
  const drafts = upload.rows.filter((row) => row.state === 'drafted' && row.outcome === 'created').length;
  if (drafts === 0) return null;
  const result = send.data;
  return (
    <div className="flex flex-col gap-2 border-t border-gray-100 pt-3">
      <p className="text-sm text-gray-700">
        Each person with a draft ready gets an e-mail in your hospital&apos;s name with a link to claim, review and publish their profile. The link works once,
        for their address only.
      </p>
      <div>
        <Button onClick={() => send.mutate(upload.id)} loading={send.isPending}>
          <Send aria-hidden="true" className="size-4" />
          Send invitations
        </Button>
      </div>
      {result ? (
        <Notice tone="success">
          {result.invited === 0
            ? `Everyone with a draft ready is already invited (${formatNumber(result.total)}).`
            : `${formatNumber(result.invited)} ${result.invited === 1 ? 'invitation is' : 'invitations are'} being sent${result.total > result.invited ? ` (${formatNumber(result.total)} invited in all)` : ''}.`}
        </Notice>
      ) : null}
      {send.isError ? <Notice tone="error">{serverMessage(send.error, 'The invitations could not be sent.')}</Notice> : null}
    </div>
  );
}
