import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { completionPercentage, SECTION_TITLES } from '@shared/profile-completion';
import { SECTION_IDS } from '@shared/limits';
import { CompletionCard } from './completion-card';

type Sections = Parameters<typeof CompletionCard>[0]['dashboard']['sections'];

function sections(complete: string[], required: string[]): Sections {
  return SECTION_IDS.map((sectionId) => ({
    sectionId,
    title: SECTION_TITLES[sectionId],
    path: `/${sectionId}`,
    status: complete.includes(sectionId) ? ('complete' as const) : ('missing' as const),
    isVisible: true,
    isRequired: required.includes(sectionId),
    isStale: false,
    updatedAt: null,
  }));
}

// Issue 35 item 7: the ring said 67 % while "All sections" said 4 of 9, and finishing optional
// sections did not move the ring. One measure now, and the optional sections counted apart, in words.
describe('CompletionCard', () => {
  it('says what the percentage counts, and counts the optional sections apart from it', () => {
    const required = ['professional_identity', 'practice_essentials', 'locations'];
    const list = sections(['professional_identity', 'practice_essentials', 'biography', 'publications'], required);
    expect(completionPercentage(list)).toBe(67);
    render(<CompletionCard dashboard={{ sections: list, completionPercentage: completionPercentage(list) }} />);
    expect(screen.getByText('67%')).toBeInstanceOf(HTMLElement);
    expect(screen.getByTestId('completion-explained').textContent).toBe(
      '2 of the 3 sections your hospital requires are complete, so your profile is 67% complete.',
    );
    expect(screen.getByTestId('completion-optional').textContent).toBe('Optional, not counted in the percentage: 2 of 6 sections complete.');
    expect(screen.queryByText(/All sections/)).toBeNull();
  });

  it('agrees with the shared computation for a hospital that requires nothing', () => {
    const list = sections(['biography'], []);
    const percentage = completionPercentage(list);
    expect(percentage).toBe(100);
    render(<CompletionCard dashboard={{ sections: list, completionPercentage: percentage }} />);
    expect(screen.getByTestId('completion-explained').textContent).toBe('Your hospital requires no sections, so your profile counts as complete.');
  });
});
