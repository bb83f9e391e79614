// Moved to @web/components/form/checkbox-field (issue 38 item 3); this re-export goes once no one imports it.
export * from '@web/components/form/checkbox-field';
