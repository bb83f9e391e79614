/** Addresses visitors and users can write to; shown on public pages. */
export const SUPPORT_EMAIL = 'support@vitae.health';
export const PRIVACY_EMAIL = 'privacy@vitae.health';
export const DEMO_EMAIL = 'demo@vitae.health';
