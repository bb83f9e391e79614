import { ChevronDown } from 'lucide-react';
import type { HelpFaq } from '../api/get-help';

export function FaqItem({ faq }: { faq: HelpFaq }) {
  return (
    <details className="group border-b border-gray-200 last:border-b-0">
      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 py-4 text-left text-base font-medium text-gray-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
        {faq.question}
        <ChevronDown aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gray-500 transition-transform group-open:rotate-180 motion-reduce:transition-none" />
      </summary>
      <div className="pb-5 text-sm leading-7 whitespace-pre-line text-gray-700">{faq.answer}</div>
    </details>
  );
}
