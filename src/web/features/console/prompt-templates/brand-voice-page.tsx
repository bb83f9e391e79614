import { Palette } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';
import { Card } from '@web/components/ui/card';
import { useHospitalName } from '../api/get-hospital-options';
import { HospitalSelect } from '../components/hospital-select';
import { useHospitalScope } from '../components/use-hospital-scope';
import { useConsoleAdmin } from '../lib/use-console-admin';
import { BrandVoiceCard } from './brand-voice-card';

/** A console screen of its own for the brand voice and the reading-level check of one hospital. */
export function BrandVoicePage() {
  const admin = useConsoleAdmin();
  const [hospitalId, setHospitalId] = useHospitalScope(admin);
  const ownName = useHospitalName(admin?.role === 'hospital_admin' ? admin.hospital_id : null);
  if (!admin) return null;
  const system = admin.role === 'system_admin';
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Palette}
        title="Brand voice"
        description={`How biographies should sound${system ? '' : ` at ${ownName ?? 'your hospital'}`}, checked against the reading levels.`}
      />
      {system ? (
        <Card className="p-4">
          <HospitalSelect className="sm:max-w-sm" value={hospitalId} onChange={setHospitalId} placeholder="Choose a hospital" />
        </Card>
      ) : null}
      {hospitalId ? (
        <BrandVoiceCard key={hospitalId} hospitalId={hospitalId} />
      ) : (
        <p className="text-sm text-gray-600">Choose a hospital to see its brand voice.</p>
      )}
    </div>
  );
}

export { BrandVoicePage as Component };
