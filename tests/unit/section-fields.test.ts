/**
 * Proof for issue 38's "a new field fails to compile until every place that must show it does"
 * (docs/architecture.md, "Adding a field to a section"). The practice essentials schema gains an
 * "office hours" field below, as a newcomer would add it, and each check the code runs on the real
 * schema is run on the grown one: each passes today and refuses the grown schema. (The field's name is
one nobody will add for real, so adding a real field leaves this file alone.) These are types,
 * so `npm run typecheck` is what runs them; vitest only counts the test.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { PUBLIC_FIELDS, type PublicFieldsOf } from '../../src/server/modules/directory/public-profile';
import type { FieldsMissingFromView, SectionView } from '../../src/server/modules/profile/model';
import { MAPPABLE_FIELDS, type MappableFieldsOf } from '../../src/server/modules/yext/mapping';
import { practiceEssentialsSchema, type FieldsOf, type ProfileSectionData, type ProfileSectionField } from '../../src/shared/schemas/profile';
import type { FormValuesOf } from '../../src/web/features/profile/lib/form-values';
import type { PracticeForm } from '../../src/web/features/profile/pages/practice-essentials-page';

const withOfficeHours = practiceEssentialsSchema.extend({ officeHoursExample: z.string().trim().max(300).nullable() });
type Today = ProfileSectionField<'practice_essentials'>;
type Grown = FieldsOf<z.input<typeof withOfficeHours>> | FieldsOf<z.output<typeof withOfficeHours>>;

describe('adding a field to a section schema fails the typecheck where it must be handled', () => {
  it('the grown schema names one field more', () => {
    expect(withOfficeHours.parse({ officeHoursExample: ' Mon–Fri 8–5 ' }).officeHoursExample).toBe('Mon–Fri 8–5');
    expectTypeOf<Exclude<Grown, Today>>().toEqualTypeOf<'officeHoursExample'>();
  });

  it('the section view (table column and views.ts) must carry it: model.ts', () => {
    expectTypeOf<FieldsMissingFromView<Today, SectionView<'practice_essentials'>>>().toEqualTypeOf<never>();
    expectTypeOf<FieldsMissingFromView<Grown, SectionView<'practice_essentials'>>>().toEqualTypeOf<'officeHoursExample'>();
  });

  it('the public profile must say whether and where it shows it: directory/public-profile.ts', () => {
    expectTypeOf(PUBLIC_FIELDS.practice_essentials).toExtend<PublicFieldsOf<Today>>();
    expectTypeOf(PUBLIC_FIELDS.practice_essentials).not.toExtend<PublicFieldsOf<Grown>>();
    // A listed field that the schema and the view do not have is refused too.
    // @ts-expect-error 'officeHour' is no field of practice essentials
    const misspelt: PublicFieldsOf<Today | FieldsOf<SectionView<'practice_essentials'>>> = { ...PUBLIC_FIELDS.practice_essentials, officeHour: false };
    expectTypeOf(misspelt).not.toBeNever();
  });

  it("the practice page's form must fill it: its type is derived from the schema", () => {
    expectTypeOf<PracticeForm>().toEqualTypeOf<FormValuesOf<ProfileSectionData<'practice_essentials'>>>();
    // toFormValues builds a PracticeForm literal; with the grown schema that literal lacks officeHoursExample.
    type GrownForm = FormValuesOf<z.output<typeof withOfficeHours>>;
    expectTypeOf<Exclude<keyof GrownForm, keyof PracticeForm>>().toEqualTypeOf<'officeHoursExample'>();
    expectTypeOf<GrownForm['officeHoursExample']>().toEqualTypeOf<string>();
    expectTypeOf<PracticeForm>().not.toExtend<FormValuesOf<z.output<typeof withOfficeHours>>>();
  });

  it('the listing-service mapping must map it or say the import does not fill it: yext/mapping.ts', () => {
    expectTypeOf(MAPPABLE_FIELDS.practice_essentials).toExtend<MappableFieldsOf<Today>>();
    expectTypeOf(MAPPABLE_FIELDS.practice_essentials).not.toExtend<MappableFieldsOf<Grown>>();
    // @ts-expect-error 'officeHour' is no field of practice essentials, and not declared as composed
    const misspelt: MappableFieldsOf<Today> = { ...MAPPABLE_FIELDS.practice_essentials, officeHour: 'text' };
    expectTypeOf(misspelt).not.toBeNever();
  });
});
