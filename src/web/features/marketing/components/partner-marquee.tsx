import { Container } from '@web/components/ui/container';
import { PARTNERS, PartnerWordmark } from './partner-logos';

export function PartnerMarquee() {
  return (
    <section aria-labelledby="partners-heading" className="border-y border-gray-200 bg-white py-16 sm:py-20">
      <Container>
        <h2 id="partners-heading" className="text-center text-sm font-semibold tracking-wider text-gray-700 uppercase">
          Built with clinicians · Trusted by health systems
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-base leading-7 text-gray-600">
          Vitae is shaped by the physicians, directory teams and marketing leaders who rely on it every day.
        </p>
        <ul className="sr-only">
          {PARTNERS.map((partner) => (
            <li key={partner.name}>{partner.name}</li>
          ))}
        </ul>
      </Container>
      {/* The list above is what assistive technology reads; the moving strip is decoration. */}
      <div
        aria-hidden="true"
        className="group relative mt-10 overflow-hidden [mask-image:linear-gradient(to_right,transparent,black_10%,black_90%,transparent)]"
      >
        <div className="flex w-max animate-marquee items-center group-hover:[animation-play-state:paused] motion-reduce:[animation-play-state:paused]">
          {[...PARTNERS, ...PARTNERS].map((partner, index) => (
            <div key={`${partner.name}-${index}`} className="shrink-0 px-8 sm:px-12">
              <PartnerWordmark {...partner} />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
