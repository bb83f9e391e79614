import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm install` on the machine's Node 20 is clean (issue T3 4/7 item 11): no package in the lock
// declares engines that leave Node 20 out (EBADENGINE), and every install script is reviewed in
// package.json's allowScripts (npm 11's install-scripts warning).

const root = join(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string }; allowScripts?: Record<string, boolean> };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; hasInstallScript?: boolean; optional?: boolean }>;
};
const installed = Object.entries(lock.packages).filter(([path]) => path.startsWith('node_modules/'));
const nameOf = (path: string) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

describe('a clean install', () => {
  it('every package in the lock runs on the oldest Node the project supports', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    expect(oldest.startsWith('20.')).toBe(true);
    const refusing = installed
      .filter(([, info]) => info.engines && !Array.isArray(info.engines) && info.engines.node && !semver.satisfies(oldest, info.engines.node))
      .map(([path, info]) => `${nameOf(path)}@${info.version} wants node ${(info.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('every install script is reviewed in allowScripts', () => {
    const scripts = [...new Set(installed.filter(([, info]) => info.hasInstallScript).map(([path]) => nameOf(path)))];
    const unreviewed = scripts.filter((name) => manifest.allowScripts?.[name] === undefined);
    expect(unreviewed).toEqual([]);
  });
});
