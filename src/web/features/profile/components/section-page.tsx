import type { SectionId } from '@shared/limits';
import { PageHeader } from '@web/components/layout/page-header';
import { PROFILE_SECTIONS, profileSection } from '@web/lib/profile-sections';

/** The frame every profile section page shares: its number, title and what it is for. */
export function SectionPage({ id }: { id: SectionId }) {
  const section = profileSection(id);
  const position = PROFILE_SECTIONS.indexOf(section) + 1;
  return (
    <PageHeader
      eyebrow={`Profile section ${position} of ${PROFILE_SECTIONS.length}`}
      icon={section.icon}
      title={section.title}
      description={<p>{section.description}</p>}
    />
  );
}
