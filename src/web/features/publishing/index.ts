// The feature's public entry (issue 38 item 3): what other features may import from it.
export * from './components/public-profile-card';
export * from './api/directory-listing';
