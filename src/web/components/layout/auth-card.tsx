import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@web/components/ui/card';
import { DocumentTitle } from './document-title';

interface AuthCardProps {
  title: string;
  description: ReactNode;
  icon: LucideIcon;
  children?: ReactNode;
}

/** The centred card that sign-in, sign-up and password pages are built in. */
export function AuthCard({ title, description, icon: Icon, children }: AuthCardProps) {
  return (
    <div className="flex justify-center px-4 py-12 sm:py-20">
      <DocumentTitle title={title} />
      <Card className="w-full max-w-md p-6 sm:p-10">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <h1 className="mt-6 text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        <div className="mt-3 text-base leading-7 text-gray-600">{description}</div>
        {children ? <div className="mt-8">{children}</div> : null}
      </Card>
    </div>
  );
}
