import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lowerEventLoopPriority } from './thread-priority';

const moduleUrl = new URL('./thread-priority.ts', import.meta.url).href;

/** In a process of its own (the test runner's threads stay as they are): lowers the loop's priority, then reads every thread's nice value. */
function niceValuesAfter(nice: number) {
  const code = `
    import { readdirSync, readFileSync } from 'node:fs';
    const { lowerEventLoopPriority } = await import(${JSON.stringify(moduleUrl)});
    const lowered = await lowerEventLoopPriority(${nice});
    const niceOf = (tid) => Number(readFileSync('/proc/self/task/' + tid + '/stat', 'utf8').split(') ')[1].split(' ')[16]);
    const others = readdirSync('/proc/self/task').filter((tid) => Number(tid) !== process.pid).map(niceOf);
    console.log(JSON.stringify({ lowered, main: niceOf(process.pid), others }));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { lowered: { from: number; to: number } | null; main: number; others: number[] };
}

describe.runIf(process.platform === 'linux')('the event loop below the thread pool (decision 0039)', () => {
  it("lowers the loop's thread only: the pool's threads, where hashes run, keep the process's priority", () => {
    const { lowered, main, others } = niceValuesAfter(5);
    expect(lowered).not.toBeNull();
    expect(lowered!.to - lowered!.from).toBe(5);
    expect(main).toBe(lowered!.to);
    // libuv's pool (4 threads by default) started before the change.
    expect(others.filter((nice) => nice === lowered!.from).length).toBeGreaterThanOrEqual(4);
    expect(others).not.toContain(lowered!.to);
  });

  it('does nothing when turned off', () => {
    const { lowered, main, others } = niceValuesAfter(0);
    expect(lowered).toBeNull();
    expect(others.every((nice) => nice === main)).toBe(true);
  });
});

describe('elsewhere', () => {
  it('leaves a platform whose nice values are per process alone', async () => {
    expect(await lowerEventLoopPriority(5, 'darwin')).toBeNull();
  });
});
