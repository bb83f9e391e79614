export * from './client';
export * from './rate-limiter';
export * from './search';
