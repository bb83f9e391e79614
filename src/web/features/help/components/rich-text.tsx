// Moved to @web/components/help/rich-text (issue 38 item 3); this re-export goes once no one imports it.
export * from '@web/components/help/rich-text';
