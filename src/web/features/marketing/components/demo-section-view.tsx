import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DEMO_LENGTH_MINUTES } from '@shared/limits';
import { Container } from '@web/components/ui/container';
import type { WidgetStatus } from '../hooks/use-calendly-widget';
import type { SchedulingEmbed } from '../scheduling-embed';
import { SchedulerCard } from './scheduler-card';
import { SectionHeading } from './section-heading';

const AGENDA = [
  'A live walkthrough of the provider and administrator experience',
  'How Vitae connects to the NPI registry, your directory and listing service',
  'A rollout plan and pricing shaped around your organisation',
];

interface DemoSectionViewProps {
  configLoading: boolean;
  embed: SchedulingEmbed;
  status: WidgetStatus;
  onOpen?: () => void;
  sectionRef?: (element: HTMLElement | null) => void;
  /** Replaces the scheduler card (the server's landing page renders each state the page script may show). */
  children?: ReactNode;
}

/**
 * The demo section's markup. The app renders it with the configuration it fetched; the server renders
 * it into the landing page's HTML with its own configuration (src/server/render/landing-page.tsx).
 */
export function DemoSectionView({ configLoading, embed, status, onOpen, sectionRef, children }: DemoSectionViewProps) {
  return (
    <section id="demo" ref={sectionRef} aria-labelledby="demo-heading" className="relative isolate overflow-hidden bg-brand-950 py-20 sm:py-28">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-32 -left-24 size-[32rem] rounded-full bg-brand-600/30 blur-3xl" />
        <div className="absolute -right-24 -bottom-40 size-[28rem] rounded-full bg-brand-500/20 blur-3xl" />
      </div>
      <Container className="grid grid-cols-1 gap-12 lg:grid-cols-2 lg:items-center lg:gap-16">
        <div>
          <SectionHeading id="demo-heading" eyebrow="See it live" title={`Schedule a ${DEMO_LENGTH_MINUTES}\u2011minute demo`} align="left" tone="dark">
            <p>
              See how Vitae builds a complete profile from a single NPI, drafts an on-brand biography and keeps your directory in sync. Bring your questions: we
              tailor the walkthrough to your health system.
            </p>
          </SectionHeading>
          <ul className="mt-8 space-y-3">
            {AGENDA.map((item) => (
              <li key={item} className="flex gap-3 text-base leading-7 text-brand-50">
                <CircleCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-coral-300" />
                {item}
              </li>
            ))}
          </ul>
          <p className="mt-10 text-sm text-brand-200">
            Already with a Vitae hospital?{' '}
            <Link to="/unified-signup" className="font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-white">
              Create your account
            </Link>{' '}
            or{' '}
            <Link to="/login" className="font-semibold text-white underline-offset-4 hover:underline focus-visible:outline-white">
              sign in
            </Link>
            .
          </p>
        </div>
        {children ?? <SchedulerCard configLoading={configLoading} embed={embed} status={status} onOpen={onOpen} />}
      </Container>
    </section>
  );
}
