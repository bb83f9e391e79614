// Moved to @web/lib/hospital-options (issue 38 item 3); this re-export goes once no one imports it.
export * from '@web/lib/hospital-options';
