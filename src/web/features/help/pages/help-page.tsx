import { Mail, MessageSquare, Search } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DocumentTitle } from '@web/components/layout/document-title';
import { Button } from '@web/components/ui/button';
import { Container } from '@web/components/ui/container';
import { Input } from '@web/components/ui/input';
import { PageSpinner } from '@web/components/ui/spinner';
import { SUPPORT_EMAIL } from '@web/lib/contact';
import { useHelp, type HelpCategory } from '@web/lib/help';
import { FaqItem } from '../components/faq-item';
import { HelpEmptyState } from '../components/help-empty-state';
import { helpIcon } from '@web/components/help/help-icon';
import { htmlToText } from '@web/components/help/rich-text';

/** Lower-cased question and answer text of every FAQ, worked out once per load rather than per keystroke. */
function searchIndex(categories: HelpCategory[]) {
  return new Map(
    categories.flatMap((category) => category.faqs.map((faq) => [faq.id, `${faq.question} ${htmlToText(faq.answerHtml)}`.toLowerCase()] as const)),
  );
}

/** Every word of the query must appear (in any order), so "reset password" finds "password … reset". */
function matches(category: HelpCategory, query: string, index: Map<string, string>): HelpCategory | null {
  if (!query) return category;
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const faqs = category.faqs.filter((faq) => words.every((word) => index.get(faq.id)?.includes(word)));
  return faqs.length > 0 ? { ...category, faqs } : null;
}

function anchorFor(category: HelpCategory) {
  return `help-${category.id}`;
}

export function HelpPage() {
  const help = useHelp();
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query.trim());
  const searchId = useId();

  const categories = useMemo(() => help.data?.categories ?? [], [help.data]);
  const index = useMemo(() => searchIndex(categories), [categories]);
  const visible = useMemo(
    () => categories.map((category) => matches(category, deferredQuery, index)).filter((category) => category !== null),
    [categories, deferredQuery, index],
  );
  const resultCount = visible.reduce((total, category) => total + category.faqs.length, 0);

  return (
    <>
      <DocumentTitle title="Help Center" />
      <section aria-labelledby="help-heading" className="border-b border-gray-200 bg-gradient-to-b from-brand-50 to-white">
        <Container width="medium" className="py-14 text-center sm:py-20">
          <h1 id="help-heading" className="text-3xl font-bold tracking-tight text-gray-900 sm:text-4xl">
            How can we help?
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg leading-8 text-gray-600">
            Answers about building your profile, signing in, and running Vitae for your hospital or health system.
          </p>
          <form role="search" className="relative mx-auto mt-8 max-w-xl" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={searchId} className="sr-only">
              Search the Help Center
            </label>
            <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-gray-500" />
            <Input
              id={searchId}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search questions, e.g. “NPI” or “magic link”"
              className="h-12 rounded-xl pl-12 text-base shadow-sm"
              disabled={categories.length === 0}
            />
          </form>
          {deferredQuery && categories.length > 0 ? (
            <p className="mt-3 text-sm text-gray-600" role="status">
              {resultCount === 1 ? '1 answer' : `${resultCount} answers`} for “{deferredQuery}”
            </p>
          ) : null}
        </Container>
      </section>

      <Container width="medium" className="py-12 sm:py-16">
        {help.isPending ? <PageSpinner label="Loading help articles" /> : null}

        {help.isError ? (
          <HelpEmptyState title="We couldn’t load the Help Center">
            <p>Check your connection and try again. If it keeps happening, email us at {SUPPORT_EMAIL}.</p>
            <Button className="mt-5" onClick={() => void help.refetch()} loading={help.isFetching}>
              Try again
            </Button>
          </HelpEmptyState>
        ) : null}

        {help.isSuccess && categories.length === 0 ? (
          <HelpEmptyState title="No help articles have been published yet">
            <p>
              Our team can answer any question about Vitae. Email{' '}
              <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 hover:underline">
                {SUPPORT_EMAIL}
              </a>{' '}
              and we will get back to you within one business day.
            </p>
          </HelpEmptyState>
        ) : null}

        {categories.length > 0 && !deferredQuery ? (
          <nav aria-label="Help categories">
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {categories.map((category) => {
                const Icon = helpIcon(category.icon);
                return (
                  <li key={category.id}>
                    <a
                      href={`#${anchorFor(category)}`}
                      className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-xs transition hover:border-brand-300 hover:shadow-sm"
                    >
                      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                      <span className="mt-4 font-semibold text-gray-900">{category.title}</span>
                      {category.description ? <span className="mt-1 text-sm leading-6 text-gray-600">{category.description}</span> : null}
                      <span className="mt-auto pt-3 text-xs font-medium text-brand-700">
                        {category.faqs.length === 1 ? '1 question' : `${category.faqs.length} questions`}
                      </span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
        ) : null}

        {categories.length > 0 && visible.length === 0 ? (
          <HelpEmptyState title={`No answers match “${deferredQuery}”`}>
            <p>Try a shorter or different word, or email {SUPPORT_EMAIL} and we will help you directly.</p>
          </HelpEmptyState>
        ) : null}

        <div className="mt-12 space-y-12">
          {visible.map((category) => (
            <section key={category.id} id={anchorFor(category)} aria-labelledby={`${anchorFor(category)}-title`} className="scroll-mt-24">
              <h2 id={`${anchorFor(category)}-title`} className="text-xl font-semibold text-gray-900">
                {category.title}
              </h2>
              {category.faqs.length > 0 ? (
                <div className="mt-4 rounded-2xl border border-gray-200 bg-white px-5 shadow-xs sm:px-6">
                  {category.faqs.map((faq) => (
                    // While searching the matching answers are shown open, so the reason they matched is visible.
                    <FaqItem key={faq.id} faq={faq} open={deferredQuery ? true : undefined} />
                  ))}
                </div>
              ) : (
                <p className="mt-3 text-sm text-gray-600">There are no questions in this category yet.</p>
              )}
            </section>
          ))}
        </div>

        <aside aria-labelledby="contact-heading" className="mt-16 grid grid-cols-1 gap-6 rounded-2xl bg-gray-50 p-6 ring-1 ring-gray-200 sm:grid-cols-2 sm:p-8">
          <div className="sm:col-span-2">
            <h2 id="contact-heading" className="text-lg font-semibold text-gray-900">
              Still need help?
            </h2>
            <p className="mt-1 text-sm text-gray-600">Real people answer, usually within one business day.</p>
          </div>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="flex items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 hover:ring-brand-300">
            <Mail aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
            <span>
              <span className="block text-sm font-semibold text-gray-900">Email support</span>
              <span className="block text-sm text-gray-600">{SUPPORT_EMAIL}</span>
            </span>
          </a>
          <Link to="/feedback" className="flex items-start gap-3 rounded-xl bg-white p-4 ring-1 ring-gray-200 hover:ring-brand-300">
            <MessageSquare aria-hidden="true" className="mt-0.5 size-5 text-brand-600" />
            <span>
              <span className="block text-sm font-semibold text-gray-900">Send feedback</span>
              <span className="block text-sm text-gray-600">Signed-in providers can report a problem from inside Vitae</span>
            </span>
          </Link>
        </aside>
      </Container>
    </>
  );
}

export { HelpPage as Component };
