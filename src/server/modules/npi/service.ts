import { NPI_NOT_FOUND_MESSAGE, isValidNpi, toNpiSearchItem, type NpiRecord, type NpiSearchItem } from '../../../shared/npi';
import { isNpiRegistryError, type NpiRegistry } from '../../integrations/npi-registry';
import { AppError } from '../../lib/app-error';

export const NPI_ERROR_CODES = {
  notFound: 'NPI_NOT_FOUND',
  organization: 'NPI_ORGANIZATION',
  registry: 'NPI_REGISTRY_ERROR',
} as const;

/** Registry failures become 502s with the registry's user-facing text; anything else is a bug and stays one. */
export function toNpiAppError(error: unknown): unknown {
  if (isNpiRegistryError(error)) {
    // An organization's number is the user's mistake, not the registry's failure.
    if (error.kind === 'organization') return new AppError(NPI_ERROR_CODES.organization, 422, error.message);
    return new AppError(NPI_ERROR_CODES.registry, 502, error.message);
  }
  return error;
}

/** The record for a validated NPI; 404 NPI_NOT_FOUND or 502 NPI_REGISTRY_ERROR otherwise. Reused by sign-up. */
export async function lookupNpiRecord(registry: NpiRegistry, npi: string, onRegistryError: (error: unknown) => void = () => {}): Promise<NpiRecord> {
  let record: NpiRecord | null;
  try {
    record = await registry.lookup(npi);
  } catch (error) {
    if (isNpiRegistryError(error) && error.kind !== 'organization') onRegistryError(error);
    throw toNpiAppError(error);
  }
  if (!record) throw new AppError(NPI_ERROR_CODES.notFound, 404, NPI_NOT_FOUND_MESSAGE);
  return record;
}

/**
 * Search as the spec defines it: only a valid 10-digit NPI is looked up; names return nothing, and a
 * registry failure yields an empty list (the caller is told through `onRegistryError`, e.g. to log it).
 */
export async function searchNpi(
  registry: NpiRegistry,
  query: string | undefined,
  onRegistryError: (error: unknown) => void = () => {},
): Promise<NpiSearchItem[]> {
  const npi = query?.trim() ?? '';
  if (!isValidNpi(npi)) return [];
  try {
    const record = await registry.lookup(npi);
    return record ? [toNpiSearchItem(record)] : [];
  } catch (error) {
    if (!isNpiRegistryError(error)) throw error;
    onRegistryError(error);
    return [];
  }
}
