import { SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@web/components/layout/page-header';
import { buttonClasses } from '@web/components/ui/button';

/** A console path without a page, such as a section whose issue has not landed yet. */
export function ConsoleNotFoundPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader icon={SearchX} title="Not available" description="This part of the console doesn’t exist or isn’t available yet." />
      <div>
        <Link to="/system-admin" className={buttonClasses({ variant: 'outline' })}>
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}

export { ConsoleNotFoundPage as Component };
