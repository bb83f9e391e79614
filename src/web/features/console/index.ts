// The feature's public entry (issue 38 item 3): what other features may import from it.
export * from './components/hospital-select';
export * from './hospitals/api/hospitals';
export * from './components/pagination';
export * from './components/scope-select';
export * from './components/console-table';
export * from './components/confirm-dialog';
export * from './components/section-card';
export * from './components/query-states';
export * from './api/get-hospital-options';
