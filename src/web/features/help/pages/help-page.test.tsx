import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '@web/test/render';
import { notFound, serveApi } from '@web/test/api';
import { HelpPage } from './help-page';

const HELP = {
  categories: [
    {
      id: 'start',
      title: 'Getting started',
      icon: 'book',
      description: 'Create your account.',
      faqs: [
        { id: 'f1', question: 'How do I create my account?', answerHtml: '<p>Choose <strong>Get Started</strong> on the home page.</p>' },
        {
          id: 'f2',
          question: 'Why do you ask for my NPI?',
          answerHtml:
            '<p>It fills in your credentials from the <a href="https://npiregistry.cms.hhs.gov" rel="noopener noreferrer" target="_blank">registry</a>.</p>',
        },
      ],
    },
    {
      id: 'signin',
      title: 'Signing in',
      icon: 'no-such-icon',
      description: null,
      faqs: [{ id: 'f3', question: 'What is a magic link?', answerHtml: '<p>A one-time link we email you.</p>' }],
    },
  ],
};

describe('HelpPage', () => {
  it('shows a friendly empty state when the help endpoint is not there', async () => {
    serveApi({ '/api/help': notFound });
    renderAt('/help', <HelpPage />);
    expect(await screen.findByRole('heading', { name: 'No help articles have been published yet' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'support@vitae.health' }).getAttribute('href')).toBe('mailto:support@vitae.health');
  });

  it('shows the same empty state when there are no categories', async () => {
    serveApi({ '/api/help': { body: { categories: [] } } });
    renderAt('/help', <HelpPage />);
    expect(await screen.findByRole('heading', { name: 'No help articles have been published yet' })).toBeDefined();
  });

  it('lists categories and their questions, and filters them by search', async () => {
    serveApi({ '/api/help': { body: HELP } });
    renderAt('/help', <HelpPage />);

    expect(await screen.findByRole('navigation', { name: 'Help categories' })).toBeDefined();
    expect(screen.getByRole('heading', { level: 2, name: 'Getting started' })).toBeDefined();
    expect(screen.getByText('What is a magic link?')).toBeDefined();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the Help Center' }), { target: { value: 'npi' } });
    await waitFor(() => expect(screen.queryByText('What is a magic link?')).toBeNull());
    expect(screen.getByText('Why do you ask for my NPI?')).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain('1 answer');

    // Answers are searched too, without their markup, and every word must match.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the Help Center' }), { target: { value: 'home get' } });
    await waitFor(() => expect(screen.queryByText('Why do you ask for my NPI?')).toBeNull());
    expect(screen.getByText('How do I create my account?')).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain('1 answer');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the Help Center' }), { target: { value: 'strong' } });
    expect(await screen.findByRole('heading', { name: /No answers match/ })).toBeDefined();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the Help Center' }), { target: { value: 'zebra' } });
    expect(await screen.findByRole('heading', { name: /No answers match/ })).toBeDefined();
  });

  it('renders answers as formatted HTML with safe links', async () => {
    serveApi({ '/api/help': { body: HELP } });
    renderAt('/help', <HelpPage />);
    const link = await screen.findByRole('link', { name: 'registry' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('Get Started').tagName).toBe('STRONG');
  });

  it('offers a retry when loading fails', async () => {
    serveApi({ '/api/help': { status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'Boom' } } } });
    renderAt('/help', <HelpPage />);
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the Help Center' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});
