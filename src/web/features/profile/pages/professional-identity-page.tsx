import { SectionPage } from '../components/section-page';

export function ProfessionalIdentityPage() {
  return <SectionPage id="professional_identity" />;
}

export { ProfessionalIdentityPage as Component };
