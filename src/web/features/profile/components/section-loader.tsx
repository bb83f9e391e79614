import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { SECTION_READ_ERRORS, type ProfileSectionId } from '@shared/schemas/profile';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useSection } from '../api/get-section';
import type { SectionView } from '../api/types';
import { FormAlert } from './fields';

/** A card-shaped placeholder while a form's data loads. */
export function FormSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Card className="p-6" aria-busy="true">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div className="animate-pulse space-y-6 motion-reduce:animate-none" aria-hidden="true">
        <div className="h-5 w-48 rounded bg-gray-200" />
        {Array.from({ length: rows }, (_, index) => (
          <div key={index} className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <div className="h-3.5 w-24 rounded bg-gray-200" />
              <div className="h-10 rounded-lg bg-gray-100" />
            </div>
            <div className="space-y-2">
              <div className="h-3.5 w-32 rounded bg-gray-200" />
              <div className="h-10 rounded-lg bg-gray-100" />
            </div>
          </div>
        ))}
      </div>
    </Card>
  );
}

export function LoadError({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <FormAlert title={message}>
      <p>Check your connection and try again. Nothing you saved before is lost.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
        {retrying ? null : <RotateCw aria-hidden="true" className="size-4" />}
        Try again
      </Button>
    </FormAlert>
  );
}

interface SectionLoaderProps<Id extends ProfileSectionId> {
  sectionId: Id;
  /** What the skeleton announces, e.g. "Loading your languages". */
  label: string;
  rows?: number;
  children: (data: SectionView<Id>) => ReactNode;
}

/** Loads a section and renders its form once the saved data is there (so the form starts from it). */
export function SectionLoader<Id extends ProfileSectionId>({ sectionId, label, rows, children }: SectionLoaderProps<Id>) {
  const query = useSection(sectionId);
  if (query.isPending) return <FormSkeleton label={label} rows={rows} />;
  if (query.isError) return <LoadError message={SECTION_READ_ERRORS[sectionId]} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return <>{children(query.data.data)}</>;
}
