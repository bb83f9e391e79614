import { SectionPage } from '../components/section-page';

export function BiographyPage() {
  return <SectionPage id="biography" />;
}

export { BiographyPage as Component };
