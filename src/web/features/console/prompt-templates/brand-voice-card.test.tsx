import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import { BrandVoiceCard, ReadabilityScorer } from './brand-voice-card';

const LEVELS = {
  professionalReadingLevel: 12,
  publicReadingLevel: 8,
  professionalTone: 'professional',
  publicTone: 'friendly',
  professionalWordCountMin: 150,
  professionalWordCountMax: 200,
  publicWordCountMin: 10,
  publicWordCountMax: 40,
};

describe('ReadabilityScorer', () => {
  it('scores the sample as it is typed, against both reading levels', () => {
    renderAt('/', <ReadabilityScorer levels={LEVELS} initialText="" />);
    const box = screen.getByRole('textbox', { name: 'Sample paragraph' });
    fireEvent.change(box, { target: { value: 'We see children and adults. We listen first. Then we plan care with you.' } });
    expect(screen.getByText(/14 words \(aim for 10–40\)/).textContent).toContain('on target');
    expect(screen.getByText(/14 words \(aim for 150–200\)/).textContent).toContain('off target');
    // Plain words: far below grade 12, on target for grade 8 or close to it.
    expect(screen.getByText(/Reading grade \d+\.\d \(aim for 12\)/).textContent).toMatch(/off target|close to target/);

    fireEvent.change(box, {
      target: {
        value:
          'Interventional cardiologists performing percutaneous coronary revascularization increasingly incorporate intravascular imaging modalities to optimize procedural outcomes in anatomically complex multivessel disease.',
      },
    });
    expect(screen.getByText(/Reading grade \d+\.\d \(aim for 8\)/).textContent).toContain('off target');
    expect(screen.getAllByText(/To lower the grade, use shorter sentences/).length).toBeGreaterThan(0);
  });
});

describe('BrandVoiceCard', () => {
  it('shows the brand voice and saves it with auto-apply', async () => {
    const settings = {
      hospitalId: 'h1',
      brandVoice: 'Warm and plain.',
      toneGuidelines: null,
      writingStyleNotes: null,
      autoApplyToPrompts: false,
      updatedBy: null,
      updatedAt: null,
    };
    const api = serveApi({
      '/api/admin/hospitals/h1/brand-settings': { body: settings },
      'PUT /api/admin/hospitals/h1/brand-settings': { body: settings },
      '/api/admin/hospitals/h1/reading-levels': { body: LEVELS },
    });
    const puts = () => api.callsTo('PUT', '/api/admin/hospitals/h1/brand-settings');
    const user = userEvent.setup();
    renderAt('/', <BrandVoiceCard hospitalId="h1" />);

    const voice = await screen.findByRole('textbox', { name: 'Brand voice' });
    expect((voice as HTMLTextAreaElement).value).toBe('Warm and plain.');
    expect(screen.getByText(/Grade 8 · 10–40 words · friendly/)).toBeDefined();
    await user.click(screen.getByRole('switch', { name: 'Apply automatically to prompts' }));
    await user.click(screen.getByRole('button', { name: 'Save brand voice' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({
      brandVoice: 'Warm and plain.',
      toneGuidelines: null,
      writingStyleNotes: null,
      autoApplyToPrompts: true,
    });
  });

  it('can show the voice read-only beside the scorer', async () => {
    serveApi({
      '/api/admin/hospitals/h1/brand-settings': {
        body: {
          hospitalId: 'h1',
          brandVoice: null,
          toneGuidelines: 'Say patients.',
          writingStyleNotes: null,
          autoApplyToPrompts: true,
          updatedBy: null,
          updatedAt: null,
        },
      },
      '/api/admin/hospitals/h1/reading-levels': { body: LEVELS },
    });
    renderAt('/', <BrandVoiceCard hospitalId="h1" editable={false} />);
    expect(await screen.findByText('Say patients.')).toBeDefined();
    expect(screen.queryByRole('textbox', { name: 'Brand voice' })).toBeNull();
    expect(screen.getByText('Yes')).toBeDefined();
  });
});
