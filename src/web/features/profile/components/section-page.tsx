import { EyeOff } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { SectionId } from '@shared/limits';
import { SECTION_OF_EXTRA_LIST, type ProfileSectionId } from '@shared/schemas/profile';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { ProvenanceSummary } from '@web/components/provenance-summary';
import { PROFILE_SECTIONS, profileSection } from '@web/lib/profile-sections';
import { useMySections } from '../api/get-my-sections';
import { useMyProvenance } from '../api/get-provenance';
import { FormAlert } from './fields';
import { SectionHistory } from './section-history';
import { UnsavedChangesProvider } from './unsaved-changes';

/** The extra lists each page edits below its own section. */
const PAGE_LISTS: Partial<Record<SectionId, readonly string[]>> = {};
for (const [list, section] of Object.entries(SECTION_OF_EXTRA_LIST)) PAGE_LISTS[section] = [...(PAGE_LISTS[section] ?? []), list];

/** Where this page's values came from, once the provenance has loaded. */
function PageProvenance({ id }: { id: SectionId }) {
  const provenance = useMyProvenance().data;
  if (!provenance) return null;
  const shown = new Set([id, ...(PAGE_LISTS[id] ?? [])]);
  const entries = provenance.items.filter((entry) => shown.has(entry.sectionId));
  const overrides = id === 'professional_identity' ? provenance.overrides : [];
  return <ProvenanceSummary entries={entries} overrides={overrides} audience="provider" headingId={`provenance-${id}`} />;
}

/**
 * The frame every profile section page shares: its number, title and what it is for, a note when
 * the hospital hides or requires the section, where its values came from, and the unsaved-changes
 * guard for the forms inside.
 */
export function SectionPage({ id, description, children }: { id: SectionId; description?: ReactNode; children?: ReactNode }) {
  const section = profileSection(id);
  const position = PROFILE_SECTIONS.indexOf(section) + 1;
  const permission = useMySections().data?.items.find((item) => item.sectionId === id);
  const [restores, setRestores] = useState(0);
  return (
    <UnsavedChangesProvider>
      <div className="space-y-8">
        <PageHeader
          eyebrow={`Profile section ${position} of ${PROFILE_SECTIONS.length}`}
          icon={section.icon}
          title={section.title}
          description={
            <>
              <p>{description ?? section.description}</p>
              {permission?.isRequired ? (
                <p className="mt-3">
                  <Badge variant="coral">Required by your hospital</Badge>
                </p>
              ) : null}
            </>
          }
        />
        {permission && !permission.isVisible ? (
          <FormAlert tone="info" title="Your hospital does not show this section">
            <span className="inline-flex items-center gap-1.5">
              <EyeOff aria-hidden="true" className="size-4" />
              You can still keep it up to date; it is not part of your profile’s completion.
            </span>
          </FormAlert>
        ) : null}
        <PageProvenance id={id} />
        {/* A restore writes the section anew: the forms below start again from what was saved. */}
        <div key={restores} className="space-y-8">
          {children}
        </div>
        <SectionHistory sectionIds={[id, ...((PAGE_LISTS[id] ?? []) as ProfileSectionId[])]} onRestored={() => setRestores((count) => count + 1)} />
      </div>
    </UnsavedChangesProvider>
  );
}
