// Moved to @web/lib/query-keys (issue 38 item 3); this re-export goes once no one imports it.
export * from '@web/lib/query-keys';
