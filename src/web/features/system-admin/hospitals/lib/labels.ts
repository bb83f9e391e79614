import type { DataSource } from '@shared/enums';

export const DATA_SOURCE_LABELS: Record<DataSource, string> = {
  npi_registry: 'NPI Registry',
  yext: 'Yext',
};

export const DATA_SOURCE_HINTS: Record<DataSource, string> = {
  npi_registry: 'Providers are looked up in the national NPI registry by their 10-digit NPI.',
  yext: 'Providers, locations and expertise terms come from the hospital’s Yext account.',
};
