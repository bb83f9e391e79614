export { createNppesRegistry, mapNppesResult, parseNppesResponse, NPPES_API_VERSION, NPPES_DEFAULT_URL, type NppesRegistryOptions } from './nppes';
export { NPI_REGISTRY_MESSAGES, NpiRegistryError, isNpiRegistryError, type NpiRecord, type NpiRegistry, type NpiRegistryFailure } from './types';
