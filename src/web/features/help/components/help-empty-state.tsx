import { LifeBuoy } from 'lucide-react';
import type { ReactNode } from 'react';

export function HelpEmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-2xl border border-dashed border-gray-300 bg-white px-6 py-14 text-center">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
        <LifeBuoy aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-gray-900">{title}</h2>
      <div className="mx-auto mt-2 max-w-md text-sm leading-6 text-gray-600">{children}</div>
    </div>
  );
}
