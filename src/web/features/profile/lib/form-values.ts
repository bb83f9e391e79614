/**
 * Saved data → form values. Inputs hold strings: null text becomes '', null years become '', so
 * fields are controlled from the start and the shared schemas turn '' back into null on save.
 */
/**
 * A section's form values from its schema's parse (z.output): optional text is held as a string ('' for
 * none, as the inputs need), every other field as the schema gives it. Deriving the form from the
 * schema means a field added to the schema is a field the page's toFormValues must fill, or tsc fails.
 */
export type FormValuesOf<Data> = { [Field in keyof Data]-?: NonNullable<Data[Field]> extends string ? string : Data[Field] };

export function text(value: string | null | undefined): string {
  return value ?? '';
}

export function yearText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

export function list<T>(value: readonly T[] | null | undefined): T[] {
  return value ? [...value] : [];
}

/** A nullable boolean as a radio value. */
export type TriState = 'yes' | 'no' | 'unset';

export function triState(value: boolean | null | undefined): TriState {
  return value === true ? 'yes' : value === false ? 'no' : 'unset';
}

export function fromTriState(value: string | null | undefined): boolean | null {
  return value === 'yes' ? true : value === 'no' ? false : null;
}

/** JSON equality for plain form values. */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
