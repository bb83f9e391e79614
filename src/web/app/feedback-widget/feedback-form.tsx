import { Camera, CircleAlert, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { FEEDBACK_CATEGORIES, FEEDBACK_CATEGORY_LABELS, FEEDBACK_SEVERITIES } from '@shared/enums';
import { SEVERITY_LABELS, type feedbackFormSchema } from '@shared/schemas/feedback';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';

export type FeedbackFormInput = z.input<typeof feedbackFormSchema>;
export type FeedbackFormOutput = z.output<typeof feedbackFormSchema>;
export type FeedbackFormApi = UseFormReturn<FeedbackFormInput, unknown, FeedbackFormOutput>;

/** What the form starts with and returns to after a submission (access spec §2). */
export const EMPTY_DRAFT: FeedbackFormInput = { category: 'bug', severity: 3, title: '', description: '', reproductionSteps: '' };

export interface AttachedScreenshot {
  blob: Blob;
  previewUrl: string;
}

const FIELD_ORDER = ['category', 'severity', 'title', 'description', 'reproductionSteps'] as const;

/** Every message the form holds, in the order of the fields, then the server's. */
export function formErrorMessages(errors: FieldErrors<FeedbackFormInput>): Array<{ field: string; message: string }> {
  const messages: Array<{ field: string; message: string }> = [];
  for (const field of FIELD_ORDER) {
    const message = errors[field]?.message;
    if (typeof message === 'string' && message) messages.push({ field, message });
  }
  const server = errors.root?.server?.message;
  if (server) messages.push({ field: 'server', message: server });
  return messages;
}

const controlClasses = cn(
  'block w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-900 shadow-xs transition-colors',
  'placeholder:text-gray-500 hover:border-gray-400',
  'focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600/30',
  'disabled:cursor-not-allowed disabled:bg-gray-50 disabled:text-gray-500 aria-invalid:border-red-600',
);

interface FeedbackFormProps {
  form: FeedbackFormApi;
  sending: boolean;
  capturing: boolean;
  screenshot: AttachedScreenshot | null;
  onCapture: () => void;
  onRemoveScreenshot: () => void;
  onSubmit: (values: FeedbackFormOutput) => void;
}

/** The widget's form: the fields, the screenshot, the error list above them and the send button. */
export function FeedbackForm({ form, sending, capturing, screenshot, onCapture, onRemoveScreenshot, onSubmit }: FeedbackFormProps) {
  const id = useId();
  const { register, handleSubmit, control, formState } = form;
  const [title, description] = useWatch({ control, name: ['title', 'description'] });
  const blank = !String(title ?? '').trim() || !String(description ?? '').trim();
  const messages = formErrorMessages(formState.errors);
  const errorId = (field: string) => `${id}-error-${field}`;
  const invalid = (field: (typeof FIELD_ORDER)[number]) => (formState.errors[field] ? true : undefined);
  const describedBy = (field: (typeof FIELD_ORDER)[number], hint?: string) =>
    [hint, formState.errors[field] ? errorId(field) : null].filter(Boolean).join(' ') || undefined;

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="flex min-h-0 flex-1 flex-col"
      aria-describedby={messages.length > 0 ? `${id}-errors` : undefined}
    >
      <div className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto px-5 pt-1 pb-5">
        {messages.length > 0 ? (
          <div id={`${id}-errors`} role="alert" className="flex gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm leading-6 text-red-900">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
            <div className="min-w-0">
              <p className="font-semibold">Please check the form</p>
              <ul className="mt-0.5 list-disc pl-4">
                {messages.map(({ field, message }) => (
                  <li key={field} id={errorId(field)}>
                    {message}
                  </li>
                ))}
              </ul>
            </div>
          </div>
        ) : null}

        <div className="grid grid-cols-2 gap-3 sm:gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <select
              id={`${id}-category`}
              className={cn(controlClasses, 'h-10 pr-8')}
              aria-invalid={invalid('category')}
              aria-describedby={describedBy('category')}
              {...register('category')}
            >
              {FEEDBACK_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {FEEDBACK_CATEGORY_LABELS[category]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-severity`}>Severity</Label>
            <select
              id={`${id}-severity`}
              className={cn(controlClasses, 'h-10 pr-8')}
              aria-invalid={invalid('severity')}
              aria-describedby={describedBy('severity')}
              {...register('severity')}
            >
              {FEEDBACK_SEVERITIES.map((severity) => (
                <option key={severity} value={severity}>
                  {severity} – {SEVERITY_LABELS[severity]}
                </option>
              ))}
            </select>
          </div>
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-title`}>Title</Label>
          <Input
            id={`${id}-title`}
            maxLength={200}
            autoComplete="off"
            placeholder="A short summary"
            aria-invalid={invalid('title')}
            aria-describedby={describedBy('title')}
            {...register('title')}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-description`}>Description</Label>
          <textarea
            id={`${id}-description`}
            rows={3}
            maxLength={10_000}
            placeholder="What happened, or what would you like to see?"
            className={cn(controlClasses, 'min-h-20 resize-y py-2 leading-6')}
            aria-invalid={invalid('description')}
            aria-describedby={describedBy('description')}
            {...register('description')}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-steps`}>
            Steps to reproduce <span className="font-normal text-gray-500">(optional)</span>
          </Label>
          <textarea
            id={`${id}-steps`}
            rows={2}
            maxLength={10_000}
            placeholder={'1. Go to…\n2. Click…'}
            className={cn(controlClasses, 'min-h-16 resize-y py-2 leading-6')}
            aria-invalid={invalid('reproductionSteps')}
            aria-describedby={describedBy('reproductionSteps')}
            {...register('reproductionSteps')}
          />
        </div>

        <div className="flex flex-col gap-1.5">
          <p className="text-sm font-medium text-gray-800">
            Screenshot <span className="font-normal text-gray-500">(optional)</span>
          </p>
          {screenshot ? (
            <div className="flex items-center gap-3 rounded-lg border border-gray-200 bg-gray-50 p-2">
              <a
                href={screenshot.previewUrl}
                target="_blank"
                rel="noreferrer"
                className="shrink-0 rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <img
                  src={screenshot.previewUrl}
                  alt="Screenshot to be attached"
                  className="h-16 w-28 rounded-md bg-white object-cover object-top ring-1 ring-gray-200"
                />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
                <p className="text-sm text-gray-700">Screenshot attached</p>
                <Button
                  variant="ghost"
                  size="sm"
                  className="-ml-2 h-8 text-red-700 hover:bg-red-50 hover:text-red-800"
                  onClick={onRemoveScreenshot}
                  disabled={sending}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove screenshot
                </Button>
              </div>
            </div>
          ) : (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              onClick={onCapture}
              loading={capturing}
              disabled={sending}
              aria-describedby={`${id}-screenshot-hint`}
            >
              {capturing ? null : <Camera aria-hidden="true" className="size-4" />}
              {capturing ? 'Capturing…' : 'Capture screenshot'}
            </Button>
          )}
          <p id={`${id}-screenshot-hint`} className="text-xs leading-5 text-gray-600">
            {screenshot
              ? 'A picture of the page behind this panel; the panel itself is left out.'
              : 'Captures the page behind this panel. Without one, the page is captured when you send.'}
          </p>
        </div>
      </div>

      <div className="flex items-center justify-end gap-3 border-t border-gray-200 bg-gray-50/80 px-5 py-3 sm:rounded-b-2xl">
        <Button type="submit" loading={sending} disabled={blank || capturing}>
          {sending ? 'Sending…' : 'Send feedback'}
        </Button>
      </div>
    </form>
  );
}
