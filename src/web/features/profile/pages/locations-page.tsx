import { SectionPage } from '../components/section-page';

export function LocationsPage() {
  return <SectionPage id="locations" />;
}

export { LocationsPage as Component };
