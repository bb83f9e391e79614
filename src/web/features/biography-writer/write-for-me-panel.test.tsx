import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BiographyDraftResponse } from '@shared/schemas/biography';
import { type Answer, serveApi } from '@web/test/api';
import { renderAt } from '@web/test/render';
import { WriteForMePanel } from './write-for-me-panel';

const DRAFT: BiographyDraftResponse = {
  professional: {
    text: 'Ana Ruiz, MD, is a cardiologist at Northfield Health.',
    wordCount: 160,
    grade: 12.4,
    targets: { readingLevel: 12, wordCountMin: 150, wordCountMax: 200, tone: 'professional' },
    warnings: [],
    template: { id: 't1', name: 'Professional biography (standard)' },
  },
  public: {
    text: 'Dr. Ana Ruiz cares for adults with heart problems.',
    wordCount: 90,
    grade: 13.2,
    targets: { readingLevel: 8, wordCountMin: 120, wordCountMax: 150, tone: 'friendly' },
    warnings: ['90 words: shorter than the 120–150 words asked for.'],
    template: { id: 't2', name: 'Patient-friendly biography (standard)' },
  },
  writer: 'built-in',
  template: { id: 't1', name: 'Professional biography (standard)' },
  brandApplied: false,
};

describe('WriteForMePanel', () => {
  it('shows both drafts against their targets and hands the chosen one to the page', async () => {
    const api = serveApi({ 'POST /api/biography/draft': { body: DRAFT } });
    const onUse = vi.fn();
    const user = userEvent.setup();
    renderAt('/biography', <WriteForMePanel onUse={onUse} />);

    await user.click(screen.getByRole('button', { name: 'Write for me' }));
    expect(await screen.findByText(DRAFT.professional.text)).toBeDefined();
    expect(api.calls.map((call) => call.method)).toEqual(['POST']);
    expect(screen.getByText(DRAFT.public.text)).toBeDefined();

    // Measured against the targets, with the status spelled out for screen readers.
    expect(screen.getByText(/160 words \(aim for 150–200\)/).textContent).toContain('on target');
    expect(screen.getByText(/Reading grade 12.4 \(aim for 12\)/).textContent).toContain('on target');
    expect(screen.getByText(/90 words \(aim for 120–150\)/).textContent).toContain('off target');
    expect(screen.getByText(/Reading grade 13.2 \(aim for 8\)/).textContent).toContain('off target');
    expect(screen.getByRole('list', { name: 'Warnings about the public version' }).textContent).toContain('shorter than the 120–150 words');
    // Plain words, not the settings' names (issue 35 item 9).
    expect(screen.getByText(/For colleagues and referring physicians, in a professional tone, following your hospital’s guide/)).toBeDefined();
    expect(screen.queryByText(/template “|· tone /)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Use this public version' }));
    expect(onUse).toHaveBeenLastCalledWith({ public: DRAFT.public.text });
    expect(screen.getByRole('button', { name: 'Use this public version' }).textContent).toContain('Copied to the form');

    await user.click(screen.getByRole('button', { name: 'Use this professional version' }));
    expect(onUse).toHaveBeenLastCalledWith({ professional: DRAFT.professional.text });

    await user.click(screen.getByRole('button', { name: 'Use both' }));
    expect(onUse).toHaveBeenLastCalledWith({ professional: DRAFT.professional.text, public: DRAFT.public.text });
  });

  it('shows the server’s message when writing fails, and offers a retry', async () => {
    const message = 'The writing service did not answer in time. Your biography was not changed.';
    serveApi({ 'POST /api/biography/draft': { status: 504, body: { error: { code: 'WRITER_TIMEOUT', message } } } });
    const onUse = vi.fn();
    const user = userEvent.setup();
    renderAt('/biography', <WriteForMePanel onUse={onUse} />);
    await user.click(screen.getByRole('button', { name: 'Write for me' }));
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
    expect(onUse).not.toHaveBeenCalled();
  });

  it('shows progress while writing and can be disabled by the page', async () => {
    let release: (answer: Answer) => void = () => undefined;
    serveApi({ 'POST /api/biography/draft': () => new Promise<Answer>((resolve) => (release = resolve)) });
    const user = userEvent.setup();
    const view = renderAt('/biography', <WriteForMePanel onUse={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Write for me' }));
    expect(await screen.findByText(/This can take up to half a minute/)).toBeDefined();
    release({ body: DRAFT });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Write again' })).toBeDefined());
    view.unmount();

    renderAt('/biography', <WriteForMePanel onUse={vi.fn()} disabled />);
    expect((screen.getByRole('button', { name: 'Write for me' }) as HTMLButtonElement).disabled).toBe(true);
  });

  // Issue 35 item 9: a 26-word draft at the right grade showed a green grade badge beside a red length.
  it('shows the reading grade green only when the length holds too', async () => {
    const short = { ...DRAFT, professional: { ...DRAFT.professional, text: 'Lee Park is a physician at Northfield Health.', wordCount: 26, grade: 12.1 } };
    serveApi({ 'POST /api/biography/draft': { body: short } });
    const user = userEvent.setup();
    renderAt('/biography', <WriteForMePanel onUse={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Write for me' }));
    expect((await screen.findByText(/26 words \(aim for 150–200\)/)).textContent).toContain('off target');
    const grade = screen.getByText(/Reading grade 12.1 \(aim for 12\)/);
    expect(grade.textContent).toContain('close to target');
    expect(grade.className).not.toContain('emerald');
  });
});
