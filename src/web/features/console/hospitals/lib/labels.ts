import type { DataSource, ExpertiseTermsScope } from '@shared/enums';

export const DATA_SOURCE_LABELS: Record<DataSource, string> = {
  npi_registry: 'NPI Registry',
  yext: 'Yext',
};

export const DATA_SOURCE_HINTS: Record<DataSource, string> = {
  npi_registry: 'Providers are looked up in the national NPI registry by their 10-digit NPI.',
  yext: 'Providers, locations and expertise terms come from the hospital’s Yext account.',
};

export const TERMS_SCOPE_LABELS: Record<ExpertiseTermsScope, string> = {
  own_plus_defaults: 'Own terms plus the defaults',
  own_only: 'Own terms only',
};

export const TERMS_SCOPE_HINTS: Record<ExpertiseTermsScope, string> = {
  own_plus_defaults: 'Providers see this hospital’s terms and the 13,000+ standard terms together; a term the hospital has replaces the standard one.',
  own_only: 'Providers see only this hospital’s terms (for a complete catalogue, copied or synced).',
};
