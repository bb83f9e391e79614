import { DocumentTitle } from '@web/components/layout/document-title';
import { DemoSection } from '../components/demo-section';
import { LandingSections } from '../components/landing-sections';

/**
 * The public front door inside the app (reached by navigating to `/` from another page). A visit that
 * starts at `/` gets the same sections as server-rendered HTML instead. E-mail links that land here are
 * forwarded by the route's loader first.
 */
export function LandingPage() {
  return (
    <>
      <DocumentTitle title="Vitae · Professional profiles for clinicians" />
      <LandingSections demo={<DemoSection />} />
    </>
  );
}

export { LandingPage as Component };
