import { Download } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { formatNumber } from '@web/lib/console-format';

/** A download link for a server-made CSV template (same-origin, so the admin session cookie goes along). */
export function TemplateDownloadLink({ href, fileName, children = 'Download template' }: { href: string; fileName: string; children?: ReactNode }) {
  return (
    <a href={href} download={fileName} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}

/** The largest CSV read in the browser; the server's own upload limit is 10 MB. */
export const CSV_MAX_BYTES = 10 * 1_048_576;

export function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv' || file.type === 'application/vnd.ms-excel';
}

/** The file's text, or a reason it cannot be used. */
export async function readCsvFile(file: File): Promise<{ text: string } | { error: string }> {
  if (!isCsvFile(file)) return { error: `“${file.name}” is not a CSV file. Save the spreadsheet as CSV (comma-separated) and try again.` };
  if (file.size === 0) return { error: `“${file.name}” is empty.` };
  if (file.size > CSV_MAX_BYTES) return { error: `“${file.name}” is too large (at most 10 MB).` };
  return { text: await readText(file) };
}

/** The file as text (UTF-8); FileReader where Blob.text is missing. */
export function readText(file: Blob): Promise<string> {
  if (typeof file.text === 'function') return file.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** A scrollable list of problems, one per line ("Line 7: …", "Name: …"), with a count. */
export function ErrorReport({ title, errors, total, className }: { title: ReactNode; errors: readonly string[]; total?: number; className?: string }) {
  const count = total ?? errors.length;
  return (
    <div role="alert" className={cn('rounded-xl bg-red-50 px-4 py-3 text-sm text-red-900 ring-1 ring-red-200 ring-inset', className)}>
      <p className="font-semibold">{title}</p>
      <ul className="mt-2 max-h-56 list-disc space-y-1 overflow-y-auto pl-5 leading-5" aria-label="Problems found">
        {errors.map((error, index) => (
          <li key={`${index}-${error}`} className="break-words">
            {error}
          </li>
        ))}
      </ul>
      {count > errors.length ? <p className="mt-2 text-xs">… and {formatNumber(count - errors.length)} more.</p> : null}
    </div>
  );
}
