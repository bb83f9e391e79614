import { BadgeCheck, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Field } from '../fields';

export interface CredentialValue {
  type: string;
  name: string;
  verified?: boolean;
}

const COMMON = ['MD', 'DO', 'MBBS', 'PhD', 'MPH', 'MS', 'NP', 'PA-C', 'RN', 'DNP', 'FACC', 'FACP', 'FACS', 'FAAP', 'FAAFP'];

interface CredentialsFieldProps {
  value: readonly CredentialValue[];
  onChange: (next: CredentialValue[]) => void;
  labelAction?: ReactNode;
  error?: string;
}

/** Degrees and post-nominals (MD, FACC) as chips; the ones the NPI registry vouches for carry a check. */
export function CredentialsField({ value, onChange, labelAction, error }: CredentialsFieldProps) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const add = (text: string) => {
    const names = text
      .split(/[,;]/)
      .map((part) => part.trim())
      .filter(Boolean);
    const next = [...value];
    for (const name of names) {
      if (!next.some((credential) => credential.name.toLowerCase() === name.toLowerCase())) next.push({ type: 'degree', name });
    }
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'Enter' || event.key === ',') && draft.trim()) {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Enter') {
      event.preventDefault();
    } else if (event.key === 'Backspace' && !draft && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };
  return (
    <Field
      label="Credentials"
      labelAction={labelAction}
      error={error}
      hint="Degrees and fellowships after your name, such as MD or FACC. Press Enter after each."
    >
      {({ inputId, describedBy, invalid }) => (
        <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-lg border border-gray-300 bg-white px-2 py-1.5 shadow-xs focus-within:border-brand-600 focus-within:outline-2 focus-within:outline-brand-600/30">
          {value.map((credential, index) => (
            <span
              key={`${credential.name}-${index}`}
              className="inline-flex items-center gap-1 rounded-md bg-gray-100 py-0.5 pr-1 pl-2 text-sm font-medium text-gray-900 ring-1 ring-gray-200"
            >
              {credential.verified ? <BadgeCheck aria-label="Verified by the NPI registry" className="size-3.5 text-emerald-600" /> : null}
              {credential.name}
              <button
                type="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                className="inline-flex size-5 items-center justify-center rounded text-gray-600 hover:bg-gray-200 hover:text-gray-900"
                aria-label={`Remove credential ${credential.name}`}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </span>
          ))}
          <input
            id={inputId}
            value={draft}
            list={listId}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => draft.trim() && add(draft)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            placeholder={value.length === 0 ? 'MD, FACC…' : undefined}
            className="h-7 min-w-24 flex-1 border-0 bg-transparent px-1 text-sm focus:outline-none"
          />
          <datalist id={listId}>
            {COMMON.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
      )}
    </Field>
  );
}
