import { CalendarDays, ExternalLink, Mail, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { DEMO_EMAIL } from '@web/lib/contact';
import type { WidgetStatus } from '../hooks/use-calendly-widget';
import type { SchedulingEmbed } from '../scheduling-embed';

const MAILTO = `mailto:${DEMO_EMAIL}?subject=${encodeURIComponent('Vitae demo request')}`;

function CardFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-7 shadow-2xl shadow-black/20 sm:p-9">
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-coral-50 text-coral-600 ring-1 ring-coral-100">
        <CalendarDays aria-hidden="true" className="size-6" />
      </span>
      <h3 className="mt-6 text-xl font-semibold text-gray-900">{title}</h3>
      {children}
    </Card>
  );
}

function EmailUs({ intro }: { intro?: string }) {
  return (
    <>
      <p className="mt-3 text-base leading-7 text-gray-600">
        {intro ?? 'Tell us a little about your organisation and a few times that suit you, and we will send a calendar invitation within one business day.'}
      </p>
      <a href={MAILTO} className={buttonClasses({ variant: 'accent', size: 'lg', className: 'mt-7 w-full sm:w-auto' })}>
        <Mail aria-hidden="true" className="size-4" />
        Email {DEMO_EMAIL}
      </a>
    </>
  );
}

interface SchedulerCardProps {
  configLoading: boolean;
  embed: SchedulingEmbed;
  status: WidgetStatus;
  onOpen?: (() => void) | undefined;
}

export function SchedulerCard({ configLoading, embed, status, onOpen }: SchedulerCardProps) {
  if (configLoading) {
    return (
      <CardFrame title="Book a time with our team">
        <div className="mt-6 flex items-center gap-3 text-sm text-gray-600">
          <Spinner size="sm" label="" className="text-brand-600" />
          <span role="status">Loading scheduling options…</span>
        </div>
      </CardFrame>
    );
  }

  if (embed.kind === 'none') {
    return (
      <CardFrame title="Email us to book a demo">
        <EmailUs />
      </CardFrame>
    );
  }

  if (embed.kind === 'iframe') {
    return (
      <Card className="overflow-hidden shadow-2xl shadow-black/20">
        <iframe src={embed.url} title="Book a Vitae demo" loading="lazy" className="h-[640px] w-full border-0" />
        <p className="border-t border-gray-200 px-6 py-4 text-sm text-gray-600">
          Calendar not showing?{' '}
          <a href={embed.url} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 hover:underline">
            Open the booking page<span className="sr-only"> (opens in a new tab)</span>
          </a>{' '}
          or email{' '}
          <a href={MAILTO} className="font-semibold text-brand-700 hover:underline">
            {DEMO_EMAIL}
          </a>
          .
        </p>
      </Card>
    );
  }

  if (status === 'failed') {
    return (
      <CardFrame title="Book a time with our team">
        <p className="mt-3 flex gap-2 rounded-lg bg-coral-50 p-3 text-sm leading-6 text-coral-900" role="status">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          The scheduling calendar could not be loaded here. You can still book on the scheduling page or by email.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <a href={embed.url} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: 'lg' })}>
            Open the booking page
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={MAILTO} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            <Mail aria-hidden="true" className="size-4" />
            Email us
          </a>
        </div>
      </CardFrame>
    );
  }

  return (
    <CardFrame title="Pick a time that suits you">
      <p className="mt-3 text-base leading-7 text-gray-600">
        Choose a slot in our calendar. You will get an invitation with a video link straight away, and you can bring colleagues along.
      </p>
      <Button variant="accent" size="lg" className="mt-7 w-full sm:w-auto" loading={status !== 'ready'} onClick={onOpen} data-calendly-url={embed.url}>
        <CalendarDays aria-hidden="true" className="size-4" />
        Schedule a demo
      </Button>
      <p className="mt-4 text-sm text-gray-600">
        Prefer email?{' '}
        <a href={MAILTO} className="font-semibold text-brand-700 hover:underline">
          {DEMO_EMAIL}
        </a>
      </p>
    </CardFrame>
  );
}
