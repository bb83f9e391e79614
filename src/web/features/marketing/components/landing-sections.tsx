import type { ReactNode } from 'react';
import { FeatureGrid } from './feature-grid';
import { Hero } from './hero';
import { PartnerMarquee } from './partner-marquee';
import { ProfileSectionsGrid } from './profile-sections-grid';
import { WhyVitae } from './why-vitae';

/** The landing page's sections, shared by the app's route and the server-rendered page; `demo` closes it. */
export function LandingSections({ demo, directory }: { demo: ReactNode; directory?: string | null }) {
  return (
    <>
      <Hero directory={directory} />
      <WhyVitae />
      <FeatureGrid />
      <ProfileSectionsGrid />
      <PartnerMarquee />
      {demo}
    </>
  );
}
