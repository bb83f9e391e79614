import type { NpiRecord } from '../../../shared/npi';

export type { NpiRecord };

/** Where provider identity comes from when a hospital's data source is the national registry. */
export interface NpiRegistry {
  /** The provider with this (already validated) NPI, or null when the registry has no individual with it. */
  lookup(npi: string): Promise<NpiRecord | null>;
}

export const NPI_REGISTRY_MESSAGES = {
  unavailable: 'The NPI registry is not responding. Please try again later.',
  invalidResponse: 'The NPI registry returned an unexpected response',
  organization: 'This NPI belongs to an organization (NPI-2), not an individual provider. Please enter your own individual NPI.',
} as const;

/**
 * Why a lookup could not be answered: `unavailable` (timeout, network, non-OK status), `rejected`
 * (NPPES answered 200 with its `Errors` envelope), `invalid_response` (not JSON, or not NPPES's shape) or
 * `organization` (the number is an organization's NPI-2, which cannot hold a provider profile).
 * `message` is safe to show to users.
 */
export type NpiRegistryFailure = 'unavailable' | 'rejected' | 'invalid_response' | 'organization';

export class NpiRegistryError extends Error {
  constructor(
    readonly kind: NpiRegistryFailure,
    message: string,
    readonly upstreamStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'NpiRegistryError';
  }
}

export function isNpiRegistryError(error: unknown): error is NpiRegistryError {
  return error instanceof NpiRegistryError;
}
