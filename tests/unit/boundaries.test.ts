import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type IReporterOutput } from 'dependency-cruiser';
import { describe, expect, it } from 'vitest';

// The import boundaries of `npm run lint` (.dependency-cruiser.cjs, issue 38 item 3) on a small tree
// that breaks them on purpose (tests/fixtures/boundaries): if a rule stops biting, this fails.
const require = createRequire(import.meta.url);
const config = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[]; options: Record<string, unknown> };
const fixture = fileURLToPath(new URL('../fixtures/boundaries/', import.meta.url));

describe('import boundaries', () => {
  it('refuses a feature reaching inside another and lib reaching into a feature, and allows a public entry', async () => {
    const { tsConfig: _tsConfig, ...options } = config.options;
    const result = (await cruise(['src'], {
      ...options,
      baseDir: fixture,
      validate: true,
      ruleSet: { forbidden: config.forbidden } as never,
    })) as IReporterOutput;
    const output = result.output as { summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> } };
    const violations = output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(violations).toEqual([
      'web-feature-to-other-feature: src/web/features/alpha/reaches-inside.ts -> src/web/features/beta/widget.ts',
      'web-shared-parts-to-feature: src/web/lib/helper.ts -> src/web/features/beta/index.ts',
    ]);
  });
});
