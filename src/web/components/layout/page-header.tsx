import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/cn';
import { DocumentTitle } from './document-title';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  eyebrow?: ReactNode;
  actions?: ReactNode;
  className?: string;
}

/** The title block at the top of a page; also sets the tab title. */
export function PageHeader({ title, description, icon: Icon, eyebrow, actions, className }: PageHeaderProps) {
  return (
    <div className={cn('flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between', className)}>
      <DocumentTitle title={title} />
      <div className="flex min-w-0 gap-4">
        {Icon ? (
          <span className="hidden size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100 sm:inline-flex">
            <Icon aria-hidden="true" className="size-6" />
          </span>
        ) : null}
        <div className="min-w-0">
          {eyebrow ? <p className="text-sm font-semibold text-brand-700">{eyebrow}</p> : null}
          <h1 className="text-2xl font-bold tracking-tight text-balance text-gray-900 sm:text-3xl">{title}</h1>
          {description ? <div className="mt-2 max-w-3xl text-base leading-7 text-pretty text-gray-600">{description}</div> : null}
        </div>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
