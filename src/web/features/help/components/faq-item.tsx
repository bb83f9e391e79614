import { ChevronDown } from 'lucide-react';
import type { HelpFaq } from '@web/lib/help';
import { RichText } from '@web/components/help/rich-text';

/** One question of the accordion; native <details> keeps keyboard and screen-reader behaviour for free. */
export function FaqItem({ faq, open }: { faq: HelpFaq; open?: boolean }) {
  return (
    <details className="group border-b border-gray-200 last:border-b-0" open={open}>
      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 py-4 text-left text-base font-medium text-gray-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        {faq.question}
        <ChevronDown
          aria-hidden="true"
          className="mt-0.5 size-5 shrink-0 text-gray-500 transition-transform group-open:rotate-180 motion-reduce:transition-none"
        />
      </summary>
      <RichText html={faq.answerHtml} className="pb-5" />
    </details>
  );
}
