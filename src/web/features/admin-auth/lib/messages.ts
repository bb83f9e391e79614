/** Texts of the admin sign-in pages that are ours rather than the spec catalogue's. */
export const SIGNED_OUT_MESSAGE = 'You have been signed out.';
export const PASSWORD_SET_MESSAGE = 'Password set. Sign in with a magic link.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
export const FIRST_PASSWORD_SET_MESSAGE = 'Your password has been set.';
export const PASSWORD_RULES_HINT = 'At least 8 characters. Avoid common passwords; a short sentence is easy to remember and hard to guess.';
