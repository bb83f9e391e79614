import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One record per line, so a regenerated file diffs as added and removed records. */
export function toJsonLines(records: readonly unknown[]): string {
  if (records.length === 0) return '[]\n';
  return `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

export class OutputDir {
  private readonly written: Array<{ file: string; records: number | null; bytes: number }> = [];

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  writeRecords(file: string, records: readonly unknown[]): void {
    this.writeText(file, toJsonLines(records), records.length);
  }

  writeText(file: string, text: string, records: number | null = null): void {
    const path = join(this.dir, file);
    writeFileSync(path, text);
    this.written.push({ file, records, bytes: statSync(path).size });
  }

  summary(): string {
    const total = this.written.reduce((sum, w) => sum + w.bytes, 0);
    const lines = this.written.map((w) => `  ${w.file.padEnd(28)} ${w.records === null ? '' : `${w.records} records, `}${(w.bytes / 1024).toFixed(0)} KiB`);
    return [...lines, `  total ${(total / 1024 / 1024).toFixed(2)} MiB`].join('\n');
  }

  totalBytes(): number {
    return this.written.reduce((sum, w) => sum + w.bytes, 0);
  }
}
