import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';

/** A titled card for one part of a settings page. */
export function SectionCard({
  title,
  description,
  actions,
  children,
  className,
  id,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <Card className={cn('p-5 sm:p-6', className)}>
      <section aria-labelledby={headingId}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold text-gray-900">
              {title}
            </h2>
            {description ? <div className="mt-1 text-sm leading-6 text-gray-600">{description}</div> : null}
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
        </div>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

/** Save / discard at the foot of a form, kept in view while the form is long. */
export function FormActions({
  dirty,
  pending,
  onDiscard,
  saveLabel = 'Save changes',
  note,
}: {
  dirty: boolean;
  pending: boolean;
  onDiscard: () => void;
  saveLabel?: string;
  note?: ReactNode;
}) {
  return (
    // Kept in view only while there is something to save.
    <div
      className={cn(
        'z-10 flex flex-col gap-3 rounded-xl border border-gray-200 bg-white/95 px-4 py-3 shadow-sm backdrop-blur sm:flex-row sm:items-center sm:justify-between',
        dirty && 'sticky bottom-2 border-brand-200 ring-1 ring-brand-100',
      )}
    >
      <p className="text-sm text-gray-600" aria-live="polite">
        {note ?? (dirty ? 'You have unsaved changes.' : 'No unsaved changes.')}
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        <Button variant="ghost" onClick={onDiscard} disabled={!dirty || pending}>
          Discard changes
        </Button>
        <Button type="submit" loading={pending}>
          {saveLabel}
        </Button>
      </div>
    </div>
  );
}
