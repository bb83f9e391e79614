import { useCallback, useEffect, useState } from 'react';
import { loadScript, loadStylesheet } from '@web/lib/load-script';
import type { SchedulingEmbed } from '../scheduling-embed';

declare global {
  interface Window {
    Calendly?: { initPopupWidget(options: { url: string }): void };
  }
}

export type WidgetStatus = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Loads Calendly's widget once `enabled` turns true (the demo section is near the screen), so
 * visitors who never scroll that far do not load a third-party script.
 */
export function useCalendlyWidget(embed: SchedulingEmbed, enabled: boolean) {
  const calendly = embed.kind === 'calendly' ? embed : null;
  const scriptUrl = calendly?.scriptUrl;
  const stylesheetUrl = calendly?.stylesheetUrl;
  const eventUrl = calendly?.url;
  const [outcome, setOutcome] = useState<{ scriptUrl: string; status: 'ready' | 'failed' } | null>(null);

  useEffect(() => {
    if (!scriptUrl || !stylesheetUrl || !enabled) return;
    let cancelled = false;
    loadStylesheet(stylesheetUrl);
    loadScript(scriptUrl)
      .then(() => !cancelled && setOutcome({ scriptUrl, status: window.Calendly ? 'ready' : 'failed' }))
      .catch(() => !cancelled && setOutcome({ scriptUrl, status: 'failed' }));
    return () => {
      cancelled = true;
    };
  }, [scriptUrl, stylesheetUrl, enabled]);

  let status: WidgetStatus = 'idle';
  if (scriptUrl && enabled) status = outcome?.scriptUrl === scriptUrl ? outcome.status : 'loading';

  const open = useCallback(() => {
    if (eventUrl && window.Calendly) window.Calendly.initPopupWidget({ url: eventUrl });
  }, [eventUrl]);

  return { status, open };
}

/** True once the element has come within `margin` of the viewport (at once where IntersectionObserver is missing). */
export function useNearViewport<T extends Element>(margin = '400px') {
  const [element, setElement] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  const observable = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    if (!element || seen || !observable) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, margin, seen, observable]);

  return { ref: setElement, near: seen || !observable };
}
