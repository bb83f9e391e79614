import type { users } from '../../db/schema';

type UserRow = typeof users.$inferSelect;

/** A provider account as the API answers it (the admins' lists, the provider's own profile). */
export function toUserDto(user: UserRow & { hospitalName?: string | null }) {
  return {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    firstName: user.firstName,
    lastName: user.lastName,
    jobTitle: user.jobTitle,
    organization: user.organization,
    npiNumber: user.npiNumber,
    hospitalId: user.hospitalId,
    hospitalName: user.hospitalName ?? null,
    status: user.status,
    tier: user.tier,
    emailVerified: user.emailVerified,
    profileCompletionPercentage: user.profileCompletionPercentage,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
  };
}
