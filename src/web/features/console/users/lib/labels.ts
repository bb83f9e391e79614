import type { UserStatus, UserTier } from '@shared/enums';

export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', pending: 'Pending', unclaimed: 'Not claimed yet' };
export const USER_TIER_LABELS: Record<UserTier, string> = { alpha: 'Alpha', beta: 'Beta', standard: 'Standard' };

export function displayName(user: { fullName: string | null; email: string }): string {
  return user.fullName?.trim() || user.email;
}
