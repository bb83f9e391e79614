import { SectionPage } from '../components/section-page';

export function EducationTrainingPage() {
  return <SectionPage id="education_training" />;
}

export { EducationTrainingPage as Component };
