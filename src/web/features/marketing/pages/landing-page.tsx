import { DocumentTitle } from '@web/components/layout/document-title';
import { DemoSection } from '../components/demo-section';
import { FeatureGrid } from '../components/feature-grid';
import { Hero } from '../components/hero';
import { PartnerMarquee } from '../components/partner-marquee';
import { ProfileSectionsGrid } from '../components/profile-sections-grid';
import { WhyVitae } from '../components/why-vitae';

/** The public front door. E-mail links that land here are forwarded by the route's loader first. */
export function LandingPage() {
  return (
    <>
      <DocumentTitle title="Vitae · Professional profiles for clinicians" />
      <Hero />
      <WhyVitae />
      <FeatureGrid />
      <ProfileSectionsGrid />
      <PartnerMarquee />
      <DemoSection />
    </>
  );
}

export { LandingPage as Component };
