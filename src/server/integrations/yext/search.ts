import { YEXT_DEFAULTS, entityTypeOf, isYextError, type YextClient, type YextEntity, type YextHost } from './types';

export type ProviderSearchStrategy = 'entity_id' | 'npi_filter' | 'entity_ids' | 'broad_filter';

export interface ProviderSearchResult {
  entities: YextEntity[];
  /** The strategy that found them; null when none did. */
  strategy: ProviderSearchStrategy | null;
  /** Earlier strategies that failed (their errors are not fatal). */
  failures: Array<{ strategy: ProviderSearchStrategy; message: string }>;
}

/** Healthcare professionals first: an NPI match on another entity type is the weaker answer. */
const preferProfessionals = (entities: YextEntity[]) =>
  [...entities].sort((a, b) => Number(entityTypeOf(b) === 'healthcareProfessional') - Number(entityTypeOf(a) === 'healthcareProfessional'));

/**
 * Provider lookup by NPI (profile spec §4): direct entity id (skipped with a content endpoint),
 * `filter` npi $eq, the `entityIds` parameter, then a broad filter. The first strategy with entities
 * wins; failures of the first three only move on, the last one's failure is the answer.
 */
export async function findProvidersByNpi(client: YextClient, npi: string): Promise<ProviderSearchResult> {
  const failures: ProviderSearchResult['failures'] = [];
  const attempt = async (strategy: ProviderSearchStrategy, run: () => Promise<YextEntity[]>) => {
    try {
      const entities = await run();
      return entities.length > 0 ? preferProfessionals(entities) : null;
    } catch (error) {
      // A refused key fails every strategy the same way; asking three more times only adds load.
      if (isYextError(error) && error.kind === 'auth') throw error;
      failures.push({ strategy, message: error instanceof Error ? error.message : String(error) });
      return null;
    }
  };

  if (!client.hasContentEndpoint) {
    const found = await attempt('entity_id', async () => {
      const entity = await client.getEntity(npi);
      return entity ? [entity] : [];
    });
    if (found) return { entities: found, strategy: 'entity_id', failures };
  }
  const byFilter = await attempt(
    'npi_filter',
    async () => (await client.listProviders({ filter: { npi: { $eq: npi } }, limit: YEXT_DEFAULTS.pageSize })).entities,
  );
  if (byFilter) return { entities: byFilter, strategy: 'npi_filter', failures };

  const byIds = await attempt('entity_ids', async () => (await client.listProviders({ entityIds: npi, limit: YEXT_DEFAULTS.pageSize })).entities);
  if (byIds) return { entities: byIds, strategy: 'entity_ids', failures };

  const broad = await client.listProviders({
    filter: { $or: [{ npi: { $eq: npi } }, { entityId: { $eq: npi } }, { name: { $contains: npi } }] },
    limit: YEXT_DEFAULTS.pageSize,
  });
  return { entities: preferProfessionals(broad.entities), strategy: broad.entities.length > 0 ? 'broad_filter' : null, failures };
}

export type KeyValidationVia = 'basic' | 'healthcare_professional' | 'sandbox';

export interface KeyValidationResult {
  valid: boolean;
  /** The fallback that accepted the key; null when none did. */
  via: KeyValidationVia | null;
  /** The host later calls should use: the sandbox when only the sandbox accepted the key. */
  host: YextHost | null;
  attempts: Array<{ via: KeyValidationVia; ok: boolean; message?: string }>;
}

/**
 * Key validation with the spec's fallbacks in order: a one-entity query, the same restricted to
 * healthcare professionals, the same against the sandbox host. Invalid when all three fail.
 */
export async function validateYextKey(production: YextClient, sandbox: YextClient): Promise<KeyValidationResult> {
  const attempts: KeyValidationResult['attempts'] = [];
  const steps: Array<{ via: KeyValidationVia; client: YextClient; entityTypes?: string }> = [
    { via: 'basic', client: production },
    { via: 'healthcare_professional', client: production, entityTypes: 'healthcareProfessional' },
    { via: 'sandbox', client: sandbox, entityTypes: 'healthcareProfessional' },
  ];
  for (const step of steps) {
    try {
      await step.client.listEntities({ limit: 1, ...(step.entityTypes ? { entityTypes: step.entityTypes } : {}) });
      attempts.push({ via: step.via, ok: true });
      return { valid: true, via: step.via, host: step.client.host, attempts };
    } catch (error) {
      attempts.push({ via: step.via, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return { valid: false, via: null, host: null, attempts };
}
