import { describe, expect, it } from 'vitest';
import { CALENDLY_ASSETS, schedulingEmbedFor } from './scheduling-embed';

describe('schedulingEmbedFor', () => {
  it('has nothing to embed without a URL', () => {
    expect(schedulingEmbedFor(null)).toEqual({ kind: 'none' });
    expect(schedulingEmbedFor('')).toEqual({ kind: 'none' });
    expect(schedulingEmbedFor('not a url')).toEqual({ kind: 'none' });
  });

  it('uses the Calendly widget for calendly.com and its subdomains', () => {
    expect(schedulingEmbedFor('https://calendly.com/vitae/demo')).toEqual({
      kind: 'calendly',
      url: 'https://calendly.com/vitae/demo',
      ...CALENDLY_ASSETS,
    });
    expect(schedulingEmbedFor('https://eu.calendly.com/vitae/demo').kind).toBe('calendly');
  });

  it('embeds other scheduling services in an iframe', () => {
    expect(schedulingEmbedFor('https://cal.example.org/vitae/30min')).toEqual({
      kind: 'iframe',
      url: 'https://cal.example.org/vitae/30min',
    });
    expect(schedulingEmbedFor('https://notcalendly.com/x').kind).toBe('iframe');
  });

  it('refuses addresses that are not web pages', () => {
    expect(schedulingEmbedFor('javascript:alert(1)')).toEqual({ kind: 'none' });
    expect(schedulingEmbedFor('data:text/html,hi')).toEqual({ kind: 'none' });
  });
});
