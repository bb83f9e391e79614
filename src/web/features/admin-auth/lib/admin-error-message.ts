// Moved to @web/lib/admin-error-message (issue 38 item 3); this re-export goes once no one imports it.
export * from '@web/lib/admin-error-message';
