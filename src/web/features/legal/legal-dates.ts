export const LEGAL_UPDATED = 'November 22, 2026';
