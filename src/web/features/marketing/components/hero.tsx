import { ArrowRight, CalendarDays, CircleCheck, Search, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import { Container } from '@web/components/ui/container';
import { ProductPreview } from './product-preview';

const ASSURANCES = ['Pre-filled from the NPI registry', 'Synced with your directory', 'No patient data stored'];

/** `directory`: where patients find a doctor, when some hospital publishes a directory (else no link). */
export function Hero({ directory }: { directory?: string | null }) {
  return (
    <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 -right-32 size-[36rem] rounded-full bg-brand-200/40 blur-3xl" />
        <div className="absolute top-72 -left-40 size-[28rem] rounded-full bg-coral-200/30 blur-3xl" />
        <div className="absolute inset-0 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [mask-image:linear-gradient(to_bottom,black,transparent_70%)] [background-size:28px_28px] opacity-40" />
      </div>

      <Container className="grid grid-cols-1 items-center gap-14 pt-14 pb-12 sm:pt-20 sm:pb-28 lg:grid-cols-2 lg:gap-12 lg:pt-24 lg:pb-32">
        <div className="max-w-2xl">
          <Badge variant="brand" className="bg-white/80">
            <Sparkles aria-hidden="true" className="size-3.5 text-coral-600" />
            Provider profiles for hospitals and health systems
          </Badge>
          <h1 id="hero-heading" className="mt-6 text-4xl font-bold tracking-tight text-balance text-gray-900 sm:text-5xl lg:text-6xl">
            Complete, accurate profiles for <span className="text-brand-600">every clinician</span>
          </h1>
          <p className="mt-6 text-lg leading-8 text-pretty text-gray-600">
            Vitae unifies provider, patient and operational data into one complete profile for each clinician, and uses AI to write the biographies and content
            your directories need, in your organisation’s voice.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/unified-signup" className={buttonClasses({ size: 'lg' })}>
              Get Started
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <a href="#demo" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              <CalendarDays aria-hidden="true" className="size-4" />
              Schedule a demo
            </a>
          </div>
          {directory ? (
            <p className="mt-5 text-sm text-gray-700">
              Looking for a clinician?{' '}
              <a href={directory} className="inline-flex min-h-6 items-center gap-1 font-semibold text-brand-700 underline-offset-2 hover:underline">
                <Search aria-hidden="true" className="size-4" />
                Find a doctor
              </a>
            </p>
          ) : null}
          <ul className="mt-10 flex flex-col gap-2 text-sm text-gray-700 sm:flex-row sm:flex-wrap sm:gap-x-6">
            {ASSURANCES.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleCheck aria-hidden="true" className="size-4 text-brand-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <ProductPreview />
      </Container>
    </section>
  );
}
