import { SectionPage } from '../components/section-page';

export function MedicalExpertisePage() {
  return <SectionPage id="medical_expertise" />;
}

export { MedicalExpertisePage as Component };
