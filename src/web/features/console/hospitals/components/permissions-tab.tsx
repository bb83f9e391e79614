import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { PROFILE_SECTIONS } from '@web/lib/profile-sections';
import { cn } from '@web/lib/cn';
import { ErrorPanel, LoadingPanel } from '../../components/query-states';
import { FormActions, SectionCard } from '../../components/section-card';
import { Switch } from '../../components/switch';
import { useSaveSectionPermissions, useSectionPermissions, type SectionPermission } from '../api/hospitals';
import { defaultSectionPermissions, normalizePermissions, samePermissions, setSectionRequired, setSectionVisible } from '../lib/permissions';

interface PermissionsEditorProps {
  value: readonly SectionPermission[];
  onChange: (next: SectionPermission[]) => void;
  disabled?: boolean;
}

/** Nine rows with Visible and Required switches; hiding a section switches Required off and locks it. */
export function PermissionsEditor({ value, onChange, disabled = false }: PermissionsEditorProps) {
  return (
    <ul className="divide-y divide-gray-100" aria-label="Profile sections">
      {value.map((permission) => {
        const section = PROFILE_SECTIONS.find((candidate) => candidate.id === permission.sectionId);
        const title = section?.title ?? permission.sectionId;
        const Icon = section?.icon;
        return (
          <li key={permission.sectionId} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-6">
            <div className="flex min-w-0 flex-1 items-start gap-3">
              {Icon ? (
                <span
                  className={cn(
                    'inline-flex size-9 shrink-0 items-center justify-center rounded-lg ring-1',
                    permission.isVisible ? 'bg-brand-50 text-brand-600 ring-brand-100' : 'bg-gray-50 text-gray-400 ring-gray-200',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4.5" />
                </span>
              ) : null}
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
                  {title}
                  {!permission.isVisible ? <Badge variant="gray">Hidden</Badge> : permission.isRequired ? <Badge variant="coral">Required</Badge> : null}
                </p>
                {section ? <p className="text-xs leading-5 text-gray-600">{section.summary}</p> : null}
              </div>
            </div>
            <div className="flex shrink-0 gap-6 pl-12 sm:pl-0">
              <Switch
                checked={permission.isVisible}
                disabled={disabled}
                onCheckedChange={(checked) => onChange(setSectionVisible(value, permission.sectionId, checked))}
                label={
                  <>
                    Visible<span className="sr-only"> – {title}</span>
                  </>
                }
              />
              <Switch
                checked={permission.isRequired}
                disabled={disabled || !permission.isVisible}
                onCheckedChange={(checked) => onChange(setSectionRequired(value, permission.sectionId, checked))}
                label={
                  <>
                    Required<span className="sr-only"> – {title}</span>
                  </>
                }
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function PermissionsTab({ hospitalId }: { hospitalId: string }) {
  const permissions = useSectionPermissions(hospitalId);
  const save = useSaveSectionPermissions(hospitalId);
  const [draft, setDraft] = useState<SectionPermission[] | null>(null);
  const stored = permissions.data ? normalizePermissions(permissions.data) : null;

  if (permissions.isPending) return <LoadingPanel label="Loading section permissions" />;
  if (permissions.isError || !stored) {
    return (
      <ErrorPanel
        title="The section permissions could not be loaded."
        error={permissions.error}
        onRetry={() => void permissions.refetch()}
        retrying={permissions.isFetching}
      />
    );
  }

  const current = draft ?? stored;
  const dirty = !samePermissions(current, stored);
  const visible = current.filter((p) => p.isVisible).length;
  const required = current.filter((p) => p.isRequired).length;

  return (
    <form
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(current, {
          onSuccess: () => {
            setDraft(null);
            toast.success('Section permissions saved.');
          },
        });
      }}
    >
      <SectionCard
        id="permissions"
        title="Profile sections"
        description={
          <>
            Which sections providers of this hospital see, and which they must complete. A hidden section is never required.{' '}
            <span className="font-medium text-gray-800">
              {visible} of 9 visible, {required} required.
            </span>
          </>
        }
        actions={
          <Button variant="outline" size="sm" onClick={() => setDraft(defaultSectionPermissions())} disabled={save.isPending}>
            Restore defaults
          </Button>
        }
      >
        {save.isError ? (
          <Notice tone="error" className="mb-4">
            {serverMessage(save.error, 'The section permissions could not be saved.')}
          </Notice>
        ) : null}
        <PermissionsEditor value={current} onChange={setDraft} disabled={save.isPending} />
      </SectionCard>
      <FormActions dirty={dirty} pending={save.isPending} onDiscard={() => setDraft(null)} />
    </form>
  );
}
