// The failed tests of a stage's JSON report, one line each with the first line of the error: `npm test`
// prints them again under its summary, because CI may keep only the tail of the output.
import { relative } from 'node:path';

/** The first non-empty line of an error text, without terminal colours, at most 300 characters. */
export function firstLine(text) {
  // eslint-disable-next-line no-control-regex
  const plain = String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  return (plain.split('\n').find((line) => line.trim() !== '') ?? '').trim().slice(0, 300);
}

/** From Vitest's JSON reporter: failed tests, and files that failed before any test ran. */
export function vitestFailures(report, label, root = process.cwd()) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const path = relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${label}: ${path} › ${test.fullName}\n      ${firstLine(test.failureMessages?.[0])}`);
    }
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failures.push(`${label}: ${path}\n      ${firstLine(file.message)}`);
  }
  return failures;
}

/** From Playwright's JSON reporter: tests that failed on every attempt (retries that passed are not failures). */
export function playwrightFailures(report, label) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${label}: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}\n      ${firstLine(error)}`);
      }
    }
    // The top suites are the files; their titles are already in the location.
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const file of report.suites ?? []) walk(file, []);
  return failures;
}
