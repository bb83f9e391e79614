import { Card } from '@web/components/ui/card';
import type { Dashboard } from '@web/lib/dashboard';
import { CompletionRing } from './completion-ring';

/**
 * One measure: the ring is the share of the sections the hospital requires that are complete (what
 * the server stores and the console shows), said in words beside it; the optional sections are
 * counted apart, so filling one never seems to leave the number behind (issue 35 item 7).
 */
export function CompletionCard({ dashboard }: { dashboard: Pick<Dashboard, 'sections' | 'completionPercentage'> }) {
  const visible = dashboard.sections.filter((s) => s.isVisible);
  const required = visible.filter((s) => s.isRequired);
  const optional = visible.filter((s) => !s.isRequired);
  const requiredDone = required.filter((s) => s.status === 'complete').length;
  const optionalDone = optional.filter((s) => s.status === 'complete').length;
  const sections = (n: number) => (n === 1 ? 'section' : 'sections');
  return (
    <Card className="flex flex-col items-center gap-6 p-6 sm:flex-row lg:col-span-2 lg:flex-col lg:items-stretch">
      <CompletionRing percentage={dashboard.completionPercentage} className="self-center" />
      <div className="min-w-0 flex-1 text-center sm:text-left lg:text-center">
        <h2 className="text-lg font-semibold text-gray-900">Profile completion</h2>
        <p className="mt-1 text-sm leading-6 text-gray-600" data-testid="completion-explained">
          {required.length > 0
            ? `${requiredDone} of the ${required.length} ${sections(required.length)} your hospital requires ${requiredDone === 1 ? 'is' : 'are'} complete, so your profile is ${Math.round(dashboard.completionPercentage)}% complete.`
            : 'Your hospital requires no sections, so your profile counts as complete.'}
        </p>
        {optional.length > 0 ? (
          <p className="mt-2 text-xs leading-5 text-gray-600" data-testid="completion-optional">
            Optional, not counted in the percentage: {optionalDone} of {optional.length} {sections(optional.length)} complete.
          </p>
        ) : null}
      </div>
    </Card>
  );
}
