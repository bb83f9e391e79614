import { SectionPage } from '../components/section-page';

export function MediaPressPage() {
  return <SectionPage id="media_press" />;
}

export { MediaPressPage as Component };
