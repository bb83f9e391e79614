// Moved to @web/lib/section-server-errors (issue 38 item 3); this re-export goes once no one imports it.
export * from '@web/lib/section-server-errors';
