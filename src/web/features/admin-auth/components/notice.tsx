// Moved to @web/components/ui/notice (issue 38 item 3); this re-export goes once no one imports it.
export * from '@web/components/ui/notice';
