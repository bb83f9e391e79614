import { z } from 'zod';
import { READING_LEVEL_DEFAULTS } from '@shared/limits';
import { readingLevelsSchema } from '@shared/schemas/hospitals';

const shared = readingLevelsSchema.shape;
/** An empty number box arrives as NaN; say what is wrong before the shared range check. */
const whole = (field: z.ZodNumber) => z.number({ error: 'Enter a whole number' }).pipe(field);
const tone = (field: z.ZodString) => z.string().trim().min(1, 'Describe the tone, e.g. professional').pipe(field);

/**
 * The shared schema's fields, each with a readable message for an empty box, then the shared
 * schema once more as a whole for its min ≤ max rules.
 */
export const readingLevelsFormSchema = z
  .object({
    professionalReadingLevel: whole(shared.professionalReadingLevel),
    publicReadingLevel: whole(shared.publicReadingLevel),
    professionalTone: tone(shared.professionalTone),
    publicTone: tone(shared.publicTone),
    professionalWordCountMin: whole(shared.professionalWordCountMin),
    professionalWordCountMax: whole(shared.professionalWordCountMax),
    publicWordCountMin: whole(shared.publicWordCountMin),
    publicWordCountMax: whole(shared.publicWordCountMax),
  })
  .superRefine((value, ctx) => {
    const parsed = readingLevelsSchema.safeParse(value);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path as PropertyKey[], message: issue.message });
  });

export type ReadingLevelsFormInput = z.input<typeof readingLevelsFormSchema>;
export type ReadingLevelsFormOutput = z.output<typeof readingLevelsFormSchema>;

export const READING_LEVEL_FORM_DEFAULTS: ReadingLevelsFormInput = { ...READING_LEVEL_DEFAULTS };

export const TONE_SUGGESTIONS = ['professional', 'friendly', 'formal', 'warm', 'conversational', 'academic', 'plain'] as const;
