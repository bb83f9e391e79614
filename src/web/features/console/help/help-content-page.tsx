import { BookOpenText, ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@web/components/layout/page-header';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { serverMessage } from '@web/lib/admin-error-message';
import { helpIcon } from '@web/components/help/help-icon';
import { cn } from '@web/lib/cn';
import { ConfirmDialog } from '../components/confirm-dialog';
import { IconButton } from '../components/icon-button';
import { EmptyState, ErrorPanel, LoadingPanel } from '../components/query-states';
import { Switch } from '../components/switch';
import { useConsoleAdmin } from '../lib/use-console-admin';
import {
  useAdminHelp,
  useDeleteCategory,
  useDeleteFaq,
  useHelpCounts,
  useReorderCategories,
  useReorderFaqs,
  useSaveCategory,
  useSaveFaq,
  type HelpCategoryDto,
  type HelpFaqDto,
} from './api';
import { CategoryDialog, FaqDialog } from './help-dialogs';
import { SortableList } from './sortable-list';

type Pending = { kind: 'category'; item: HelpCategoryDto } | { kind: 'faq'; item: HelpFaqDto };

function Counts() {
  const counts = useHelpCounts();
  if (!counts.data) return null;
  const { categories, faqs } = counts.data;
  return (
    <p className="flex flex-wrap gap-2 text-sm text-gray-600" aria-label="Help content counts">
      <Badge variant="gray">
        {categories.active} of {categories.total} categories published
      </Badge>
      <Badge variant="gray">
        {faqs.active} of {faqs.total} questions published
      </Badge>
    </p>
  );
}

/**
 * The Help Center editor (system administrators): categories on the left, the chosen category's
 * questions on the right, both reordered by dragging, edited in dialogs with a Markdown preview.
 */
export function HelpContentPage() {
  const admin = useConsoleAdmin();
  const help = useAdminHelp();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [categoryDialog, setCategoryDialog] = useState<{ open: boolean; category: HelpCategoryDto | null }>({ open: false, category: null });
  const [faqDialog, setFaqDialog] = useState<{ open: boolean; faq: HelpFaqDto | null }>({ open: false, faq: null });
  const [pending, setPending] = useState<Pending | null>(null);
  const reorderCategories = useReorderCategories();
  const reorderFaqs = useReorderFaqs();
  const saveCategory = useSaveCategory();
  const saveFaq = useSaveFaq();
  const deleteCategory = useDeleteCategory();
  const deleteFaq = useDeleteFaq();

  if (!admin) return null;
  if (admin.role !== 'system_admin') {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader icon={BookOpenText} title="Help content" />
        <EmptyState>Only system administrators can edit the Help Center.</EmptyState>
      </div>
    );
  }

  const categories = help.data ?? [];
  const selected = categories.find((c) => c.id === selectedId) ?? categories[0] ?? null;

  const onReorderError = (error: unknown) => toast.error(serverMessage(error, 'The new order could not be saved. The list shows the saved order again.'));
  const toggleCategory = (category: HelpCategoryDto, isActive: boolean) =>
    saveCategory.mutate({ id: category.id, body: { isActive } }, { onError: (error) => toast.error(serverMessage(error)) });
  const toggleFaq = (faq: HelpFaqDto, isActive: boolean) =>
    saveFaq.mutate({ id: faq.id, body: { isActive } }, { onError: (error) => toast.error(serverMessage(error)) });

  const deletion = pending?.kind === 'category' ? deleteCategory : deleteFaq;
  const confirmDelete = () => {
    if (!pending) return;
    const onSuccess = () => {
      toast.success(pending.kind === 'category' ? `“${pending.item.title}” was deleted.` : 'The question was deleted.');
      setPending(null);
    };
    if (pending.kind === 'category') deleteCategory.mutate(pending.item.id, { onSuccess });
    else deleteFaq.mutate(pending.item.id, { onSuccess });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        icon={BookOpenText}
        title="Help content"
        description="Categories and answers of the public Help Center. Drag the handles (or use Space and the arrow keys) to change the order."
        actions={
          <Link to="/help" target="_blank" rel="noopener" className={buttonClasses({ variant: 'outline' })}>
            <ExternalLink aria-hidden="true" className="size-4" />
            View Help Center
          </Link>
        }
      />
      <Counts />

      {help.isPending ? (
        <LoadingPanel label="Loading help content" />
      ) : help.isError ? (
        <ErrorPanel title="The help content could not be loaded." error={help.error} onRetry={() => void help.refetch()} retrying={help.isFetching} />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <Card className="p-4">
            <section aria-labelledby="help-categories-heading" className="flex flex-col gap-4">
              <div className="flex items-center justify-between gap-3">
                <h2 id="help-categories-heading" className="text-base font-semibold text-gray-900">
                  Categories
                </h2>
                <Button size="sm" onClick={() => setCategoryDialog({ open: true, category: null })}>
                  <Plus aria-hidden="true" className="size-4" />
                  New category
                </Button>
              </div>
              {categories.length === 0 ? (
                <EmptyState>No categories yet. Add the first one.</EmptyState>
              ) : (
                <SortableList
                  label="Help categories"
                  items={categories}
                  getId={(c) => c.id}
                  getLabel={(c) => c.title}
                  disabled={reorderCategories.isPending}
                  onReorder={(ids) => reorderCategories.mutate(ids, { onError: onReorderError })}
                  renderItem={(category, { handle, dragging }) => {
                    const Icon = helpIcon(category.icon);
                    const current = category.id === selected?.id;
                    return (
                      <div
                        className={cn(
                          // The controls go under the name when the row is too narrow for both (a phone), so a name never breaks inside a word.
                          'flex flex-wrap items-center gap-2 rounded-xl border bg-white p-2',
                          current ? 'border-brand-300 bg-brand-50/60' : 'border-gray-200',
                          dragging && 'bg-white',
                          !category.isActive && 'opacity-70',
                        )}
                      >
                        {handle}
                        <button
                          type="button"
                          onClick={() => setSelectedId(category.id)}
                          aria-current={current ? 'true' : undefined}
                          className="flex min-w-0 flex-[1_1_9rem] items-center gap-2 rounded-lg sm:flex-[1_1_0%] px-1 py-1 text-left focus-visible:outline-2 focus-visible:outline-brand-600"
                        >
                          <Icon aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                          <span className="min-w-0 flex-1">
                            <span className="block text-sm font-medium break-words text-gray-900">{category.title}</span>
                            <span className="block text-xs text-gray-500">
                              {category.faqs.length === 1 ? '1 question' : `${category.faqs.length} questions`}
                              {category.isActive ? '' : ' · hidden'}
                            </span>
                          </span>
                        </button>
                        <div className="ml-auto flex items-center gap-2">
                          <Switch
                            checked={category.isActive}
                            onCheckedChange={(on) => toggleCategory(category, on)}
                            label={`Publish ${category.title}`}
                            hideLabel
                          />
                          <IconButton icon={Pencil} label={`Edit ${category.title}`} onClick={() => setCategoryDialog({ open: true, category })} />
                          <IconButton
                            icon={Trash2}
                            tone="danger"
                            label={`Delete ${category.title}`}
                            onClick={() => setPending({ kind: 'category', item: category })}
                          />
                        </div>
                      </div>
                    );
                  }}
                />
              )}
            </section>
          </Card>

          <Card className="p-4">
            {selected ? (
              <section aria-labelledby="help-faqs-heading" className="flex flex-col gap-4">
                <div className="flex items-center justify-between gap-3">
                  <h2 id="help-faqs-heading" className="min-w-0 text-base font-semibold break-words text-gray-900">
                    Questions in “{selected.title}”
                  </h2>
                  <Button size="sm" onClick={() => setFaqDialog({ open: true, faq: null })}>
                    <Plus aria-hidden="true" className="size-4" />
                    New question
                  </Button>
                </div>
                {selected.faqs.length === 0 ? (
                  <EmptyState>No questions in this category yet.</EmptyState>
                ) : (
                  <SortableList
                    label={`Questions in ${selected.title}`}
                    items={selected.faqs}
                    getId={(f) => f.id}
                    getLabel={(f) => f.question}
                    disabled={reorderFaqs.isPending}
                    onReorder={(ids) => reorderFaqs.mutate({ categoryId: selected.id, ids }, { onError: onReorderError })}
                    renderItem={(faq, { handle }) => (
                      <div className={cn('flex items-center gap-2 rounded-xl border border-gray-200 bg-white p-2', !faq.isActive && 'opacity-70')}>
                        {handle}
                        <button
                          type="button"
                          className="min-w-0 flex-1 rounded-lg px-1 py-1 text-left focus-visible:outline-2 focus-visible:outline-brand-600"
                          onClick={() => setFaqDialog({ open: true, faq })}
                        >
                          <span className="block text-sm font-medium text-gray-900">{faq.question}</span>
                          <span className="line-clamp-2 text-xs text-gray-500">
                            {faq.isActive ? faq.answer.replace(/[#*_`>[\]()-]+/g, ' ').slice(0, 140) : 'Hidden from the Help Center'}
                          </span>
                        </button>
                        <Switch checked={faq.isActive} onCheckedChange={(on) => toggleFaq(faq, on)} label={`Publish “${faq.question}”`} hideLabel />
                        <IconButton icon={Pencil} label={`Edit “${faq.question}”`} onClick={() => setFaqDialog({ open: true, faq })} />
                        <IconButton icon={Trash2} tone="danger" label={`Delete “${faq.question}”`} onClick={() => setPending({ kind: 'faq', item: faq })} />
                      </div>
                    )}
                  />
                )}
              </section>
            ) : (
              <EmptyState>Add a category to start writing questions.</EmptyState>
            )}
          </Card>
        </div>
      )}

      <CategoryDialog
        open={categoryDialog.open}
        category={categoryDialog.category}
        onOpenChange={(open) => setCategoryDialog((state) => ({ ...state, open }))}
      />
      {selected ? (
        <FaqDialog
          open={faqDialog.open}
          faq={faqDialog.faq}
          categories={categories}
          categoryId={selected.id}
          onOpenChange={(open) => setFaqDialog((state) => ({ ...state, open }))}
        />
      ) : null}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPending(null);
            deletion.reset();
          }
        }}
        title={pending?.kind === 'category' ? `Delete “${pending.item.title}”?` : 'Delete this question?'}
        description={
          pending?.kind === 'category' ? (
            <p>
              The category and its {pending.item.faqs.length === 1 ? 'question' : `${pending.item.faqs.length} questions`} are removed from the Help Center for
              good. To hide them for now, switch the category off instead.
            </p>
          ) : pending ? (
            <p>“{pending.item.question}” is removed for good. To hide it for now, switch it off instead.</p>
          ) : null
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        pending={deletion.isPending}
        error={deletion.isError ? serverMessage(deletion.error) : null}
        destructive
      />
    </div>
  );
}

export { HelpContentPage as Component };
