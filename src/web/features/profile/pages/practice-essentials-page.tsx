import { SectionPage } from '../components/section-page';

export function PracticeEssentialsPage() {
  return <SectionPage id="practice_essentials" />;
}

export { PracticeEssentialsPage as Component };
