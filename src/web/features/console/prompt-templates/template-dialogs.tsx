import { History, RotateCcw } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { PROMPT_TYPES, type PromptType } from '@shared/enums';
import { PROMPT_TEMPLATE_LIMITS, PROMPT_TYPE_LABELS, TEMPLATE_VARIABLES } from '@shared/schemas/prompt-templates';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField, selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { ConfirmDialog } from '../components/confirm-dialog';
import { HospitalSelect } from '../components/hospital-select';
import { ErrorPanel, LoadingPanel } from '../components/query-states';
import { Switch } from '../components/switch';
import { CharacterCount, Textarea } from '../components/textarea';
import { formatDateTime } from '@web/lib/console-format';
import { useRestoreVersion, useSaveTemplate, useTemplateHistory, type PromptTemplateDto, type PromptTemplateVersionDto } from './api';

type Errors = Partial<Record<string, string>>;

interface EditorProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new template. */
  template: PromptTemplateDto | null;
  /** System administrators choose the scope of a new template; hospital administrators cannot. */
  system: boolean;
  /** The scope a new template starts in ('' = global). */
  defaultHospitalId: string;
  defaultType: PromptType;
}

export function TemplateEditorDialog({ open, onOpenChange, template, system, defaultHospitalId, defaultType }: EditorProps) {
  const save = useSaveTemplate();
  const [promptName, setName] = useState('');
  const [promptType, setType] = useState<PromptType>(defaultType);
  const [hospitalId, setHospitalId] = useState('');
  const [description, setDescription] = useState('');
  const [promptContent, setContent] = useState('');
  const [isActive, setActive] = useState(true);
  const [isDefault, setDefault] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const readOnly = template !== null && !template.canEdit;

  useEffect(() => {
    if (!open) return;
    setName(template?.promptName ?? '');
    setType(template?.promptType ?? defaultType);
    setHospitalId(template ? (template.hospitalId ?? '') : defaultHospitalId);
    setDescription(template?.description ?? '');
    setContent(template?.promptContent ?? '');
    setActive(template?.isActive ?? true);
    setDefault(template?.isDefault ?? false);
    setErrors({});
    save.reset();
    // Reset only when the dialog opens or switches template.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, template]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    const missing: Errors = {};
    if (!promptName.trim()) missing.promptName = 'Template name is required';
    if (!promptContent.trim()) missing.promptContent = 'Template text is required';
    if (Object.keys(missing).length) return setErrors(missing);
    const common = { promptType, promptName, promptContent, description, isActive, isDefault };
    const body = template ? common : { ...common, ...(system ? { hospitalId: hospitalId || null } : {}) };
    save.mutate(
      { id: template?.id, body },
      {
        onSuccess: (saved) => {
          toast.success(template ? `Saved as version ${saved.version}.` : 'Template created.');
          onOpenChange(false);
        },
        onError: (error) => setErrors(Object.fromEntries(serverFieldErrors(error).map(({ field, message }) => [field, message]))),
      },
    );
  };

  const formError = save.isError && serverFieldErrors(save.error).length === 0 ? serverMessage(save.error) : null;

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogTitle>{template ? (readOnly ? template.promptName : `Edit “${template.promptName}”`) : 'New prompt template'}</DialogTitle>
        <DialogDescription>
          {readOnly
            ? 'A global template. Only system administrators can change it; create one for your hospital to use different wording.'
            : template
              ? `Version ${template.version}. Saving creates version ${template.version + 1}; earlier versions stay in the history.`
              : 'The instruction the AI writing service follows when drafting a biography of this type.'}
        </DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Name" error={errors.promptName}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  value={promptName}
                  readOnly={readOnly}
                  maxLength={PROMPT_TEMPLATE_LIMITS.name}
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </FormField>
            <FormField label="Type" error={errors.promptType}>
              {({ id, describedBy }) => (
                <select
                  id={id}
                  aria-describedby={describedBy}
                  className={selectClasses}
                  value={promptType}
                  disabled={readOnly}
                  onChange={(e) => setType(e.target.value as PromptType)}
                >
                  {PROMPT_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {PROMPT_TYPE_LABELS[type]}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          {!template && system ? (
            <HospitalSelect label="Applies to" value={hospitalId} onChange={setHospitalId} leading={{ value: '', label: 'All hospitals (global)' }} />
          ) : null}
          <FormField label="Description" error={errors.description} hint="Optional: when to use this template.">
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={description}
                readOnly={readOnly}
                maxLength={PROMPT_TEMPLATE_LIMITS.description}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            label="Instructions"
            error={errors.promptContent}
            hint={
              <>
                Sent as the system message, followed by the hospital’s targets and brand voice. Placeholders:{' '}
                {TEMPLATE_VARIABLES.map((variable, index) => (
                  <span key={variable.name}>
                    {index ? ', ' : ''}
                    <code title={variable.description}>{`{{${variable.name}}}`}</code>
                  </span>
                ))}
                .
              </>
            }
          >
            {({ id, describedBy, invalid }) => (
              <div>
                <Textarea
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  rows={12}
                  readOnly={readOnly}
                  value={promptContent}
                  onChange={(e) => setContent(e.target.value)}
                  className="font-mono text-[13px]"
                />
                <CharacterCount value={promptContent} max={PROMPT_TEMPLATE_LIMITS.content} />
              </div>
            )}
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <Switch
              checked={isActive}
              onCheckedChange={setActive}
              disabled={readOnly}
              label="Active"
              description="Inactive templates are kept but never used."
            />
            <Switch
              checked={isDefault}
              onCheckedChange={setDefault}
              disabled={readOnly || !isActive}
              label="Default for this type"
              description="Replaces the current default of the same type and scope."
            />
          </div>
          <DialogActions
            submitLabel={readOnly ? null : template ? 'Save new version' : 'Create template'}
            cancelLabel={readOnly ? 'Close' : 'Cancel'}
            pending={save.isPending}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

function VersionEntry({ entry, canRestore, onRestore }: { entry: PromptTemplateVersionDto; canRestore: boolean; onRestore: () => void }) {
  return (
    <li className="rounded-xl border border-gray-200 bg-white p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-gray-900">
          Version {entry.version} · {entry.promptName}
        </p>
        {canRestore ? (
          <Button variant="outline" size="sm" onClick={onRestore} aria-label={`Restore version ${entry.version}`}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore
          </Button>
        ) : null}
      </div>
      <p className="mt-0.5 text-xs text-gray-600">
        <time dateTime={entry.changedAt}>{formatDateTime(entry.changedAt)}</time>
        {entry.changedByName ? ` · ${entry.changedByName}` : ''}
        {entry.isDefault ? ' · was the default' : ''}
        {entry.isActive ? '' : ' · inactive'}
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer text-xs font-medium text-brand-700">Show the text</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-lg bg-gray-50 p-3 text-xs leading-5 whitespace-pre-wrap text-gray-800">{entry.promptContent}</pre>
      </details>
    </li>
  );
}

/** Earlier versions of a template, newest first; restoring one saves it as the next version. */
export function HistoryDialog({ template, onOpenChange }: { template: PromptTemplateDto | null; onOpenChange: (open: boolean) => void }) {
  const history = useTemplateHistory(template?.id ?? null);
  const restore = useRestoreVersion();
  const [pending, setPending] = useState<number | null>(null);

  return (
    <Dialog open={template !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogTitle className="flex items-center gap-2 pr-8">
          <History aria-hidden="true" className="size-5 text-brand-600" />
          History of “{template?.promptName}”
        </DialogTitle>
        <DialogDescription>The current text is version {template?.version}. Restoring an earlier version saves its wording as a new version.</DialogDescription>
        <div className="mt-5">
          {history.isPending ? (
            <LoadingPanel label="Loading the history" />
          ) : history.isError ? (
            <ErrorPanel title="The history could not be loaded." error={history.error} onRetry={() => void history.refetch()} />
          ) : history.data.length === 0 ? (
            <p className="text-sm text-gray-600">No earlier versions: this template has not been changed since it was created.</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Earlier versions">
              {history.data.map((entry) => (
                <VersionEntry key={entry.id} entry={entry} canRestore={Boolean(template?.canEdit)} onRestore={() => setPending(entry.version)} />
              ))}
            </ol>
          )}
        </div>
        {template && !template.canEdit ? (
          <p className="mt-4 text-xs text-gray-600">
            <Badge variant="gray">Read only</Badge> Only system administrators can restore versions of a global template.
          </p>
        ) : null}
      </DialogContent>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPending(null);
            restore.reset();
          }
        }}
        title={`Restore version ${pending ?? ''}?`}
        description={<p>Its name, description and text become version {(template?.version ?? 0) + 1}. The current text stays in the history.</p>}
        confirmLabel="Restore"
        pending={restore.isPending}
        error={restore.isError ? serverMessage(restore.error) : null}
        onConfirm={() =>
          template &&
          pending !== null &&
          restore.mutate(
            { id: template.id, version: pending },
            {
              onSuccess: (saved) => {
                toast.success(`Version ${pending} restored as version ${saved.version}.`);
                setPending(null);
                onOpenChange(false);
              },
            },
          )
        }
      />
    </Dialog>
  );
}
