import { describe, expect, it } from 'vitest';
import { firstLine, playwrightFailures, vitestFailures } from '../../scripts/test-failures.mjs';

// Shapes as Vitest's and Playwright's JSON reporters write them (trimmed to the fields read).
describe('the failed tests named under the summary of `npm test`', () => {
  it('names each failed Vitest test with its file and the first line of its error, and a file that failed to load', () => {
    const report = {
      testResults: [
        {
          name: '/repo/tests/api/statement-timeout.test.ts',
          status: 'failed',
          message: '',
          assertionResults: [
            { status: 'passed', fullName: 'statement timeout defaults', failureMessages: [] },
            {
              status: 'failed',
              fullName: 'statement timeout cancels slow public reads',
              failureMessages: ['\n\u001b[31mAssertionError: expected 250 to be less than 200\u001b[39m\n    at stack'],
            },
          ],
        },
        { name: '/repo/tests/api/broken.test.ts', status: 'failed', message: 'SyntaxError: Unexpected token', assertionResults: [] },
        {
          name: '/repo/tests/api/fine.test.ts',
          status: 'passed',
          message: '',
          assertionResults: [{ status: 'passed', fullName: 'works', failureMessages: [] }],
        },
      ],
    };
    expect(vitestFailures(report, 'API tests on PostgreSQL', '/repo')).toEqual([
      'API tests on PostgreSQL: tests/api/statement-timeout.test.ts › statement timeout cancels slow public reads\n      AssertionError: expected 250 to be less than 200',
      'API tests on PostgreSQL: tests/api/broken.test.ts\n      SyntaxError: Unexpected token',
    ]);
  });

  it('names each Playwright test that failed on every attempt, with its describe blocks, and not one that passed on a retry', () => {
    const report = {
      suites: [
        {
          title: 'accounts.spec.ts',
          specs: [{ title: 'signs up', file: 'accounts.spec.ts', line: 12, tests: [{ status: 'flaky', results: [{ error: { message: 'first try' } }, {}] }] }],
          suites: [
            {
              title: 'password reset',
              specs: [
                {
                  title: 'sends the mail',
                  file: 'accounts.spec.ts',
                  line: 40,
                  tests: [
                    { status: 'unexpected', results: [{ error: { message: 'one' } }, { error: { message: '\u001b[2mError: timed out\u001b[22m\nmore' } }] },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report, 'Browser tests')).toEqual([
      'Browser tests: accounts.spec.ts:40 › password reset › sends the mail\n      Error: timed out',
    ]);
  });

  it('keeps the first non-empty line, short', () => {
    expect(firstLine(undefined)).toBe('');
    expect(firstLine(`\n\n  ${'x'.repeat(400)}\nsecond`)).toHaveLength(300);
  });
});
