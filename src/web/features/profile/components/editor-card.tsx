import { CircleCheck, CircleDot, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { cn } from '@web/lib/cn';
import type { SectionEditor } from '../hooks/use-section-editor';
import { formatRelative } from '@web/lib/profile-format';
import { FormAlert } from './fields';

interface EditorCardProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  editor: SectionEditor;
  /** The Save button's text, e.g. "Save languages". */
  saveLabel: string;
  children: ReactNode;
  /** Extra content at the top right of the card (e.g. "Refresh from registry"). */
  headerAction?: ReactNode;
  className?: string;
}

/** One section form in a card: title, the fields, a form-level alert and a sticky save bar. */
export function EditorCard({ title, description, icon: Icon, editor, saveLabel, children, headerAction, className }: EditorCardProps) {
  const headingId = useId();
  const saved = formatRelative(editor.updatedAt);
  return (
    <form noValidate onSubmit={(event) => void editor.onSubmit(event)} aria-labelledby={headingId} className={className}>
      <Card>
        <div className="flex flex-col gap-3 border-b border-gray-100 p-5 sm:flex-row sm:items-start sm:justify-between sm:p-6">
          <div className="flex min-w-0 gap-3">
            {Icon ? (
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                <Icon aria-hidden="true" className="size-4.5" />
              </span>
            ) : null}
            <div className="min-w-0">
              <h2 id={headingId} className="text-lg font-semibold tracking-tight text-gray-900">
                {title}
              </h2>
              {description ? <div className="mt-1 text-sm leading-6 text-gray-600">{description}</div> : null}
            </div>
          </div>
          {headerAction ? <div className="shrink-0">{headerAction}</div> : null}
        </div>

        <div className="space-y-6 p-5 sm:p-6">
          {editor.formError ? <FormAlert title="Not saved">{editor.formError}</FormAlert> : null}
          {children}
        </div>

        <div className="flex flex-col gap-3 rounded-b-2xl border-t border-gray-100 bg-gray-50/70 px-5 py-3.5 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p className={cn('flex items-center gap-2 text-sm', editor.isDirty ? 'font-medium text-coral-700' : 'text-gray-600')} aria-live="polite">
            {editor.isDirty ? (
              <>
                <CircleDot aria-hidden="true" className="size-4" />
                Unsaved changes
              </>
            ) : (
              <>
                <CircleCheck aria-hidden="true" className="size-4 text-emerald-600" />
                {saved ? `Saved ${saved}` : 'Nothing saved yet'}
              </>
            )}
          </p>
          <Button type="submit" loading={editor.saving} className="w-full sm:w-auto">
            {saveLabel}
          </Button>
        </div>
      </Card>
    </form>
  );
}
