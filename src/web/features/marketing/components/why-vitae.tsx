import { BadgeCheck, Clock, ShieldCheck, Sparkles } from 'lucide-react';
import { Container } from '@web/components/ui/container';
import { SectionHeading } from './section-heading';

const BENEFITS = [
  {
    icon: BadgeCheck,
    title: 'Accurate everywhere',
    text: 'One profile feeds your find-a-doctor site, directories and listings, so patients see the same correct details wherever they look.',
  },
  {
    icon: Clock,
    title: 'Minutes, not weeks',
    text: 'Registry and directory data fill in each profile up front. Clinicians confirm and add, instead of retyping what you already know.',
  },
  {
    icon: Sparkles,
    title: 'On-brand content at scale',
    text: 'AI drafts professional and patient-friendly biographies that follow your reading levels, tone and brand guidelines.',
  },
  {
    icon: ShieldCheck,
    title: 'Governed by your team',
    text: 'Administrators choose the required sections, curate specialties and expertise terms, and can see every change that was made.',
  },
] as const;

export function WhyVitae() {
  return (
    <section aria-labelledby="why-heading" className="py-20 sm:py-28">
      <Container>
        <div className="grid grid-cols-1 gap-8 lg:grid-cols-12 lg:gap-16">
          <div className="lg:col-span-5">
            <SectionHeading id="why-heading" eyebrow="Why Vitae" title="Provider data lives everywhere. Vitae brings it together." align="left" />
          </div>
          <div className="space-y-5 text-lg leading-8 text-gray-600 lg:col-span-7 lg:pt-9">
            <p>
              Credentialing, the EHR, scheduling, your website and dozens of online listings each hold their own version of the same clinician. When a phone
              number is out of date or a specialty is missing, patients book the wrong clinic and referrals go astray.
            </p>
            <p>
              Vitae unifies provider, patient-facing and operational data into one profile per clinician. Providers keep it current in a few minutes; your team
              governs it centrally and publishes it everywhere it is needed.
            </p>
          </div>
        </div>

        <ul className="mt-16 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-xs">
              <span className="inline-flex size-11 items-center justify-center rounded-xl bg-coral-50 text-coral-600 ring-1 ring-coral-100">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 text-base font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-gray-600">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
