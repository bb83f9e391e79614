import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Search, UserRoundPlus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { npiSchema, type NpiRecord } from '@shared/npi';
import { AUTH_MESSAGES, signUpAccountSchema, signUpProfessionalSchema } from '@shared/schemas/auth';
import { AuthCard } from '@web/components/layout/auth-card';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { isApiError } from '@web/lib/api-client';
import { useHospitalOptions } from '@web/lib/hospital-options';
import { useNpiLookup } from '../api/get-npi-record';
import { useSignUp } from '../api/sign-up';
import { CheckboxField } from '@web/components/form/checkbox-field';
import { Field } from '@web/components/form/field';
import { FormAlert } from '@web/components/form/form-alert';
import { NpiLookupError, NpiResultCard, primarySpecialty, registryName } from '../components/npi-result-card';
import { PasswordField } from '@web/components/form/password-field';
import { PasswordStrengthHint } from '@web/components/form/password-strength-hint';
import { SelectField } from '@web/components/form/select-field';
import { StepIndicator } from '../components/step-indicator';
import { TextField } from '@web/components/form/text-field';
import { titleCase } from '../lib/title-case';
import { applyFieldErrors, errorField, errorIssues, errorMessage } from '@web/lib/server-errors';

type AccountValues = z.input<typeof signUpAccountSchema>;
type Account = z.output<typeof signUpAccountSchema>;
type ProfessionalValues = z.input<typeof signUpProfessionalSchema>;
type Professional = z.output<typeof signUpProfessionalSchema>;

const STEPS = ['Account', 'Professional details'] as const;
const ACCOUNT_FIELDS = ['email', 'password', 'confirmPassword', 'agreedToTerms', 'agreedToPrivacy'] as const;
const PROFESSIONAL_FIELDS = ['fullName', 'npiNumber', 'hospitalId', 'jobTitle', 'credential', 'specialty', 'firstName', 'lastName'] as const;
const DEFAULT_JOB_TITLE = 'Physician';

type NpiOutcome = { npi: string; record: NpiRecord } | { npi: string; error: string };

function NewTabLink({ to, children }: { to: string; children: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </Link>
  );
}

export function UnifiedSignupPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [account, setAccount] = useState<Account | null>(null);
  const [submitError, setSubmitError] = useState<{ message: string; emailTaken: boolean } | null>(null);
  const [npiOutcome, setNpiOutcome] = useState<NpiOutcome | null>(null);
  /** The name the registry gave; its first/last split is only sent while the full name still matches. */
  const registryNames = useRef<{ fullName: string; firstName: string; lastName: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepChanged = useRef(false);

  const signUp = useSignUp();
  const npiLookup = useNpiLookup();
  const hospitals = useHospitalOptions();

  const accountForm = useForm<AccountValues, unknown, Account>({
    defaultValues: { email: '', password: '', confirmPassword: '', agreedToTerms: false, agreedToPrivacy: false },
    resolver: zodResolver(signUpAccountSchema),
    reValidateMode: 'onSubmit',
  });
  const professionalForm = useForm<ProfessionalValues, unknown, Professional>({
    defaultValues: { fullName: '', firstName: '', lastName: '', credential: '', specialty: '', jobTitle: DEFAULT_JOB_TITLE, npiNumber: '', hospitalId: '' },
    resolver: zodResolver(signUpProfessionalSchema),
    reValidateMode: 'onSubmit',
  });

  // Move focus to the new step's heading so screen readers announce it; not on first render.
  useEffect(() => {
    if (!stepChanged.current) return;
    headingRef.current?.focus();
  }, [step]);

  const goTo = (next: 1 | 2) => {
    stepChanged.current = true;
    setStep(next);
  };

  const onContinue = accountForm.handleSubmit((values) => {
    setAccount(values);
    goTo(2);
  });

  const {
    register,
    setValue,
    getValues,
    setError,
    clearErrors,
    watch,
    formState: { errors, isSubmitting },
  } = professionalForm;
  const accountErrors = accountForm.formState.errors;

  const onLookup = async () => {
    const parsed = npiSchema.safeParse(getValues('npiNumber') ?? '');
    if (!parsed.success) {
      setNpiOutcome(null);
      setError('npiNumber', { type: 'lookup', message: parsed.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    const npi = parsed.data;
    clearErrors('npiNumber');
    try {
      const record = await npiLookup.mutateAsync({ npi, hospitalId: getValues('hospitalId') || undefined });
      const firstName = titleCase(record.first_name);
      const lastName = titleCase(record.last_name);
      const fullName = registryName(record);
      registryNames.current = { fullName, firstName, lastName };
      const options = { shouldDirty: true } as const;
      setValue('fullName', fullName, options);
      setValue('firstName', firstName, options);
      setValue('lastName', lastName, options);
      if (record.credential) setValue('credential', record.credential, options);
      const specialty = primarySpecialty(record);
      if (specialty) setValue('specialty', specialty, options);
      clearErrors(['fullName', 'credential', 'specialty']);
      setNpiOutcome({ npi, record });
    } catch (error) {
      setNpiOutcome({ npi, error: errorMessage(error) });
    }
  };

  const onSubmit = professionalForm.handleSubmit(async (professional) => {
    if (!account) {
      goTo(1);
      return;
    }
    setSubmitError(null);
    const names = registryNames.current;
    const sameName = names && names.fullName === professional.fullName;
    try {
      await signUp.mutateAsync({
        email: account.email,
        password: account.password,
        agreedToTerms: true,
        agreedToPrivacy: true,
        ...professional,
        firstName: sameName ? names.firstName : undefined,
        lastName: sameName ? names.lastName : undefined,
      });
    } catch (error) {
      if (isApiError(error) && error.code === 'HOSPITAL_NOT_FOUND') {
        setError('hospitalId', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
        return;
      }
      // Another account holds the NPI: say how the person gets it back (Settings, once signed up).
      if (isApiError(error, 409) && (error.details as { claimable?: boolean } | undefined)?.claimable) {
        const message = `${errorMessage(error)} If it is yours, leave it empty to create your account, then claim it from Settings.`;
        setError('npiNumber', { type: 'server', message }, { shouldFocus: true });
        return;
      }
      if (applyFieldErrors(error, setError, PROFESSIONAL_FIELDS).length > 0) return;
      const field = errorField(error) ?? errorIssues(error)[0]?.field;
      if (field && (ACCOUNT_FIELDS as readonly string[]).includes(field)) {
        applyFieldErrors(error, accountForm.setError, ACCOUNT_FIELDS);
        goTo(1);
        return;
      }
      setSubmitError({ message: errorMessage(error), emailTaken: isApiError(error, 409) });
      return;
    }
    await navigate('/dashboard', { replace: true });
  });

  const npiValue = (watch('npiNumber') ?? '').trim();
  const visibleOutcome = npiOutcome && npiOutcome.npi === npiValue ? npiOutcome : null;
  const password = accountForm.watch('password');

  return (
    <AuthCard icon={UserRoundPlus} title="Create your Vitae account" description="Two short steps: your account first, then your professional details.">
      <StepIndicator steps={STEPS} current={step} />

      {step === 1 ? (
        <form noValidate onSubmit={(event) => void onContinue(event)} className="mt-8 space-y-5" aria-labelledby="signup-step-heading">
          <h2 id="signup-step-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
            Your account
          </h2>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@hospital.org"
            error={accountErrors.email?.message}
            {...accountForm.register('email', { onChange: () => accountForm.clearErrors('email') })}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            error={accountErrors.password?.message}
            hint={<PasswordStrengthHint password={password} />}
            {...accountForm.register('password', { onChange: () => accountForm.clearErrors('password') })}
          />
          <PasswordField
            label="Confirm password"
            autoComplete="new-password"
            error={accountErrors.confirmPassword?.message}
            {...accountForm.register('confirmPassword', { onChange: () => accountForm.clearErrors('confirmPassword') })}
          />
          {/* One sentence, one box (issue T3 4/7 item 10); both agreements are still sent and recorded. */}
          <div className="rounded-xl bg-gray-50 p-4">
            <CheckboxField
              label={
                <>
                  I agree to the <NewTabLink to="/terms">Terms of Service</NewTabLink> and the <NewTabLink to="/privacy">Privacy Policy</NewTabLink>
                </>
              }
              error={accountErrors.agreedToTerms || accountErrors.agreedToPrivacy ? AUTH_MESSAGES.consentRequired : undefined}
              {...accountForm.register('agreedToTerms', {
                onChange: (event: { target: { checked: boolean } }) => {
                  accountForm.setValue('agreedToPrivacy', event.target.checked);
                  accountForm.clearErrors(['agreedToTerms', 'agreedToPrivacy']);
                },
              })}
            />
          </div>
          <Button type="submit" size="lg" className="w-full">
            Continue
          </Button>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-8 space-y-5" aria-labelledby="signup-step-heading">
          <div>
            <h2 id="signup-step-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-gray-900 focus:outline-none">
              Professional details
            </h2>
            <p className="mt-1 text-sm leading-6 text-gray-600">
              Start with your NPI number and we will fill in what the national registry knows, or your hospital&rsquo;s directory when it keeps one.
            </p>
          </div>

          {submitError ? (
            <FormAlert>
              <p>{submitError.message}</p>
              {submitError.emailTaken ? (
                <p className="mt-1 flex flex-wrap gap-x-4">
                  <Link to="/login" className="font-semibold underline underline-offset-2">
                    Sign in
                  </Link>
                  <Link to="/forgot-password" className="font-semibold underline underline-offset-2">
                    Reset your password
                  </Link>
                </p>
              ) : null}
            </FormAlert>
          ) : null}

          <SelectField
            label="Hospital or health system"
            optional
            disabled={hospitals.isPending}
            error={errors.hospitalId?.message}
            hint={hospitals.isError ? 'We could not load the list of hospitals. You can join one later from your profile.' : undefined}
            {...register('hospitalId', { onChange: () => clearErrors('hospitalId') })}
          >
            <option value="">{hospitals.isPending ? 'Loading hospitals…' : 'None, or not listed'}</option>
            {hospitals.data?.map((hospital) => (
              <option key={hospital.id} value={hospital.id}>
                {hospital.name}
              </option>
            ))}
          </SelectField>

          <Field label="NPI number" optional error={errors.npiNumber?.message} hint="Your 10-digit National Provider Identifier.">
            {({ inputId, describedBy, invalid }) => (
              <div className="flex gap-2">
                <Input
                  id={inputId}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={10}
                  placeholder="1234567890"
                  className="font-mono tracking-wide"
                  {...register('npiNumber', { onChange: () => clearErrors('npiNumber') })}
                  onKeyDown={(event) => {
                    // Enter in the NPI box looks the number up rather than submitting the whole form.
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      void onLookup();
                    }
                  }}
                />
                <Button variant="outline" onClick={() => void onLookup()} loading={npiLookup.isPending} className="w-28">
                  {npiLookup.isPending ? null : <Search aria-hidden="true" className="size-4" />}
                  Look up
                </Button>
              </div>
            )}
          </Field>

          {visibleOutcome ? (
            'record' in visibleOutcome ? (
              <NpiResultCard record={visibleOutcome.record} />
            ) : (
              <NpiLookupError message={visibleOutcome.error} />
            )
          ) : null}

          <TextField
            label="Full name"
            autoComplete="name"
            placeholder="Jane Smith"
            error={errors.fullName?.message}
            {...register('fullName', { onChange: () => clearErrors('fullName') })}
          />
          <TextField
            label="Specialty"
            optional
            placeholder="Cardiology"
            error={errors.specialty?.message}
            {...register('specialty', { onChange: () => clearErrors('specialty') })}
          />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Credential"
              optional
              placeholder="MD"
              error={errors.credential?.message}
              {...register('credential', { onChange: () => clearErrors('credential') })}
            />
            <TextField
              label="Job title"
              autoComplete="organization-title"
              error={errors.jobTitle?.message}
              {...register('jobTitle', { onChange: () => clearErrors('jobTitle') })}
            />
          </div>

          <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
            <Button variant="outline" size="lg" onClick={() => goTo(1)} disabled={isSubmitting} className="sm:w-auto">
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back
            </Button>
            <Button type="submit" size="lg" className="sm:flex-1" loading={isSubmitting}>
              Create Account
            </Button>
          </div>
        </form>
      )}

      <p className="mt-8 border-t border-gray-200 pt-6 text-center text-sm text-gray-600">
        Already have an account?{' '}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}

export { UnifiedSignupPage as Component };
