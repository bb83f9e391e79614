import { z } from 'zod';
import { isCommonPassword } from '../common-passwords';
import { NPI_FORMAT_MESSAGE, isValidNpi } from '../npi';
import { EMAIL_PATTERN, optionalText } from './fields';

// Where the e-mail rule was first written; it lives with the other shared field rules now.
export { EMAIL_PATTERN } from './fields';

export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email format is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  passwordCommon: 'This password is too common. Please choose a less predictable one.',
  passwordsDiffer: 'Passwords do not match',
  invalidCredentials: 'Invalid email or password',
  adminAccount: 'This is an administrator account. Please sign in on the administrator sign-in page.',
  magicLinkFailed: 'Failed to send magic link',
  emailTaken: 'An account with this email already exists. Please sign in instead or use the forgot password option.',
  /** Sign-up to a hospital whose data source maps fields (profile spec §5 and §8). */
  emailTakenWithFieldMappings: 'An account with this email already exists. Please use a different email or log in with your existing account.',
  hospitalNotFound: 'Hospital not found',
  fullNameRequired: 'Full name is required',
  jobTitleRequired: 'Job title is required',
  termsRequired: 'Please accept the Terms of Service to continue',
  privacyRequired: 'Please accept the Privacy Policy to continue',
  consentRequired: 'Please accept the Terms of Service and the Privacy Policy to continue',
  npiTaken: 'This NPI number is already registered to another account.',
  sessionNotEstablished: (reason: string) => `Account created but failed to establish session: ${reason}`,
  profileSetupFailed: 'Failed to complete profile setup. Please try signing up again.',
  accountSetupFailed: 'Failed to complete account setup. Please contact support or try signing up again.',
  notAuthenticated: 'User not authenticated',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  currentPasswordWrong: 'Your current password is incorrect',
  /** A voluntary change by an account that only ever signed in by magic link: there is no current password to give. */
  noPasswordYet: 'You have not set a password yet. Please set one without a current password.',
  emailAlreadyVerified: 'Your email address is already verified.',
  useAdminLogin: 'This e-mail belongs to an administrator account. Please sign in through the admin login.',
} as const;

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .regex(EMAIL_PATTERN, AUTH_MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRequired })
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(8, AUTH_MESSAGES.passwordTooShort)
  .max(128, AUTH_MESSAGES.passwordTooLong)
  .refine((password) => !isCommonPassword(password), AUTH_MESSAGES.passwordCommon);

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: AUTH_MESSAGES.passwordRequired }).min(1, AUTH_MESSAGES.passwordRequired),
  rememberMe: z.boolean().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;

/**
 * Sign-out is global by default (access spec §7). The inactivity timer ends only its own session
 * ('local'): a browser left idle must not sign the person out on the device they are using.
 */
export const signOutSchema = z.object({ scope: z.enum(['global', 'local']).default('global') });

export const magicLinkRequestSchema = z.object({ email: emailSchema });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, AUTH_MESSAGES.resetLinkInvalid).max(512),
  newPassword: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(128),
  newPassword: newPasswordSchema,
  revokeOtherSessions: z.boolean().default(true),
});

export const callbackSchema = z.object({
  token_hash: z.string().trim().min(1).max(512),
  type: z.enum(['magiclink', 'email']),
  admin: z.boolean().default(false),
});

/** Optional text the sign-up metadata leaves out when not given (absent, not null). */
const optionalDetail = (max: number) => optionalText(max, `Must be at most ${max} characters`).transform((value) => value ?? undefined);

/** Step 1 of /unified-signup: the account and the agreements. */
export const signUpAccountSchema = z
  .object({
    email: emailSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
    agreedToTerms: z.boolean().refine((v) => v, AUTH_MESSAGES.termsRequired),
    agreedToPrivacy: z.boolean().refine((v) => v, AUTH_MESSAGES.privacyRequired),
  })
  .refine((value) => value.password === value.confirmPassword, { path: ['confirmPassword'], error: AUTH_MESSAGES.passwordsDiffer });

/** Step 2: professional details; the NPI is optional but, when given, must be valid. */
export const signUpProfessionalSchema = z.object({
  fullName: z.string({ error: AUTH_MESSAGES.fullNameRequired }).trim().min(1, AUTH_MESSAGES.fullNameRequired).max(200),
  firstName: optionalDetail(100),
  lastName: optionalDetail(100),
  credential: optionalDetail(50),
  specialty: optionalDetail(200),
  jobTitle: optionalDetail(120),
  npiNumber: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.union([z.undefined(), z.string().regex(/^\d{10}$/, NPI_FORMAT_MESSAGE)]))
    .refine((value) => value === undefined || isValidNpi(value), NPI_FORMAT_MESSAGE),
  hospitalId: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.union([z.undefined(), z.uuid(AUTH_MESSAGES.hospitalNotFound)])),
});

/** What the browser sends when sign-up completes (both steps). */
export const signUpSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  agreedToTerms: z.literal(true, { error: AUTH_MESSAGES.termsRequired }),
  agreedToPrivacy: z.literal(true, { error: AUTH_MESSAGES.privacyRequired }),
  ...signUpProfessionalSchema.shape,
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** /settings: the name shown on the account (the e-mail is shown, not edited). */
export const updateAccountSchema = z.object({
  fullName: z.string({ error: AUTH_MESSAGES.fullNameRequired }).trim().min(1, AUTH_MESSAGES.fullNameRequired).max(200),
});
