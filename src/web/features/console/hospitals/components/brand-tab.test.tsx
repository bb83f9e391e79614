import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { serveApi } from '@web/test/api';
import { WritingStandardsForm } from './brand-tab';

const HOSPITAL = '0b6f3c1e-8d2a-4c57-9a51-1f7e2d3c4b5a';

describe('WritingStandardsForm', () => {
  it('offers to save only a change, and again after it is saved', async () => {
    const sent: unknown[] = [];
    serveApi({
      [`PUT /api/admin/hospitals/${HOSPITAL}/brand-writing-standards`]: (call) => {
        sent.push(call.body);
        return { body: call.body };
      },
    });
    renderAt('/x', <WritingStandardsForm hospitalId={HOSPITAL} value="Use plain words." />);
    const save = () => screen.getByRole('button', { name: 'Save standards' }) as HTMLButtonElement;
    expect(save().disabled).toBe(true);

    fireEvent.change(screen.getByRole('textbox', { name: 'Writing standards' }), { target: { value: 'Use plain words. Spell out numbers under ten.' } });
    expect(save().disabled).toBe(false);
    fireEvent.click(save());
    await waitFor(() => expect(sent).toEqual([{ writingStandards: 'Use plain words. Spell out numbers under ten.' }]));
    await waitFor(() => expect(save().disabled).toBe(true));
  });
});
