import { ListTree } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';
import { Card } from '@web/components/ui/card';
import { Notice } from '@web/components/ui/notice';
import { DefaultOrHospitalSelect } from '../../components/scope-select';
import { useHospitalScope } from '../../components/use-hospital-scope';
import { useConsoleAdmin } from '../../lib/use-console-admin';
import type { TaxonomyScope } from '../api/taxonomy';
import { TaxonomyBrowser } from '../components/taxonomy-browser';
import { TaxonomyHospitalPanel } from '../components/taxonomy-hospital-panel';

export const DEFAULT_SCOPE = 'default';

export function TaxonomyPage() {
  const actor = useConsoleAdmin();
  const [scopeValue, setScopeValue] = useHospitalScope(actor, DEFAULT_SCOPE);
  if (!actor) return null;
  const system = actor.role === 'system_admin';
  const scope: TaxonomyScope = scopeValue === DEFAULT_SCOPE ? { kind: 'default' } : { kind: 'hospital', hospitalId: scopeValue };
  // System administrators edit the default taxonomy; hospital administrators read it (the server refuses the rest).
  const editable = scope.kind === 'hospital' || system;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={ListTree}
        title="Taxonomy"
        description="Departments, divisions, sections and the specialties under them, which providers choose from in their profile."
      />
      <Card className="p-4">
        <DefaultOrHospitalSelect
          actor={actor}
          label="Taxonomy"
          defaults="Default taxonomy"
          value={scopeValue}
          onChange={setScopeValue}
          defaultValue={DEFAULT_SCOPE}
          className="sm:max-w-sm"
        />
      </Card>
      {scope.kind === 'default' && !system ? (
        <Notice tone="info">The default taxonomy is maintained by the system administrators. Your hospital can upload its own instead.</Notice>
      ) : null}
      <div key={scopeValue} className="flex flex-col gap-6">
        {scope.kind === 'hospital' ? <TaxonomyHospitalPanel scope={scope} /> : null}
        <section aria-labelledby="taxonomy-browser-heading" className="flex flex-col gap-3">
          <h2 id="taxonomy-browser-heading" className="text-lg font-semibold text-gray-900">
            {scope.kind === 'default' ? 'Default specialties' : 'Hospital specialties'}
          </h2>
          <TaxonomyBrowser scope={scope} editable={editable} />
        </section>
      </div>
    </div>
  );
}

export { TaxonomyPage as Component };
