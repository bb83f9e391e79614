/**
 * The database schema: every table and its relations. drizzle-kit reads this file to generate
 * migrations, and the database client passes it to drizzle() for relational queries.
 * Column names are snake_case in SQL (casing: 'snake_case') and camelCase in TypeScript.
 */
export * from './auth';
export * from './users';
export * from './hospitals';
export * from './profile';
export * from './profile-extras';
export * from './taxonomy';
export * from './expertise-terms';
export * from './reference';
export * from './admin';
export * from './help';
export * from './prompt-templates';
export * from './brand';
export * from './discovery';
export * from './notifications';
export * from './feedback';
export * from './integrations';
export * from './audit';
export * from './jobs';
export * from './appointments';
export * from './roster';
export * from './public-views';
export * from './relations';
