import { Copy, History, Pencil, Plus, Sparkles, Star, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { PROMPT_TYPES, type PromptType } from '@shared/enums';
import { PROMPT_TYPE_LABELS } from '@shared/schemas/prompt-templates';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { serverMessage } from '@web/lib/admin-error-message';
import { cn } from '@web/lib/cn';
import { useHospitalName } from '../api/get-hospital-options';
import { ConfirmDialog } from '../components/confirm-dialog';
import { HospitalSelect } from '../components/hospital-select';
import { IconButton } from '../components/icon-button';
import { EmptyState, ErrorPanel, LoadingPanel } from '../components/query-states';
import { useHospitalScope } from '../components/use-hospital-scope';
import { formatDateTime } from '@web/lib/console-format';
import { useConsoleAdmin } from '../lib/use-console-admin';
import { useDeleteTemplate, usePromptTemplates, useSaveTemplate, type PromptTemplateDto } from './api';
import { HistoryDialog, TemplateEditorDialog } from './template-dialogs';

const TYPE_HELP: Record<PromptType, string> = {
  professional: 'Used for the professional biography, read by colleagues and referring physicians.',
  public: 'Used for the public biography, read by patients and families.',
};

function TemplateCard({
  template,
  onOpen,
  onHistory,
  onMakeDefault,
  onDelete,
  onCopy,
}: {
  template: PromptTemplateDto;
  onOpen: () => void;
  onHistory: () => void;
  onMakeDefault: () => void;
  onDelete: () => void;
  onCopy: () => void;
}) {
  return (
    <li className={cn('rounded-xl border bg-white p-4', template.isDefault ? 'border-brand-300' : 'border-gray-200', !template.isActive && 'opacity-75')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <button
            type="button"
            onClick={onOpen}
            className="text-left text-sm font-semibold text-gray-900 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {template.promptName}
          </button>
          <p className="mt-1 flex flex-wrap items-center gap-1.5">
            {template.isDefault ? (
              <Badge variant="brand">
                <Star aria-hidden="true" className="size-3" />
                Default
              </Badge>
            ) : null}
            <Badge variant="gray">{template.scope === 'global' ? 'Global' : (template.hospitalName ?? 'Hospital')}</Badge>
            {template.isActive ? null : <Badge variant="coral">Inactive</Badge>}
            <span className="text-xs text-gray-500">
              v{template.version} · updated {formatDateTime(template.updatedAt)}
            </span>
          </p>
          {template.description ? <p className="mt-1 text-sm text-gray-600">{template.description}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          {template.canEdit && !template.isDefault && template.isActive ? (
            <Button variant="ghost" size="sm" onClick={onMakeDefault}>
              Make default
            </Button>
          ) : null}
          <IconButton icon={History} label={`History of ${template.promptName}`} onClick={onHistory} />
          {template.canEdit ? (
            <>
              <IconButton icon={Pencil} label={`Edit ${template.promptName}`} onClick={onOpen} />
              <IconButton icon={Trash2} tone="danger" label={`Delete ${template.promptName}`} onClick={onDelete} />
            </>
          ) : (
            <IconButton icon={Copy} label={`Copy ${template.promptName} to your hospital`} onClick={onCopy} />
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * Biography prompt templates. Hospital administrators see the global templates (read only) and
 * their hospital's; system administrators see everything, or global plus one hospital's.
 */
export function PromptTemplatesPage() {
  const admin = useConsoleAdmin();
  const system = admin?.role === 'system_admin';
  // System administrators start on "all"; hospital administrators are always on their own hospital.
  const [scope, setScope] = useHospitalScope(admin);
  const ownName = useHospitalName(admin?.role === 'hospital_admin' ? admin.hospital_id : null);
  const templates = usePromptTemplates({ hospitalId: system ? scope : '' });
  const save = useSaveTemplate();
  const remove = useDeleteTemplate();
  const [editor, setEditor] = useState<{ open: boolean; template: PromptTemplateDto | null; type: PromptType }>({
    open: false,
    template: null,
    type: 'professional',
  });
  const [historyOf, setHistoryOf] = useState<PromptTemplateDto | null>(null);
  const [deleting, setDeleting] = useState<PromptTemplateDto | null>(null);

  if (!admin) return null;

  const makeDefault = (template: PromptTemplateDto) =>
    save.mutate(
      { id: template.id, body: { isDefault: true } },
      {
        onSuccess: () => toast.success(`“${template.promptName}” is now the default ${template.promptType} template.`),
        onError: (error) => toast.error(serverMessage(error)),
      },
    );
  const copyToHospital = (template: PromptTemplateDto) =>
    save.mutate(
      {
        body: {
          promptType: template.promptType,
          promptName: `${template.promptName} (${ownName ?? 'our hospital'})`,
          promptContent: template.promptContent,
          description: template.description,
          isActive: true,
          isDefault: false,
        },
      },
      { onSuccess: () => toast.success('Copied. Edit the copy and make it your default to use it.'), onError: (error) => toast.error(serverMessage(error)) },
    );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={Sparkles}
        title="Prompt templates"
        description={
          system
            ? 'The instructions the AI writing service follows for biographies. Global templates apply to every hospital unless a hospital has its own default.'
            : `The instructions the AI writing service follows for biographies at ${ownName ?? 'your hospital'}. Your hospital’s default is used first, then the global default.`
        }
        actions={
          <Button onClick={() => setEditor({ open: true, template: null, type: 'professional' })}>
            <Plus aria-hidden="true" className="size-4" />
            New template
          </Button>
        }
      />
      {system ? (
        <Card className="p-4">
          <HospitalSelect
            className="sm:max-w-sm"
            label="Show templates for"
            value={scope}
            onChange={setScope}
            leading={{ value: '', label: 'All hospitals and global' }}
          />
        </Card>
      ) : null}

      {templates.isPending ? (
        <LoadingPanel label="Loading templates" />
      ) : templates.isError ? (
        <ErrorPanel
          title="The templates could not be loaded."
          error={templates.error}
          onRetry={() => void templates.refetch()}
          retrying={templates.isFetching}
        />
      ) : (
        PROMPT_TYPES.map((type) => {
          const items = templates.data.filter((t) => t.promptType === type);
          return (
            <section key={type} aria-labelledby={`templates-${type}`} className="flex flex-col gap-3">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-end sm:justify-between">
                <div>
                  <h2 id={`templates-${type}`} className="text-lg font-semibold text-gray-900">
                    {PROMPT_TYPE_LABELS[type]}
                  </h2>
                  <p className="text-sm text-gray-600">{TYPE_HELP[type]}</p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setEditor({ open: true, template: null, type })}>
                  <Plus aria-hidden="true" className="size-4" />
                  New {type} template
                </Button>
              </div>
              {items.length === 0 ? (
                <Card>
                  <EmptyState>No {type} templates yet. The built-in instructions are used until one is made the default.</EmptyState>
                </Card>
              ) : (
                <ul className="flex flex-col gap-2">
                  {items.map((template) => (
                    <TemplateCard
                      key={template.id}
                      template={template}
                      onOpen={() => setEditor({ open: true, template, type })}
                      onHistory={() => setHistoryOf(template)}
                      onMakeDefault={() => makeDefault(template)}
                      onDelete={() => setDeleting(template)}
                      onCopy={() => copyToHospital(template)}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}

      <TemplateEditorDialog
        open={editor.open}
        onOpenChange={(open) => setEditor((state) => ({ ...state, open }))}
        template={editor.template}
        system={system}
        defaultHospitalId={system ? scope : (admin.hospital_id ?? '')}
        defaultType={editor.type}
      />
      <HistoryDialog template={historyOf} onOpenChange={(open) => (open ? undefined : setHistoryOf(null))} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null);
            remove.reset();
          }
        }}
        title={`Delete “${deleting?.promptName ?? ''}”?`}
        description={
          <p>
            The template and its {deleting && deleting.version > 1 ? `${deleting.version - 1} earlier versions` : 'history'} are removed for good.
            {deleting?.isDefault ? ' It is the default: biographies will use the global default (or the built-in instructions) until another is chosen.' : ''}
          </p>
        }
        confirmLabel="Delete template"
        destructive
        pending={remove.isPending}
        error={remove.isError ? serverMessage(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(`“${deleting.promptName}” was deleted.`);
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}

export { PromptTemplatesPage as Component };
