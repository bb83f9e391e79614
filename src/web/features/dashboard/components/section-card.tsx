import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import type { SectionCompletion } from '@shared/profile-completion';
import { Badge } from '@web/components/ui/badge';
import { formatRelative } from '@web/lib/profile-format';
import { cn } from '@web/lib/cn';
import { useNow } from '@web/lib/use-hydrated';
import { profileSection } from '@web/lib/profile-sections';
import { StatusBadge } from './status-badge';

/** Summaries that differ from the shared ones: the biography's AI drafting is not offered yet. */
const SUMMARY_OVERRIDES: Partial<Record<SectionCompletion['sectionId'], string>> = {
  biography: 'A professional version for colleagues and a patient-friendly one.',
};

/** "Updated 5 minutes ago": its own component, so the switch to the browser's clock re-renders only this. */
function LastSaved({ iso }: { iso: string | null | undefined }) {
  const updated = formatRelative(iso, useNow());
  return updated ? `Updated ${updated}` : 'Not started';
}

/** One section on the dashboard: its status, whether the hospital requires it, when it was last saved. */
export function SectionCard({ section }: { section: SectionCompletion }) {
  const info = profileSection(section.sectionId);
  const Icon = info.icon;
  return (
    <li>
      <Link
        to={section.path}
        className={cn(
          'group flex h-full flex-col rounded-2xl border bg-white p-5 shadow-sm transition-colors hover:border-brand-300 hover:shadow-md',
          section.status === 'complete' ? 'border-gray-200' : section.isRequired ? 'border-coral-200' : 'border-gray-200',
        )}
      >
        <div className="flex items-start justify-between gap-3">
          <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <div className="flex flex-wrap justify-end gap-1.5">
            {section.isRequired ? <Badge variant="coral">Required</Badge> : null}
            <StatusBadge status={section.status} />
          </div>
        </div>
        <h3 className="mt-4 text-base font-semibold text-gray-900 group-hover:text-brand-800">{section.title}</h3>
        <p className="mt-1 flex-1 text-sm leading-6 text-gray-600">{SUMMARY_OVERRIDES[section.sectionId] ?? info.summary}</p>
        <div className="mt-4 flex items-center justify-between gap-3 border-t border-gray-100 pt-3 text-xs text-gray-600">
          <span className="inline-flex items-center gap-1.5">
            <CalendarClock aria-hidden="true" className="size-3.5" />
            <LastSaved iso={section.updatedAt} />
            {section.isStale ? <span className="font-medium text-amber-800"> · time to review</span> : null}
          </span>
          <span className="inline-flex items-center gap-1 font-semibold text-brand-700">
            {section.status === 'missing' ? 'Start' : section.status === 'complete' ? 'View' : 'Update'}
            <ArrowRight aria-hidden="true" className="size-3.5 transition-transform group-hover:translate-x-0.5" />
          </span>
        </div>
      </Link>
    </li>
  );
}
