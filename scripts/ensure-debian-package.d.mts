export function ensureDebianPackage(options: { path: string; pkg: string; purpose: string }): string;
