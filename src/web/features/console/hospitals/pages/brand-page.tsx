import { Palette } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';
import { Card } from '@web/components/ui/card';
import { useHospitalName } from '../../api/get-hospital-options';
import { HospitalSelect } from '../../components/hospital-select';
import { useHospitalScope } from '../../components/use-hospital-scope';
import { useConsoleAdmin } from '../../lib/use-console-admin';
import { BrandTab } from '../components/brand-tab';
import { ReadingLevelsTab } from '../components/reading-levels-tab';

/** The console's Brand section: reading levels and brand guidelines of one hospital. */
export function BrandPage() {
  const actor = useConsoleAdmin();
  const [hospitalId, setHospitalId] = useHospitalScope(actor);
  const ownName = useHospitalName(actor?.role === 'hospital_admin' ? actor.hospital_id : null);
  if (!actor) return null;
  const system = actor.role === 'system_admin';

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Palette}
        title="Brand"
        description={`Reading levels, tone and brand guidelines the biography writer follows${system ? '' : ` for ${ownName ?? 'your hospital'}`}.`}
      />
      {system ? (
        <Card className="p-4">
          <HospitalSelect className="sm:max-w-sm" value={hospitalId} onChange={setHospitalId} placeholder="Choose a hospital" />
        </Card>
      ) : null}
      {hospitalId ? (
        <div key={hospitalId} className="flex flex-col gap-10">
          <section aria-labelledby="reading-levels-heading" className="flex flex-col gap-4">
            <h2 id="reading-levels-heading" className="text-lg font-semibold text-gray-900">
              Reading levels
            </h2>
            <ReadingLevelsTab hospitalId={hospitalId} />
          </section>
          <section aria-labelledby="brand-heading" className="flex flex-col gap-4">
            <h2 id="brand-heading" className="text-lg font-semibold text-gray-900">
              Brand guidelines
            </h2>
            <BrandTab hospitalId={hospitalId} />
          </section>
        </div>
      ) : (
        <p className="text-sm text-gray-600">Choose a hospital to see its brand settings.</p>
      )}
    </div>
  );
}

export { BrandPage as Component };
