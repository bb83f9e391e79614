import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { HELP_LIMITS, renderMarkdown, type HelpCategoryDto, type HelpFaqDto } from '@shared/schemas/help';
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogActions } from '@web/components/ui/dialog';
import { Input } from '@web/components/ui/input';
import { FormField, selectClasses } from '@web/components/form/form-field';
import { Notice } from '@web/components/ui/notice';
import { serverFieldErrors, serverMessage } from '@web/lib/admin-error-message';
import { HELP_ICON_CHOICES, helpIcon } from '@web/components/help/help-icon';
import { RichText } from '@web/components/help/rich-text';
import { Switch } from '../components/switch';
import { CharacterCount, Textarea } from '../components/textarea';
import { useSaveCategory, useSaveFaq } from './api';

type Errors = Partial<Record<string, string>>;

function fieldErrors(error: unknown): Errors {
  return Object.fromEntries(serverFieldErrors(error).map(({ field, message }) => [field, message]));
}

export function CategoryDialog({ open, onOpenChange, category }: { open: boolean; onOpenChange: (open: boolean) => void; category: HelpCategoryDto | null }) {
  const save = useSaveCategory();
  const [title, setTitle] = useState('');
  const [icon, setIcon] = useState('');
  const [description, setDescription] = useState('');
  const [isActive, setIsActive] = useState(true);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    setTitle(category?.title ?? '');
    setIcon(category?.icon ?? 'circle-help');
    setDescription(category?.description ?? '');
    setIsActive(category?.isActive ?? true);
    setErrors({});
    save.reset();
    // Only when the dialog opens; `save` is stable enough and resetting on its change would loop.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, category]);

  const Icon = helpIcon(icon);
  const knownIcon = HELP_ICON_CHOICES.some((choice) => choice.name === icon);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return setErrors({ title: 'Title is required' });
    save.mutate(
      { id: category?.id, body: { title, icon: icon || null, description, isActive } },
      {
        onSuccess: () => {
          toast.success(category ? 'Category saved.' : 'Category added.');
          onOpenChange(false);
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{category ? 'Edit category' : 'New category'}</DialogTitle>
        <DialogDescription>Categories group questions on the Help Center, in the order shown in the list.</DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          {save.isError && Object.keys(fieldErrors(save.error)).length === 0 ? <Notice tone="error">{serverMessage(save.error)}</Notice> : null}
          <FormField label="Title" error={errors.title}>
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={title}
                maxLength={HELP_LIMITS.title}
                onChange={(e) => setTitle(e.target.value)}
                autoFocus
              />
            )}
          </FormField>
          <FormField label="Icon" error={errors.icon} hint="Shown on the category card.">
            {({ id, describedBy }) => (
              <div className="flex items-center gap-3">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <select id={id} aria-describedby={describedBy} className={selectClasses} value={icon} onChange={(e) => setIcon(e.target.value)}>
                  {knownIcon || !icon ? null : <option value={icon}>{icon}</option>}
                  {HELP_ICON_CHOICES.map((choice) => (
                    <option key={choice.name} value={choice.name}>
                      {choice.label}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </FormField>
          <FormField label="Description" error={errors.description} hint="One line under the title.">
            {({ id, describedBy, invalid }) => (
              <Input
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={description}
                maxLength={HELP_LIMITS.description}
                onChange={(e) => setDescription(e.target.value)}
              />
            )}
          </FormField>
          <Switch
            checked={isActive}
            onCheckedChange={setIsActive}
            label="Published"
            description="Off hides the category and its questions from the Help Center."
          />
          <DialogActions submitLabel={category ? 'Save category' : 'Add category'} pending={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A Markdown text box with a live preview rendered by the same code the Help Center uses. */
export function MarkdownEditor({ value, onChange, error, label }: { value: string; onChange: (value: string) => void; error?: string; label: string }) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const previewId = useId();
  // The preview follows every keystroke; rendering a few kilobytes of Markdown is instant.
  const html = useMemo(() => renderMarkdown(value), [value]);
  return (
    <FormField
      label={label}
      error={error}
      hint={
        <>
          Markdown: <code>**bold**</code>, <code>*italic*</code>, <code>- lists</code>, <code>1. steps</code>, <code>[link text](https://…)</code>. HTML is
          shown as text.
        </>
      }
    >
      {({ id, describedBy, invalid }) => (
        <div className="flex flex-col gap-2">
          <div role="tablist" aria-label="Answer editor" className="flex gap-1 lg:hidden">
            {(['write', 'preview'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                onClick={() => setTab(name)}
                className={`rounded-md px-3 py-1 text-sm font-medium ${tab === name ? 'bg-brand-50 text-brand-800' : 'text-gray-600 hover:bg-gray-100'}`}
              >
                {name === 'write' ? 'Write' : 'Preview'}
              </button>
            ))}
          </div>
          <div className="grid gap-3 lg:grid-cols-2">
            <div className={tab === 'write' ? '' : 'max-lg:hidden'}>
              <Textarea
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                rows={14}
                value={value}
                onChange={(e) => onChange(e.target.value)}
                className="font-mono text-[13px]"
              />
              <CharacterCount value={value} max={HELP_LIMITS.answer} />
            </div>
            <section
              aria-labelledby={`${previewId}-label`}
              className={`min-h-40 overflow-y-auto rounded-lg border border-dashed border-gray-300 bg-gray-50 px-4 py-3 lg:max-h-[22rem] ${tab === 'preview' ? '' : 'max-lg:hidden'}`}
            >
              <h3 id={`${previewId}-label`} className="mb-2 text-xs font-semibold tracking-wide text-gray-500 uppercase">
                Preview
              </h3>
              {value.trim() ? <RichText html={html} /> : <p className="text-sm text-gray-500">The formatted answer appears here as you type.</p>}
            </section>
          </div>
        </div>
      )}
    </FormField>
  );
}

export function FaqDialog({
  open,
  onOpenChange,
  faq,
  categories,
  categoryId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  faq: HelpFaqDto | null;
  categories: HelpCategoryDto[];
  categoryId: string;
}) {
  const save = useSaveFaq();
  const [question, setQuestion] = useState('');
  const [answer, setAnswer] = useState('');
  const [category, setCategory] = useState(categoryId);
  const [isActive, setIsActive] = useState(true);
  const [errors, setErrors] = useState<Errors>({});

  useEffect(() => {
    if (!open) return;
    setQuestion(faq?.question ?? '');
    setAnswer(faq?.answer ?? '');
    setCategory(faq?.categoryId ?? categoryId);
    setIsActive(faq?.isActive ?? true);
    setErrors({});
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, faq, categoryId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Errors = {};
    if (!question.trim()) missing.question = 'Question is required';
    if (!answer.trim()) missing.answer = 'Answer is required';
    if (Object.keys(missing).length) return setErrors(missing);
    save.mutate(
      { id: faq?.id, body: { categoryId: category, question, answer, isActive } },
      {
        onSuccess: () => {
          toast.success(faq ? 'Question saved.' : 'Question added.');
          onOpenChange(false);
        },
        onError: (error) => setErrors(fieldErrors(error)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (save.isPending ? undefined : onOpenChange(next))}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-4xl">
        <DialogTitle>{faq ? 'Edit question' : 'New question'}</DialogTitle>
        <DialogDescription>Write the answer in Markdown; the preview shows it as the Help Center will.</DialogDescription>
        <form noValidate onSubmit={submit} className="mt-5 flex flex-col gap-4">
          {save.isError && Object.keys(fieldErrors(save.error)).length === 0 ? <Notice tone="error">{serverMessage(save.error)}</Notice> : null}
          <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_16rem]">
            <FormField label="Question" error={errors.question}>
              {({ id, describedBy, invalid }) => (
                <Input
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid}
                  value={question}
                  maxLength={HELP_LIMITS.question}
                  onChange={(e) => setQuestion(e.target.value)}
                  autoFocus
                />
              )}
            </FormField>
            <FormField label="Category" error={errors.categoryId}>
              {({ id, describedBy }) => (
                <select id={id} aria-describedby={describedBy} className={selectClasses} value={category} onChange={(e) => setCategory(e.target.value)}>
                  {categories.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.title}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          </div>
          <MarkdownEditor label="Answer" value={answer} onChange={setAnswer} error={errors.answer} />
          <Switch
            checked={isActive}
            onCheckedChange={setIsActive}
            label="Published"
            description="Off keeps the question here but hides it from the Help Center."
          />
          <DialogActions submitLabel={faq ? 'Save question' : 'Add question'} pending={save.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
