// The feature's public entry (issue 38 item 3): what other features may import from it.
export * from './components/hospital-appointment-requests';
export * from './components/my-appointment-requests-card';
