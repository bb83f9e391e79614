import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { HospitalSelect } from '@web/features/console';
import { useHospitalChoices } from '@web/features/console';

/**
 * The hospital a test page works on, kept in the address (`?hospital=`) so a result can be linked
 * and reloaded. With a single choice (a hospital administrator) it is picked at once.
 */
export function useChosenHospital() {
  const [params, setParams] = useSearchParams();
  const hospitalId = params.get('hospital') ?? '';
  const choices = useHospitalChoices();
  const only = choices.data?.length === 1 ? choices.data[0]!.id : null;
  useEffect(() => {
    if (!hospitalId && only) setParams((current) => ({ ...Object.fromEntries(current), hospital: only }), { replace: true });
  }, [hospitalId, only, setParams]);
  const setHospitalId = (id: string) => setParams((current) => ({ ...Object.fromEntries(current), hospital: id }));
  const hospital = choices.data?.find((choice) => choice.id === hospitalId);
  return { hospitalId, setHospitalId, hospital };
}

export function HospitalPicker({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  return <HospitalSelect value={value} onChange={onChange} label="Hospital" placeholder="Choose a hospital" className="max-w-sm" />;
}
