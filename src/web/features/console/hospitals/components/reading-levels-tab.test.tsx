import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { READING_LEVEL_DEFAULTS } from '@shared/limits';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { ReadingLevelsForm } from './reading-levels-tab';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';

function setup() {
  const sent: unknown[] = [];
  serveApi({
    [`PUT /api/admin/hospitals/${HOSPITAL}/reading-levels`]: (call) => {
      sent.push(call.body);
      return { body: call.body };
    },
  });
  renderAt('/x', <ReadingLevelsForm hospitalId={HOSPITAL} levels={{ ...READING_LEVEL_DEFAULTS }} />);
  return sent;
}

const field = (name: string, index = 0) => screen.getAllByLabelText(name)[index] as HTMLInputElement;

describe('ReadingLevelsForm', () => {
  it('refuses out-of-range levels, an empty number, a blank tone and a maximum below the minimum', async () => {
    const sent = setup();
    fireEvent.change(field('Reading level (grade)', 0), { target: { value: '19' } });
    fireEvent.change(field('Reading level (grade)', 1), { target: { value: '' } });
    fireEvent.change(field('Tone', 1), { target: { value: '   ' } });
    fireEvent.change(field('Minimum words', 0), { target: { value: '300' } });
    fireEvent.change(field('Maximum words', 0), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Reading level must be between 1 and 18')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Enter a whole number')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Describe the tone, e.g. professional')).toBeInstanceOf(HTMLElement);
    // min ≤ max is checked only once every field is valid on its own.
    fireEvent.change(field('Reading level (grade)', 0), { target: { value: '14' } });
    fireEvent.change(field('Reading level (grade)', 1), { target: { value: '6' } });
    fireEvent.change(field('Tone', 1), { target: { value: 'warm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The maximum must not be below the minimum')).toBeInstanceOf(HTMLElement);
    expect(field('Maximum words', 0).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);

    fireEvent.change(field('Maximum words', 0), { target: { value: '320' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      ...READING_LEVEL_DEFAULTS,
      professionalReadingLevel: 14,
      publicReadingLevel: 6,
      publicTone: 'warm',
      professionalWordCountMin: 300,
      professionalWordCountMax: 320,
    });
  });

  it('restores the defaults', async () => {
    setup();
    fireEvent.change(field('Tone', 0), { target: { value: 'academic' } });
    expect(screen.getByText('You have unsaved changes.')).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect(field('Tone', 0).value).toBe('professional');
  });
});
