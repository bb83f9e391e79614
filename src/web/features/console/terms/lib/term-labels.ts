import type { TermType } from '@shared/enums';

export const TERM_TYPE_PLURALS: Record<TermType, string> = {
  Condition: 'Conditions',
  Procedure: 'Procedures',
  'Reason for Visit': 'Reasons for visit',
  Other: 'Other',
};

export const TERM_TYPE_BADGE: Record<TermType, 'brand' | 'coral' | 'success' | 'gray'> = {
  Condition: 'brand',
  Procedure: 'coral',
  'Reason for Visit': 'success',
  Other: 'gray',
};
