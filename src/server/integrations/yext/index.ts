export { createYextClient, type YextClientOptions } from './client';
export {
  findProvidersByNpi,
  validateYextKey,
  type KeyValidationResult,
  type KeyValidationVia,
  type ProviderSearchResult,
  type ProviderSearchStrategy,
} from './search';
export {
  YEXT_AUTH_ERROR_CODES,
  YEXT_DEFAULTS,
  YEXT_DEFAULT_OFFSET_CAP,
  YEXT_MESSAGES,
  YEXT_OFFSET_CAPS,
  YextError,
  entityIdOf,
  entityTypeOf,
  isYextError,
  offsetCapFor,
  type YextClient,
  type YextEntity,
  type YextFailure,
  type YextHost,
  type YextListParams,
  type YextListResult,
} from './types';
