import { BadgeCheck, CircleCheck, FileText, RefreshCw, Sparkles } from 'lucide-react';
import { PROFILE_SECTIONS } from '@web/lib/profile-sections';

const COMPLETION = 92;

function CompletionRing({ percent }: { percent: number }) {
  const radius = 26;
  const circumference = 2 * Math.PI * radius;
  return (
    <div className="relative size-14 shrink-0 sm:size-16">
      <svg viewBox="0 0 64 64" className="size-full -rotate-90">
        <circle cx="32" cy="32" r={radius} fill="none" strokeWidth="6" className="stroke-brand-100" />
        <circle
          cx="32"
          cy="32"
          r={radius}
          fill="none"
          strokeWidth="6"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - percent / 100)}
          className="stroke-brand-600"
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center text-xs font-bold text-gray-900 sm:text-sm">{percent}%</span>
    </div>
  );
}

const ROWS = [
  { section: PROFILE_SECTIONS[0], status: 'Verified from NPI', tone: 'done' },
  { section: PROFILE_SECTIONS[1], status: 'Complete', tone: 'done' },
  { section: PROFILE_SECTIONS[3], status: '2 directory updates', tone: 'review' },
  { section: PROFILE_SECTIONS[4], status: 'Draft ready', tone: 'draft' },
  { section: PROFILE_SECTIONS[8], status: '14 terms', tone: 'done' },
] as const;

const TONES = {
  done: 'bg-emerald-50 text-emerald-700',
  review: 'bg-coral-50 text-coral-700',
  draft: 'bg-brand-50 text-brand-700',
} as const;

/** An illustration of a profile in Vitae, drawn with the app's own components rather than a screenshot. */
export function ProductPreview() {
  return (
    <figure className="relative mx-auto w-full max-w-lg lg:mr-0">
      <figcaption className="sr-only">
        Example of a provider profile in Vitae: 92 percent complete, verified from the NPI registry, with directory updates to review and an AI-drafted public
        biography.
      </figcaption>
      <div aria-hidden="true">
        <div className="absolute -top-4 right-4 z-10 hidden items-center gap-2 rounded-full border border-emerald-200 bg-white px-3 py-1.5 text-xs font-semibold text-emerald-700 shadow-md sm:flex">
          <RefreshCw className="size-3.5" />
          Synced with hospital directory
        </div>

        <div className="relative rounded-2xl border border-gray-200 bg-white p-5 shadow-2xl shadow-brand-900/10 sm:p-6">
          <div className="flex items-center gap-3 sm:gap-4">
            <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-brand-500 to-brand-800 text-base font-semibold text-white sm:size-14 sm:text-lg">
              MO
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-[15px] font-semibold text-gray-900 sm:text-base">
                Dr. Maya Okafor, MD
                <BadgeCheck className="ml-1.5 hidden size-4 align-[-2px] text-brand-600 sm:inline" />
              </p>
              <p className="text-sm text-gray-600">Cardiac Electrophysiology</p>
              <p className="mt-1 inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">Accepting new patients</p>
            </div>
            <CompletionRing percent={COMPLETION} />
          </div>

          <ul className="mt-5 divide-y divide-gray-100 border-t border-gray-100">
            {ROWS.map(({ section, status, tone }) => {
              const Icon = section?.icon ?? FileText;
              return (
                <li key={section?.id} className="flex items-center gap-3 py-2.5">
                  <span className="hidden size-8 shrink-0 items-center justify-center rounded-lg bg-gray-50 text-gray-600 sm:inline-flex">
                    <Icon className="size-4" />
                  </span>
                  <span className="min-w-0 flex-1 truncate text-sm font-medium text-gray-800">{section?.title}</span>
                  <span className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>
                    {tone === 'done' ? <CircleCheck className="size-3" /> : null}
                    {status}
                  </span>
                </li>
              );
            })}
          </ul>
        </div>

        <div className="relative z-10 mt-4 rounded-2xl border border-coral-100 bg-white p-4 shadow-xl shadow-coral-900/10 sm:-mt-6 sm:-ml-10 sm:w-80">
          <div className="flex items-center gap-2 text-xs font-semibold text-coral-700">
            <Sparkles className="size-4" />
            Public biography · AI draft
          </div>
          <p className="mt-2 text-sm leading-6 text-gray-700">
            Dr. Okafor helps people live well with heart rhythm conditions such as atrial fibrillation. She sees patients at two clinics and speaks English and
            Yoruba.
          </p>
          <div className="mt-3 flex gap-2 text-[11px] font-medium">
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">Grade 8 reading level</span>
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-gray-700">132 words</span>
          </div>
        </div>
      </div>
    </figure>
  );
}
