import { describe, expect, it } from 'vitest';
import { DIRECTORY_STATUSES } from '../../../shared/enums';
import { canMove, nextStatus, PUBLISHING_TRANSITIONS, type PublishingEvent } from './publishing';

describe('the publishing state machine', () => {
  it('moves each state only where the table allows', () => {
    const table = Object.fromEntries(
      (Object.keys(PUBLISHING_TRANSITIONS) as PublishingEvent[]).map((event) => [
        event,
        Object.fromEntries(DIRECTORY_STATUSES.map((from) => [from, nextStatus(event, from, true)])),
      ]),
    );
    expect(table).toEqual({
      ask: { draft: 'pending', pending: null, published: null, withdrawn: 'pending', removed: 'pending' },
      withdraw: { draft: null, pending: 'withdrawn', published: 'withdrawn', withdrawn: null, removed: null },
      approve: { draft: null, pending: 'published', published: null, withdrawn: null, removed: null },
      remove: { draft: null, pending: 'removed', published: 'removed', withdrawn: null, removed: null },
      reset: { draft: null, pending: 'draft', published: 'draft', withdrawn: 'draft', removed: null },
    });
  });

  it('publishes at once only without approval, and never straight out of a takedown', () => {
    expect(nextStatus('ask', 'draft', false)).toBe('published');
    expect(nextStatus('ask', 'withdrawn', false)).toBe('published');
    expect(nextStatus('ask', 'removed', false)).toBe('pending');
    expect(canMove('approve', 'removed')).toBe(false);
  });
});
