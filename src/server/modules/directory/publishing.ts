import type { DirectoryStatus } from '../../../shared/enums';

/**
 * The publishing state machine (decision 0020). Who may move a listing where:
 *
 * | event    | by       | from                       | to                     |
 * |----------|----------|----------------------------|------------------------|
 * | ask      | provider | draft, withdrawn, removed  | pending (published only where the hospital pre-approved its roster and the checks pass; never from removed) |
 * | withdraw | provider | pending, published         | withdrawn              |
 * | approve  | hospital | pending                    | published              |
 * | remove   | hospital | pending, published         | removed                |
 * | reset    | system   | pending, published, withdrawn | draft (the provider moved hospital: the trigger of migration 0016) |
 *
 * Anything else is no move: asking again while pending or published, withdrawing what is not public,
 * approving what nobody asked for. A takedown holds until the hospital approves a new request.
 */
export type PublishingEvent = 'ask' | 'withdraw' | 'approve' | 'remove' | 'reset';

export const PUBLISHING_TRANSITIONS: Record<PublishingEvent, { by: 'provider' | 'hospital' | 'system'; from: readonly DirectoryStatus[] }> = {
  ask: { by: 'provider', from: ['draft', 'withdrawn', 'removed'] },
  withdraw: { by: 'provider', from: ['pending', 'published'] },
  approve: { by: 'hospital', from: ['pending'] },
  remove: { by: 'hospital', from: ['pending', 'published'] },
  reset: { by: 'system', from: ['pending', 'published', 'withdrawn'] },
};

export const canMove = (event: PublishingEvent, from: DirectoryStatus) => PUBLISHING_TRANSITIONS[event].from.includes(from);

/** Where an event takes a listing; `ask` needs to know whether the hospital must approve. */
export function nextStatus(event: PublishingEvent, from: DirectoryStatus, needsApproval = true): DirectoryStatus | null {
  if (!canMove(event, from)) return null;
  switch (event) {
    case 'ask':
      return needsApproval || from === 'removed' ? 'pending' : 'published';
    case 'withdraw':
      return 'withdrawn';
    case 'approve':
      return 'published';
    case 'remove':
      return 'removed';
    case 'reset':
      return 'draft';
  }
}

/** The audit log's action for each move. */
export const PUBLISHING_AUDIT_ACTIONS: Record<PublishingEvent, string> = {
  ask: 'directory.listing_requested',
  withdraw: 'directory.listing_withdrawn',
  approve: 'directory.listing_approved',
  remove: 'directory.listing_unpublished',
  reset: 'directory.listing_reset',
};
