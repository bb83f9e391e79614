import { Container } from '@web/components/ui/container';
import { PROFILE_SECTIONS } from '@web/lib/profile-sections';
import { SectionHeading } from './section-heading';

export function ProfileSectionsGrid() {
  return (
    <section id="profile-sections" aria-labelledby="profile-sections-heading" className="py-20 sm:py-28">
      <Container>
        <SectionHeading id="profile-sections-heading" eyebrow="The profile" title="Nine sections. One complete profile.">
          <p>Everything patients, referring physicians and your directory need to know about a clinician, organised the same way for every provider.</p>
        </SectionHeading>
        <ol className="mt-16 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PROFILE_SECTIONS.map(({ id, title, summary, icon: Icon }, index) => (
            <li key={id} className="flex gap-4 rounded-2xl border border-gray-200 bg-white p-5 transition-colors hover:border-brand-300 hover:bg-brand-50/40">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="flex items-baseline gap-2 text-base font-semibold text-gray-900">
                  <span className="text-xs font-semibold text-gray-500 tabular-nums" aria-hidden="true">
                    {String(index + 1).padStart(2, '0')}
                  </span>
                  {title}
                </h3>
                <p className="mt-1 text-sm leading-6 text-gray-600">{summary}</p>
              </div>
            </li>
          ))}
        </ol>
      </Container>
    </section>
  );
}
