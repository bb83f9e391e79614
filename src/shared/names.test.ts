import { describe, expect, it } from 'vitest';
import { splitProviderName } from './names';

describe('splitProviderName', () => {
  it.each([
    ['Jane Smith, MD', { fullName: 'Jane Smith', firstName: 'Jane', lastName: 'Smith', credentials: ['MD'] }],
    ['Dr. Jane Q. Smith M.D., Ph.D.', { fullName: 'Jane Q. Smith', firstName: 'Jane', lastName: 'Smith', credentials: ['M.D.', 'Ph.D.'] }],
    ['Alex Rivera RN', { fullName: 'Alex Rivera', firstName: 'Alex', lastName: 'Rivera', credentials: ['RN'] }],
    ['Maria de la Cruz DO FACP', { fullName: 'Maria de la Cruz', firstName: 'Maria', lastName: 'Cruz', credentials: ['DO', 'FACP'] }],
    ['Madonna', { fullName: 'Madonna', firstName: 'Madonna', lastName: '', credentials: [] }],
    ['  Sam   Lee  ', { fullName: 'Sam Lee', firstName: 'Sam', lastName: 'Lee', credentials: [] }],
  ])('%s', (input, expected) => {
    expect(splitProviderName(input)).toEqual(expected);
  });

  it('never strips a name down to nothing', () => {
    expect(splitProviderName('MD').fullName).toBe('MD');
  });
});
