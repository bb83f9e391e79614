import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { toast } from 'sonner';
import { DATA_SOURCES, EXPERTISE_TERMS_SCOPES } from '@shared/enums';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { FormField, PasswordInput } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { cn } from '@web/lib/cn';
import { FormActions, SectionCard } from '../../components/section-card';
import { Switch } from '../../components/switch';
import { Textarea } from '../../components/textarea';
import { useUpdateHospital, type HospitalDto } from '../api/hospitals';
import { DATA_SOURCE_HINTS, DATA_SOURCE_LABELS, TERMS_SCOPE_HINTS, TERMS_SCOPE_LABELS } from '../lib/labels';
import { hospitalSettingsSchema, settingsFromHospital, settingsToBody, type HospitalSettingsInput, type HospitalSettingsOutput } from '../lib/settings-form';

/** Server field paths (`yextConfig.apiKey`) → form paths. */
const SERVER_FIELDS: Record<string, Path<HospitalSettingsInput>> = {
  name: 'name',
  contactEmail: 'contactEmail',
  contactPhone: 'contactPhone',
  address: 'address',
  'yextConfig.apiKey': 'yext.apiKey',
  'yextConfig.apiVersion': 'yext.apiVersion',
  'yextConfig.locationId': 'yext.locationId',
  'yextConfig.accountId': 'yext.accountId',
  'yextConfig.contentEndpointId': 'yext.contentEndpointId',
};

export function SettingsTab({ hospital, canActivate }: { hospital: HospitalDto; canActivate: boolean }) {
  const update = useUpdateHospital();
  const form = useForm<HospitalSettingsInput, unknown, HospitalSettingsOutput>({
    resolver: zodResolver(hospitalSettingsSchema),
    defaultValues: settingsFromHospital(hospital),
  });
  const { reset, formState, register, control, watch, setValue } = form;
  const { errors } = formState;

  // A save (or another tab's change) brings new values; an untouched form follows them.
  useEffect(() => {
    if (!formState.isDirty) reset(settingsFromHospital(hospital));
  }, [hospital, reset, formState.isDirty]);

  const dataSource = watch('dataSource');
  const termsScope = watch('expertiseTermsScope');
  const keyAction = watch('yext.keyAction');
  const populationEnabled = watch('population.enabled');

  const onSubmit = form.handleSubmit((values) => {
    update.mutate(
      { id: hospital.id, body: settingsToBody(values, hospital, canActivate) },
      {
        onSuccess: (saved) => {
          reset(settingsFromHospital(saved));
          toast.success('Hospital settings saved.');
        },
        onError: (error) => {
          for (const { field, message } of serverFieldErrors(error)) {
            const path = SERVER_FIELDS[field];
            if (path) form.setError(path, { message }, { shouldFocus: true });
          }
        },
      },
    );
  });

  const fieldShown = serverFieldErrors(update.error).some(({ field }) => field in SERVER_FIELDS);
  const formError = update.isError && !fieldShown ? serverMessage(update.error, 'The settings could not be saved.') : null;
  const setKeyAction = (action: HospitalSettingsInput['yext']['keyAction']) => {
    setValue('yext.keyAction', action, { shouldDirty: true });
    if (action !== 'replace') setValue('yext.apiKey', '', { shouldDirty: true });
    form.clearErrors('yext.apiKey');
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-6">
      {formError ? <Notice tone="error">{formError}</Notice> : null}

      <SectionCard id="general" title="General" description="How the hospital is named and reached.">
        <div className="grid gap-5 md:grid-cols-2">
          <FormField label="Hospital name" error={errors.name?.message}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('name')} />
            )}
          </FormField>
          <FormField label="Code" hint="Set when the hospital was created; used in sign-up links.">
            {({ id, describedBy }) => <Input id={id} value={hospital.code} readOnly disabled aria-describedby={describedBy} className="font-mono" />}
          </FormField>
          <FormField label="Contact e-mail" error={errors.contactEmail?.message}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} type="email" autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('contactEmail')} />
            )}
          </FormField>
          <FormField label="Contact phone" error={errors.contactPhone?.message}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} type="tel" autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('contactPhone')} />
            )}
          </FormField>
          <FormField label="Address" className="md:col-span-2" error={errors.address?.message}>
            {({ id, describedBy, invalid }) => (
              <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('address')} />
            )}
          </FormField>
        </div>
        {canActivate ? (
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Switch
                className="mt-5"
                checked={field.value}
                onCheckedChange={field.onChange}
                label="Active"
                description="Inactive hospitals are not offered at sign-up and do not appear in hospital choosers."
              />
            )}
          />
        ) : null}
      </SectionCard>

      <SectionCard id="data-source" title="Data source" description="Where provider details are looked up when a profile is filled in.">
        <fieldset>
          <legend className="sr-only">Data source</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {DATA_SOURCES.map((source) => (
              <label
                key={source}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  dataSource === source ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-gray-200 hover:border-gray-300',
                )}
              >
                <input type="radio" value={source} className="mt-1 size-4 accent-brand-600" {...register('dataSource')} />
                <span>
                  <span className="block text-sm font-semibold text-gray-900">{DATA_SOURCE_LABELS[source]}</span>
                  <span className="mt-0.5 block text-xs leading-5 text-gray-600">{DATA_SOURCE_HINTS[source]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {dataSource === 'yext' ? (
          <div className="mt-6 flex flex-col gap-5 border-t border-gray-100 pt-6">
            <h3 className="text-sm font-semibold text-gray-900">Yext connection</h3>
            <div className="rounded-xl bg-gray-50 p-4 ring-1 ring-gray-200 ring-inset">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex items-center gap-3">
                  <KeyRound aria-hidden="true" className="size-5 shrink-0 text-gray-500" />
                  <div>
                    <p className="text-sm font-medium text-gray-900">API key</p>
                    <p className="text-sm text-gray-600" data-testid="api-key-status">
                      {hospital.yextConfig.hasApiKey ? (
                        keyAction === 'remove' ? (
                          'The stored key will be removed when you save.'
                        ) : (
                          <>
                            Stored key <span className="font-mono text-gray-900">{hospital.yextConfig.apiKeyMasked ?? '••••'}</span>
                          </>
                        )
                      ) : (
                        'No key stored yet; enter one below.'
                      )}
                    </p>
                  </div>
                </div>
                {hospital.yextConfig.hasApiKey ? (
                  <div className="flex gap-2">
                    {keyAction === 'keep' ? (
                      <>
                        <Button variant="outline" size="sm" onClick={() => setKeyAction('replace')}>
                          Replace
                        </Button>
                        <Button variant="outline" size="sm" onClick={() => setKeyAction('remove')} className="text-red-700! hover:bg-red-50!">
                          <Trash2 aria-hidden="true" className="size-4" />
                          Remove
                        </Button>
                      </>
                    ) : (
                      <Button variant="ghost" size="sm" onClick={() => setKeyAction('keep')}>
                        <RotateCcw aria-hidden="true" className="size-4" />
                        {keyAction === 'remove' ? 'Keep the key' : 'Cancel replacement'}
                      </Button>
                    )}
                  </div>
                ) : null}
              </div>
              {!hospital.yextConfig.hasApiKey || keyAction === 'replace' ? (
                <FormField
                  className="mt-4"
                  label={hospital.yextConfig.hasApiKey ? 'New API key' : 'API key'}
                  hint="Stored encrypted. It is never shown again; only its last characters are."
                  error={errors.yext?.apiKey?.message}
                >
                  {({ id, describedBy, invalid }) => (
                    <PasswordInput
                      id={id}
                      autoComplete="off"
                      spellCheck={false}
                      aria-invalid={invalid || undefined}
                      aria-describedby={describedBy}
                      {...register('yext.apiKey')}
                    />
                  )}
                </FormField>
              ) : null}
              {keyAction === 'remove' ? (
                <Badge variant="coral" className="mt-3">
                  Will be removed
                </Badge>
              ) : null}
            </div>

            <div className="grid gap-5 md:grid-cols-2">
              <FormField label="API version" hint="A date, like 20231201." error={errors.yext?.apiVersion?.message}>
                {({ id, describedBy, invalid }) => (
                  <Input
                    id={id}
                    inputMode="numeric"
                    autoComplete="off"
                    aria-invalid={invalid || undefined}
                    aria-describedby={describedBy}
                    {...register('yext.apiVersion')}
                  />
                )}
              </FormField>
              <FormField label="Account ID" hint="Leave empty to use “me”." error={errors.yext?.accountId?.message}>
                {({ id, describedBy, invalid }) => (
                  <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('yext.accountId')} />
                )}
              </FormField>
              <FormField label="Location ID" error={errors.yext?.locationId?.message}>
                {({ id, describedBy, invalid }) => (
                  <Input id={id} autoComplete="off" aria-invalid={invalid || undefined} aria-describedby={describedBy} {...register('yext.locationId')} />
                )}
              </FormField>
              <FormField
                label="Content endpoint ID"
                hint="When set, entities are read from this content endpoint."
                error={errors.yext?.contentEndpointId?.message}
              >
                {({ id, describedBy, invalid }) => (
                  <Input
                    id={id}
                    autoComplete="off"
                    aria-invalid={invalid || undefined}
                    aria-describedby={describedBy}
                    {...register('yext.contentEndpointId')}
                  />
                )}
              </FormField>
            </div>
          </div>
        ) : null}
      </SectionCard>

      <SectionCard
        id="expertise-terms"
        title="Expertise terms"
        description="What providers pick their conditions, procedures and reasons for visit from once this hospital has terms of its own."
      >
        {dataSource === 'yext' ? (
          <p className="mb-3 rounded-lg bg-gray-50 p-3 text-sm text-gray-700" data-testid="listing-service-terms">
            This hospital’s data source is the listing service, so its providers pick only from the hospital’s own terms (those synced from the listing service
            and any added here); the choice below applies when the data source is the NPI registry.
          </p>
        ) : null}
        <fieldset disabled={dataSource === 'yext'}>
          <legend className="sr-only">Expertise terms providers see</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {EXPERTISE_TERMS_SCOPES.map((scope) => (
              <label
                key={scope}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
                  termsScope === scope ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-gray-200 hover:border-gray-300',
                )}
              >
                <input type="radio" value={scope} className="mt-1 size-4 accent-brand-600" {...register('expertiseTermsScope')} />
                <span>
                  <span className="block text-sm font-semibold text-gray-900">{TERMS_SCOPE_LABELS[scope]}</span>
                  <span className="mt-0.5 block text-xs leading-5 text-gray-600">{TERMS_SCOPE_HINTS[scope]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </SectionCard>

      <SectionCard
        id="population"
        title="Directory import"
        description="Fill in new providers’ profiles from the hospital directory after they confirm their e-mail."
      >
        <div className="flex flex-col gap-5">
          <Controller
            control={control}
            name="population.enabled"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onCheckedChange={field.onChange}
                label="Import from the directory"
                description="Runs once per provider, after e-mail verification."
              />
            )}
          />
          <Controller
            control={control}
            name="population.matchByHospitalId"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={!populationEnabled}
                label="Match providers by hospital"
                description="Providers who chose this hospital at sign-up are imported."
              />
            )}
          />
          <FormField
            label="E-mail domain patterns"
            hint="One per line, e.g. northfield.example or *.northfield.org. Providers whose e-mail matches are imported even without choosing the hospital."
            error={errors.population?.domainPatterns?.message}
          >
            {({ id, describedBy, invalid }) => (
              <Textarea
                id={id}
                rows={3}
                spellCheck={false}
                disabled={!populationEnabled}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className="font-mono"
                {...register('population.domainPatterns')}
              />
            )}
          </FormField>
          <Controller
            control={control}
            name="population.enhancedExpertise"
            render={({ field }) => (
              <Switch
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={!populationEnabled}
                label="Enhanced expertise"
                description="Conditions, procedures and reasons for visit the hospital’s terms lack are added to them from the directory when a profile is imported; off, only terms the hospital already has are linked."
              />
            )}
          />
        </div>
      </SectionCard>

      <FormActions dirty={formState.isDirty} pending={update.isPending} onDiscard={() => reset(settingsFromHospital(hospital))} />
    </form>
  );
}
