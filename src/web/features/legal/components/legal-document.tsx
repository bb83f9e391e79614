import type { ReactNode } from 'react';
import { DocumentTitle } from '@web/components/layout/document-title';
import { Container } from '@web/components/ui/container';

export interface LegalSection {
  id: string;
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** Shared layout of the Terms and Privacy pages: contents list beside numbered sections. */
export function LegalDocument({ title, updated, intro, sections }: LegalDocumentProps) {
  return (
    <>
      <DocumentTitle title={title} />
      <div className="border-b border-gray-200 bg-gray-50">
        <Container width="wide" className="py-12 sm:py-16">
          <p className="text-sm font-semibold text-brand-700">Legal</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-gray-600">Last updated {updated}</p>
        </Container>
      </div>
      <Container width="wide" className="grid grid-cols-1 gap-12 py-12 sm:py-16 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-24">
            <h2 className="text-xs font-semibold tracking-wider text-gray-500 uppercase">On this page</h2>
            <ol className="mt-4 space-y-2 border-l border-gray-200 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="-ml-px block border-l border-transparent pl-4 text-gray-600 hover:border-brand-600 hover:text-gray-900">
                    {index + 1}. {section.heading}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="max-w-3xl text-base leading-7 text-gray-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline-offset-4 hover:[&_a]:underline [&_li]:pl-1 [&_p+p]:mt-4 [&_strong]:font-semibold [&_strong]:text-gray-900 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
          <div className="text-lg leading-8 text-gray-700">{intro}</div>
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="mt-12 scroll-mt-24">
              <h2 id={`${section.id}-heading`} className="text-xl font-semibold text-gray-900">
                {index + 1}. {section.heading}
              </h2>
              <div className="mt-4">{section.body}</div>
            </section>
          ))}
        </article>
      </Container>
    </>
  );
}
