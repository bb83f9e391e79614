// The feature's public entry (issue 38 item 3): what other features may import from it.
export * from './hooks/use-end-session';
export * from './api/sign-out-everywhere';
export * from './api/update-profile';
export * from './api/change-password';
export * from './api/sign-out';
export * from './api/send-verification-email';
