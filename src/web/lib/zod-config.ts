import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the CSP (no 'unsafe-eval') forbids
// that, and the attempt alone is reported as a violation. Imported first by main.tsx, so it applies
// before any schema is defined.
z.config({ jitless: true });
