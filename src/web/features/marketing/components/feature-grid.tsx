import { Database, Hospital, Layers, RefreshCw, Telescope, WandSparkles } from 'lucide-react';
import { Container } from '@web/components/ui/container';
import { SectionHeading } from './section-heading';

const FEATURES = [
  {
    icon: Database,
    title: 'NPI registry import',
    text: 'Enter a 10-digit NPI and Vitae fills in name, credentials, specialties, licenses and practice addresses from the national provider registry.',
  },
  {
    icon: RefreshCw,
    title: 'Directory and listings sync',
    text: 'Connect your hospital’s listing service to bring in locations, education and expertise, and keep every profile in step with it.',
  },
  {
    icon: WandSparkles,
    title: 'AI-written biographies',
    text: 'Professional and public versions drafted from the profile, matched to your reading level, tone, word counts and brand rules.',
  },
  {
    icon: Layers,
    title: 'Taxonomy and expertise terms',
    text: 'Departments, divisions and specialties as your organisation uses them, with conditions, procedures and reasons for visit for each.',
  },
  {
    icon: Telescope,
    title: 'Research and press discovery',
    text: 'Find a clinician’s publications in PubMed, trials on ClinicalTrials.gov and media mentions, and add the right ones in one step.',
  },
  {
    icon: Hospital,
    title: 'Built for multi-hospital systems',
    text: 'Each hospital keeps its own administrators, required sections, locations and brand rules, while system administrators see the whole picture.',
  },
] as const;

export function FeatureGrid() {
  return (
    <section id="features" aria-labelledby="features-heading" className="bg-gray-50 py-20 sm:py-28">
      <Container>
        <SectionHeading id="features-heading" eyebrow="Features" title="Everything your team needs to keep provider data right">
          <p>
            From the first NPI lookup to the patient-ready biography, Vitae handles the work that usually takes a team of people and a stack of spreadsheets.
          </p>
        </SectionHeading>
        <ul className="mt-16 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <li
              key={title}
              className="group rounded-2xl border border-gray-200 bg-white p-7 shadow-xs transition hover:-translate-y-0.5 hover:shadow-md motion-reduce:transition-none motion-reduce:hover:translate-y-0"
            >
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white shadow-sm shadow-brand-900/20">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-6 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-gray-600">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
