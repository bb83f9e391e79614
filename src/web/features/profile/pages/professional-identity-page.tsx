import { IdCard, RefreshCw, Stethoscope, UserRound } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { npiSchema } from '@shared/npi';
import { PROFILE_MESSAGES, professionalIdentitySchema, type ProfileSectionData, type RegistryIdentityField } from '@shared/schemas/profile';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { useSession, type SessionUser } from '@web/lib/session';
import { isApiError } from '@web/lib/api-client';
import { useHospitalTaxonomy, type HospitalTaxonomy } from '../api/get-hospital-taxonomy';
import { useSection } from '../api/get-section';
import { useRefreshIdentity, type IdentityRefreshResult } from '../api/refresh-identity';
import type { IdentityView } from '../api/types';
import { EditorCard } from '../components/editor-card';
import { Field, FormAlert, SelectField, TagsField, TextField } from '../components/fields';
import { CredentialsField, type CredentialValue } from '../components/identity/credentials-field';
import { NpiRefreshSummary } from '../components/identity/npi-refresh-result';
import { OverrideBadge } from '../components/identity/override-badge';
import { ProfilePhotoCard } from '../components/identity/profile-photo-card';
import { SectionLoader } from '../components/section-loader';
import { SectionPage } from '../components/section-page';
import { MultiSpecialtyPicker, SingleSpecialtyPicker, type SpecialtyChoice } from '../components/specialty-picker';
import { BoardCertificationsEditor } from '../extras/board-certifications-editor';
import { LicensesEditor } from '../extras/licenses-editor';
import { useSectionEditor } from '../hooks/use-section-editor';
import { list, text } from '../lib/form-values';
import { schemaResolver } from '../lib/resolver';
import { errorText } from '@web/lib/section-server-errors';

export interface IdentityFormValues {
  npiNumber: string;
  fullLegalName: string;
  firstName: string;
  lastName: string;
  preferredName: string;
  pronouns: string;
  professionalEmail: string;
  jobTitle: string;
  department: string;
  division: string;
  section: string;
  departmentId: string;
  divisionId: string;
  sectionId: string;
  primarySpecialty: string;
  primarySpecialties: string[];
  additionalSpecialties: string[];
  credentials: CredentialValue[];
  academicTitles: string[];
  certifications: ProfileSectionData<'professional_identity'>['certifications'];
  licenses: ProfileSectionData<'professional_identity'>['licenses'];
  manualOverrideFlags: Record<string, boolean>;
}

const PRONOUNS = ['she/her', 'he/him', 'they/them', 'she/they', 'he/they'];
const ACADEMIC_TITLES = [
  'Professor',
  'Associate Professor',
  'Assistant Professor',
  'Clinical Professor',
  'Instructor',
  'Lecturer',
  'Chair',
  'Program Director',
];

/** Saved identity → form values; a provider without one starts from their account (name, e-mail, job title, NPI). */
export function identityFormValues(data: IdentityView | null, user?: SessionUser | null): IdentityFormValues {
  return {
    npiNumber: text(data ? data.npiNumber : user?.npiNumber),
    fullLegalName: text(data ? data.fullLegalName : user?.fullName),
    firstName: text(data ? data.firstName : user?.firstName),
    lastName: text(data ? data.lastName : user?.lastName),
    preferredName: text(data?.preferredName),
    pronouns: text(data?.pronouns),
    professionalEmail: text(data ? data.professionalEmail : user?.email),
    jobTitle: text(data ? data.jobTitle : user?.jobTitle),
    department: text(data?.department),
    division: text(data?.division),
    section: text(data?.section),
    departmentId: text(data?.departmentId),
    divisionId: text(data?.divisionId),
    sectionId: text(data?.sectionId),
    primarySpecialty: text(data?.primarySpecialty),
    primarySpecialties: list(data?.primarySpecialties),
    additionalSpecialties: list(data?.additionalSpecialties),
    credentials: (data?.credentials ?? []).map((credential) => ({ type: credential.type, name: credential.name, verified: credential.verified ?? false })),
    academicTitles: list(data?.academicTitles),
    certifications: list(data?.certifications),
    licenses: list(data?.licenses),
    manualOverrideFlags: { ...(data?.manualOverrideFlags ?? {}) },
  };
}

function specialtyChoices(taxonomy: HospitalTaxonomy | undefined): SpecialtyChoice[] {
  const seen = new Map<string, SpecialtyChoice>();
  for (const row of taxonomy?.specialties ?? []) {
    if (seen.has(row.specialty)) continue;
    seen.set(row.specialty, { name: row.specialty, context: [row.department, row.division].filter(Boolean).join(' › ') || undefined });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function Fieldset({ legend, description, children }: { legend: string; description?: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 border-t border-gray-100 pt-6 first:border-t-0 first:pt-0">
      <div>
        <legend className="text-base font-semibold text-gray-900">{legend}</legend>
        {description ? <p className="mt-0.5 text-sm text-gray-600">{description}</p> : null}
      </div>
      {children}
    </fieldset>
  );
}

export function IdentityForm({ data }: { data: IdentityView | null }) {
  const session = useSession();
  const taxonomy = useHospitalTaxonomy();
  const saved = useSection('professional_identity').data?.data ?? data;
  const [prefilled] = useState(() => data === null);
  const form = useForm<IdentityFormValues, unknown, ProfileSectionData<'professional_identity'>>({
    defaultValues: identityFormValues(data, session.data?.user),
    resolver: schemaResolver(professionalIdentitySchema),
  });
  const { register, control, setValue, watch, formState } = form;
  const errors = formState.errors;
  const editor = useSectionEditor({
    sectionId: 'professional_identity',
    form,
    toFormValues: (view) => identityFormValues(view),
    successMessage: 'Professional identity saved',
  });

  const refresh = useRefreshIdentity();
  const [refreshResult, setRefreshResult] = useState<IdentityRefreshResult | null>(null);
  const [refreshError, setRefreshError] = useState<string | null>(null);

  const flags = watch('manualOverrideFlags');
  const savedFlags = saved?.manualOverrideFlags ?? {};
  const badge = (field: RegistryIdentityField, label: string, alsoFlaggedBy?: RegistryIdentityField) => (
    <OverrideBadge
      fieldLabel={label}
      saved={Boolean(savedFlags[field] || (alsoFlaggedBy && savedFlags[alsoFlaggedBy]))}
      flagged={Boolean(flags[field] || (alsoFlaggedBy && flags[alsoFlaggedBy]))}
      onChange={(next) => {
        const updated = { ...form.getValues('manualOverrideFlags'), [field]: next };
        if (alsoFlaggedBy) updated[alsoFlaggedBy] = next;
        setValue('manualOverrideFlags', updated, { shouldDirty: true });
      }}
    />
  );

  const choices = useMemo(() => specialtyChoices(taxonomy.data), [taxonomy.data]);
  const departments = taxonomy.data?.departments ?? [];
  const departmentId = watch('departmentId');
  const divisionId = watch('divisionId');
  const department = departments.find((d) => d.id === departmentId);
  const division = department?.divisions.find((d) => d.id === divisionId);
  const primary = watch('primarySpecialty');
  const additional = watch('additionalSpecialties');

  const pickUnit = (level: 'department' | 'division' | 'section', id: string, name: string) => {
    const options = { shouldDirty: true } as const;
    setValue(`${level}Id`, id, options);
    setValue(level, name, options);
    if (level === 'department') {
      setValue('divisionId', '', options);
      setValue('division', '', options);
    }
    if (level !== 'section') {
      setValue('sectionId', '', options);
      setValue('section', '', options);
    }
  };

  const onRefresh = async () => {
    setRefreshError(null);
    setRefreshResult(null);
    form.clearErrors('npiNumber');
    const typed = form.getValues('npiNumber').trim();
    if (typed) {
      const parsed = npiSchema.safeParse(typed);
      if (!parsed.success) {
        form.setError('npiNumber', { type: 'refresh', message: parsed.error.issues[0]?.message }, { shouldFocus: true });
        return;
      }
    } else if (!saved?.npiNumber) {
      form.setError('npiNumber', { type: 'refresh', message: PROFILE_MESSAGES.noNpi }, { shouldFocus: true });
      return;
    }
    try {
      const result = await refresh.mutateAsync(typed || undefined);
      // Registry values for what the provider has not touched here; typing in progress is kept.
      form.reset(identityFormValues(result.identity), { keepDirtyValues: true });
      setRefreshResult(result);
    } catch (error) {
      if (isApiError(error) && [400, 404, 409].includes(error.status)) {
        form.setError('npiNumber', { type: 'server', message: errorText(error) }, { shouldFocus: true });
      } else {
        setRefreshError(errorText(error));
      }
    }
  };

  const npiSpecialties = saved?.npiSpecialties ?? [];
  const registryLicenses = watch('licenses');

  return (
    <EditorCard
      title="Your professional identity"
      icon={UserRound}
      description="Fields marked “Edited by you” keep your wording when your profile is refreshed from the NPI registry."
      editor={editor}
      saveLabel="Save professional identity"
    >
      {prefilled ? (
        <FormAlert tone="info" title="We started this from your account">
          Check your name, e-mail and job title, add the rest, and save to create your professional identity.
        </FormAlert>
      ) : null}

      <Fieldset legend="Name">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            fieldClassName="sm:col-span-2"
            label="Full legal name"
            autoComplete="name"
            labelAction={badge('fullLegalName', 'full legal name')}
            error={errors.fullLegalName?.message}
            {...register('fullLegalName')}
          />
          <TextField
            label="First name"
            autoComplete="given-name"
            labelAction={badge('firstName', 'first name')}
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            labelAction={badge('lastName', 'last name')}
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            label="Preferred name"
            optional
            hint="The name patients should use, if it differs."
            error={errors.preferredName?.message}
            {...register('preferredName')}
          />
          <TextField label="Pronouns" optional list="pronoun-options" placeholder="she/her" error={errors.pronouns?.message} {...register('pronouns')} />
          <datalist id="pronoun-options">
            {PRONOUNS.map((pronoun) => (
              <option key={pronoun} value={pronoun} />
            ))}
          </datalist>
        </div>
      </Fieldset>

      <Fieldset legend="Role and contact">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Professional e-mail"
            type="email"
            autoComplete="email"
            error={errors.professionalEmail?.message}
            {...register('professionalEmail')}
          />
          <TextField label="Job title" autoComplete="organization-title" error={errors.jobTitle?.message} {...register('jobTitle')} />
        </div>
      </Fieldset>

      <Fieldset
        legend="Department"
        description={taxonomy.data?.source === 'hospital' ? 'Your hospital’s own departments.' : 'Departments from the standard specialty taxonomy.'}
      >
        {taxonomy.isError ? <FormAlert>Failed to retrieve taxonomy. Your saved department is kept.</FormAlert> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <SelectField
            label="Department"
            optional
            value={departmentId}
            disabled={taxonomy.isPending}
            onChange={(event) => {
              const chosen = departments.find((d) => d.id === event.target.value);
              pickUnit('department', event.target.value, chosen?.name ?? '');
            }}
          >
            <option value="">{taxonomy.isPending ? 'Loading…' : 'Choose a department'}</option>
            {departments.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
            {departmentId && !department ? <option value={departmentId}>{watch('department') || departmentId}</option> : null}
          </SelectField>
          <SelectField
            label="Division"
            optional
            value={divisionId}
            disabled={!departmentId}
            onChange={(event) => {
              const chosen = department?.divisions.find((d) => d.id === event.target.value);
              pickUnit('division', event.target.value, chosen?.name ?? '');
            }}
          >
            <option value="">{departmentId ? 'Choose a division' : 'Choose a department first'}</option>
            {department?.divisions.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
            {divisionId && !division ? <option value={divisionId}>{watch('division') || divisionId}</option> : null}
          </SelectField>
          <SelectField
            label="Section"
            optional
            value={watch('sectionId')}
            disabled={!divisionId || (division ? division.sections.length === 0 : false)}
            onChange={(event) => {
              const chosen = division?.sections.find((s) => s.id === event.target.value);
              pickUnit('section', event.target.value, chosen?.name ?? '');
            }}
          >
            <option value="">
              {!divisionId ? 'Choose a division first' : division && division.sections.length === 0 ? 'No sections' : 'Choose a section'}
            </option>
            {division?.sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
            {watch('sectionId') && !division?.sections.some((s) => s.id === watch('sectionId')) ? (
              <option value={watch('sectionId')}>{watch('section') || watch('sectionId')}</option>
            ) : null}
          </SelectField>
        </div>
      </Fieldset>

      <Fieldset legend="Specialties">
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="primarySpecialty"
            render={({ field, fieldState }) => (
              <SingleSpecialtyPicker
                label="Primary specialty"
                choices={choices}
                loading={taxonomy.isPending}
                value={field.value}
                error={fieldState.error?.message}
                labelAction={badge('primarySpecialty', 'primary specialty', 'primarySpecialties')}
                onBlur={field.onBlur}
                onChange={(next) => {
                  const previous = field.value;
                  field.onChange(next);
                  // The registry keeps the primary specialty in both fields; so do we.
                  const others = form.getValues('primarySpecialties').filter((name) => name !== previous && name !== next);
                  setValue('primarySpecialties', next ? [next, ...others] : others, { shouldDirty: true });
                }}
              />
            )}
          />
          <MultiSpecialtyPicker
            label="Additional specialties"
            choices={choices}
            loading={taxonomy.isPending}
            value={additional}
            exclude={primary ? [primary] : []}
            error={errors.additionalSpecialties?.message}
            onChange={(next) => setValue('additionalSpecialties', next, { shouldDirty: true })}
          />
        </div>
        {npiSpecialties.length > 0 ? (
          <p className="flex flex-wrap items-center gap-1.5 text-sm text-gray-600">
            <Stethoscope aria-hidden="true" className="size-4 text-gray-500" />
            In the NPI registry:
            {npiSpecialties.map((s) => (
              <span key={s.code} className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
                {s.name}
                {s.is_primary ? ' (primary)' : ''}
              </span>
            ))}
          </p>
        ) : null}
      </Fieldset>

      <Fieldset legend="Credentials and academic titles">
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name="credentials"
            render={({ field }) => (
              <CredentialsField
                value={field.value}
                onChange={field.onChange}
                labelAction={badge('credentials', 'credentials')}
                error={errors.credentials?.message ?? errors.credentials?.root?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="academicTitles"
            render={({ field }) => (
              <TagsField
                label="Academic titles"
                optional
                itemName="title"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                suggestions={ACADEMIC_TITLES}
                placeholder="Associate Professor of Medicine"
                hint="Press Enter after each title."
                error={errors.academicTitles?.message}
              />
            )}
          />
        </div>
      </Fieldset>

      <Fieldset
        legend="National Provider Identifier (NPI)"
        description="Refreshing fills your name, credentials, primary specialty and licenses from the NPI registry, except the fields you edited."
      >
        <Field label="NPI number" optional error={errors.npiNumber?.message} hint="10 digits. Leave empty if you do not have one.">
          {({ inputId, describedBy, invalid }) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                className="sm:max-w-56"
                aria-invalid={invalid}
                aria-describedby={describedBy}
                {...register('npiNumber')}
              />
              <Button variant="outline" onClick={() => void onRefresh()} loading={refresh.isPending}>
                {refresh.isPending ? null : <RefreshCw aria-hidden="true" className="size-4" />}
                Refresh from registry
              </Button>
            </div>
          )}
        </Field>
        {refreshError ? <FormAlert title="The NPI registry could not be reached">{refreshError}</FormAlert> : null}
        {refreshResult ? <NpiRefreshSummary result={refreshResult} /> : null}
        {registryLicenses.length > 0 ? (
          <div className="text-sm text-gray-700">
            <p className="flex items-center gap-2 font-medium text-gray-800">
              <IdCard aria-hidden="true" className="size-4 text-gray-500" />
              Licenses on file with the registry
              {badge('licenses', 'registry licenses')}
            </p>
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {registryLicenses.map((license) => (
                <li key={`${license.state}-${license.number}`} className="rounded-md bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-800">
                  {[license.state, license.number].filter(Boolean).join(' ')} · {license.status}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Fieldset>
    </EditorCard>
  );
}

export function ProfessionalIdentityPage() {
  return (
    <SectionPage id="professional_identity">
      <SectionLoader sectionId="professional_identity" label="Loading your professional identity" rows={6}>
        {(data) => (
          <>
            <ProfilePhotoCard photo={data?.profilePhoto ?? null} name={data?.fullLegalName} />
            <IdentityForm data={data} />
          </>
        )}
      </SectionLoader>
      <LicensesEditor />
      <BoardCertificationsEditor />
    </SectionPage>
  );
}

export { ProfessionalIdentityPage as Component };
