import { SectionPage } from '../components/section-page';

export function ClinicalTrialsPage() {
  return <SectionPage id="clinical_trials" />;
}

export { ClinicalTrialsPage as Component };
