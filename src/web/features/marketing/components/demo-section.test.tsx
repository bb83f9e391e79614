import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@web/test/render';
import { notFound, serveApi } from '@web/test/api';
import { loadScript, loadStylesheet } from '@web/lib/load-script';
import { CALENDLY_ASSETS } from '../scheduling-embed';
import { DemoSection } from './demo-section';

vi.mock('@web/lib/load-script', () => ({ loadScript: vi.fn(), loadStylesheet: vi.fn() }));

const config = (schedulingUrl: string | null) => ({
  '/api/config': { body: { environment: 'test', release: 'dev', sentryDsn: null, schedulingUrl, feedbackBetaOnly: true } },
});

beforeEach(() => {
  vi.mocked(loadScript).mockReset();
  vi.mocked(loadStylesheet).mockReset();
});

afterEach(() => {
  delete window.Calendly;
});

describe('DemoSection', () => {
  it('loads the Calendly widget and opens the popup for the configured event', async () => {
    const initPopupWidget = vi.fn();
    vi.mocked(loadScript).mockImplementation(async () => {
      window.Calendly = { initPopupWidget };
    });
    serveApi(config('https://calendly.com/vitae/demo'));
    renderAt('/', <DemoSection />);

    const button = await screen.findByRole('button', { name: 'Schedule a demo' });
    await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    expect(loadScript).toHaveBeenCalledWith(CALENDLY_ASSETS.scriptUrl);
    expect(loadStylesheet).toHaveBeenCalledWith(CALENDLY_ASSETS.stylesheetUrl);

    fireEvent.click(button);
    expect(initPopupWidget).toHaveBeenCalledWith({ url: 'https://calendly.com/vitae/demo' });
  });

  it('falls back to a plain link when the widget cannot load', async () => {
    vi.mocked(loadScript).mockRejectedValue(new Error('offline'));
    serveApi(config('https://calendly.com/vitae/demo'));
    renderAt('/', <DemoSection />);

    const link = await screen.findByRole('link', { name: /Open the booking page/ });
    expect(link.getAttribute('href')).toBe('https://calendly.com/vitae/demo');
    expect(screen.getByRole('link', { name: /Email us/ }).getAttribute('href')).toMatch(/^mailto:demo@vitae\.health/);
  });

  it('offers e-mail when no scheduling URL is configured, without loading any script', async () => {
    serveApi(config(null));
    renderAt('/', <DemoSection />);
    expect(await screen.findByRole('heading', { name: 'Email us to book a demo' })).toBeDefined();
    expect(loadScript).not.toHaveBeenCalled();
  });

  it('offers e-mail when the configuration cannot be loaded', async () => {
    serveApi({ '/api/config': notFound });
    renderAt('/', <DemoSection />);
    expect(await screen.findByRole('heading', { name: 'Email us to book a demo' })).toBeDefined();
  });
});
