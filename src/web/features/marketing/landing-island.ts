// The only script of the server-rendered landing page (src/server/render/landing-page.tsx): everything
// else on `/` is HTML and CSS, so the first page does not download the app. It forwards e-mail links
// that land on `/` (access spec §2, the same rule as the app's landing route) and wires the demo
// section's Calendly button. Links on the page are ordinary links: the app loads on the next page.
import { authRedirectTarget } from '@web/app/auth-redirect';
import { loadScript, loadStylesheet } from '@web/lib/load-script';
import { CALENDLY_ASSETS } from './scheduling-embed';

function wireScheduler(): void {
  const button = document.querySelector<HTMLButtonElement>('[data-calendly-url]');
  const eventUrl = button?.dataset.calendlyUrl;
  if (!button || !eventUrl) return;
  const readyCard = document.querySelector<HTMLElement>('[data-scheduler="ready"]');
  const failedCard = document.querySelector<HTMLElement>('[data-scheduler="failed"]');

  let loading: Promise<boolean> | null = null;
  // Calendly's script loads once the demo section comes near the screen, or on the first click.
  const load = () => {
    loading ??= (async () => {
      loadStylesheet(CALENDLY_ASSETS.stylesheetUrl);
      const loaded = await loadScript(CALENDLY_ASSETS.scriptUrl).then(
        () => Boolean(window.Calendly),
        () => false,
      );
      if (!loaded && readyCard && failedCard) {
        readyCard.hidden = true;
        failedCard.hidden = false;
      }
      return loaded;
    })();
    return loading;
  };

  button.addEventListener('click', () => {
    void load().then((loaded) => {
      if (loaded) window.Calendly?.initPopupWidget({ url: eventUrl });
    });
  });

  const section = document.getElementById('demo');
  if (!section || typeof IntersectionObserver === 'undefined') {
    void load();
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void load();
    },
    { rootMargin: '400px' },
  );
  observer.observe(section);
}

const target = authRedirectTarget({ search: window.location.search, hash: window.location.hash });
if (target) window.location.replace(target);
else wireScheduler();
