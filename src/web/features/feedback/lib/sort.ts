import type { SortDirection, SortKey } from '../api/admin-feedback';

export interface SortState {
  key: SortKey;
  dir: SortDirection;
}

/** Access spec §9: newest first until the admin chooses otherwise. */
export const DEFAULT_SORT: SortState = { key: 'createdAt', dir: 'desc' };

/** Clicking the key already sorted by flips the direction; a different key starts descending. */
export function nextSort(current: SortState, key: SortKey): SortState {
  if (current.key === key) return { key, dir: current.dir === 'desc' ? 'asc' : 'desc' };
  return { key, dir: 'desc' };
}
