import { SectionPage } from '../components/section-page';

export function PublicationsPage() {
  return <SectionPage id="publications" />;
}

export { PublicationsPage as Component };
