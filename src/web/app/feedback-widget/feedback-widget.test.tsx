import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_MESSAGES } from '@shared/schemas/feedback';
import { setWidgetState } from '@web/features/feedback/lib/widget-state';
import { renderAt } from '@web/test/render';
import { json, type RecordedCall, serveApi } from '@web/test/api';
import { FeedbackWidget } from './index';
import { POSITION_STORAGE_KEY } from './position';
import type * as screenshotModule from './screenshot';
import { captureScreenshot } from './screenshot';

vi.mock('./screenshot', async (importOriginal) => ({ ...(await importOriginal<typeof screenshotModule>()), captureScreenshot: vi.fn() }));

const capture = vi.mocked(captureScreenshot);

const USER = { id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b', email: 'jordan.avery@northfield.example', fullName: 'Jordan Avery', tier: 'beta' };

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** A server for the widget: session, configuration, screenshot upload and submission. */
function server(
  options: { user?: Partial<typeof USER> | null; betaOnly?: boolean; submit?: () => Response | Promise<Response>; upload?: () => Response } = {},
) {
  const sent: Sent[] = [];
  const user = options.user === null ? null : { ...USER, ...options.user };
  const record = async (call: RecordedCall) => {
    const body = call.headers.get('Content-Type')?.startsWith('multipart/form-data') ? await call.request.formData() : call.body;
    sent.push({ method: call.method, path: call.path, body });
  };
  const api = serveApi({
    '/api/auth/session': { body: { user } },
    '/api/config': { body: { environment: 'test', release: 'dev', sentryDsn: null, schedulingUrl: null, feedbackBetaOnly: options.betaOnly ?? true } },
    'POST /api/feedback/screenshot': async (call) => {
      await record(call);
      return options.upload?.() ?? json({ url: `/api/feedback/screenshots/${USER.id}/1700000000000-abcd1234.jpg` }, 201);
    },
    'POST /api/feedback': async (call) => {
      await record(call);
      return (await options.submit?.()) ?? json({ id: 'f1', status: 'submitted' }, 201);
    },
  });
  // The session and configuration reads, which decide whether the widget shows at all.
  const reads = () => api.calls.filter((call) => call.method === 'GET').length;
  return { sent, reads };
}

function renderWidget() {
  return renderAt('/dashboard', <FeedbackWidget />);
}

const openButton = () => screen.findByRole('button', { name: 'Send Feedback' });
const panel = () => screen.getByRole('dialog', { name: 'Send Feedback' });
const field = (label: string) => within(panel()).getByLabelText(label) as HTMLInputElement;
const submitButton = () => within(panel()).getByRole('button', { name: 'Send feedback' }) as HTMLButtonElement;

async function openPanel() {
  fireEvent.click(await openButton());
  return screen.findByRole('dialog', { name: 'Send Feedback' });
}

function type(label: string, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

beforeAll(() => {
  // jsdom has no PointerEvent; without it fireEvent drops the coordinates and the pointer id.
  if (typeof window.PointerEvent === 'undefined') {
    class PointerEventPolyfill extends MouseEvent {
      readonly pointerId: number;
      constructor(type: string, init: PointerEventInit = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 0;
      }
    }
    window.PointerEvent = PointerEventPolyfill as unknown as typeof PointerEvent;
  }
});

beforeEach(() => {
  localStorage.clear();
  capture.mockReset();
  capture.mockRejectedValue(new Error('Rendering is not available here'));
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1280 });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
});

afterEach(() => {
  act(() => {
    setWidgetState('closed');
    toast.dismiss();
  });
});

describe('who sees the widget', () => {
  it('shows the button to a beta user while feedback is beta-only', async () => {
    server();
    renderWidget();
    expect(await openButton()).toBeDefined();
  });

  it('shows it to alpha users too', async () => {
    server({ user: { tier: 'alpha' } });
    renderWidget();
    expect(await openButton()).toBeDefined();
  });

  it('hides it from standard users while feedback is beta-only, and shows it when it is not', async () => {
    const { reads } = server({ user: { tier: 'standard' } });
    const first = renderWidget();
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).toBeNull();
    first.unmount();

    server({ user: { tier: 'standard' }, betaOnly: false });
    renderWidget();
    expect(await openButton()).toBeDefined();
  });

  it('needs a known e-mail address', async () => {
    const { reads } = server({ user: { email: '' } });
    renderWidget();
    await waitFor(() => expect(reads()).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).toBeNull();
  });
});

describe('the docked tab', () => {
  it('is docked to the right edge, 24 px from the bottom, and hidden on phones (the header has the button there)', async () => {
    server();
    renderWidget();
    const button = await openButton();
    expect(button.style.right).toBe('0px');
    expect(button.style.bottom).toBe('24px');
    expect(button.className).toMatch(/(^| )hidden( |$)/);
    expect(button.className).toMatch(/(^| )lg:inline-flex( |$)/);
  });

  it('treats a pointer moving up to 5 px as a click that opens the panel', async () => {
    server();
    renderWidget();
    const button = await openButton();
    fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientX: 1200, clientY: 760 });
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 1203, clientY: 764 });
    fireEvent.pointerUp(button, { pointerId: 1, clientX: 1203, clientY: 764 });
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Send Feedback' })).toBeDefined();
    expect(localStorage.getItem(POSITION_STORAGE_KEY)).toBeNull();
  });

  it('drags up and down beyond 5 px without opening, within the margins, and remembers the place', async () => {
    server();
    renderWidget();
    const button = await openButton();
    fireEvent.pointerDown(button, { pointerId: 1, button: 0, clientX: 1200, clientY: 760 });
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 1000, clientY: 500 });
    // Docked: the sideways part of the drag does not move it.
    expect(button.style.right).toBe('0px');
    expect(button.style.bottom).toBe('284px');
    // Far past the top: held 100 px from the far edge (the button has no size in jsdom).
    fireEvent.pointerMove(button, { pointerId: 1, clientX: -400, clientY: -400 });
    expect(button.style.right).toBe('0px');
    expect(button.style.bottom).toBe('700px');
    // Back past the corner: held 10 px from the near edges.
    fireEvent.pointerMove(button, { pointerId: 1, clientX: 1400, clientY: 900 });
    fireEvent.pointerUp(button, { pointerId: 1, clientX: 1400, clientY: 900 });
    fireEvent.click(button);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button.style.right).toBe('0px');
    expect(button.style.bottom).toBe('10px');
    expect(JSON.parse(localStorage.getItem(POSITION_STORAGE_KEY) ?? '')).toEqual({ right: 24, bottom: 10 });

    // The next plain click opens it.
    fireEvent.click(button);
    expect(await screen.findByRole('dialog', { name: 'Send Feedback' })).toBeDefined();
  });

  it('comes back where it was left', async () => {
    localStorage.setItem(POSITION_STORAGE_KEY, JSON.stringify({ right: 300, bottom: 200 }));
    server();
    renderWidget();
    const button = await openButton();
    expect(button.style.right).toBe('0px');
    expect(button.style.bottom).toBe('200px');
  });

  it('moves with the up and down arrow keys and opens with Enter', async () => {
    server();
    renderWidget();
    const user = userEvent.setup();
    const button = await openButton();
    button.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Shift>}{ArrowUp}{/Shift}');
    expect(button.style.right).toBe('0px');
    expect(button.style.bottom).toBe('74px');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Send Feedback' })).toBeDefined();
  });
});

describe('the panel', () => {
  it('can be minimized to a bar with the draft kept, restored, and closed', async () => {
    server();
    renderWidget();
    await openPanel();
    type('Title', 'Save button greyed out');
    fireEvent.click(within(panel()).getByRole('button', { name: 'Minimize feedback form' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bar = screen.getByRole('region', { name: 'Feedback draft' });
    expect(screen.queryByRole('button', { name: 'Send Feedback' })).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'Restore feedback form' }));
    await screen.findByRole('dialog', { name: 'Send Feedback' });
    expect(field('Title').value).toBe('Save button greyed out');

    fireEvent.click(within(panel()).getByRole('button', { name: 'Close feedback form' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Feedback draft' })).toBeNull();
    expect(await openButton()).toBeDefined();
  });

  it('starts with a bug report of severity 3 and lists the five categories', async () => {
    server();
    renderWidget();
    await openPanel();
    expect(field('Category').value).toBe('bug');
    expect(field('Severity').value).toBe('3');
    expect(
      within(field('Category'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Bug Report', 'Feature Request', 'UX/UI Issue', 'Performance Issue', 'Other']);
    expect(
      within(field('Severity'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 – Low', '2 – Medium', '3 – High', '4 – Critical', '5 – Urgent']);
  });
});

describe('the form', () => {
  it('lists the validation messages above the form', async () => {
    server();
    renderWidget();
    await openPanel();
    expect(within(panel()).queryByRole('alert')).toBeNull();
    fireEvent.blur(field('Title'));
    fireEvent.blur(field('Description'));
    const list = await within(panel()).findByRole('alert');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([FEEDBACK_MESSAGES.titleRequired, FEEDBACK_MESSAGES.descriptionRequired]);
    expect(field('Title').getAttribute('aria-invalid')).toBe('true');

    // Blank after trimming still counts as missing.
    type('Title', '   ');
    fireEvent.blur(field('Title'));
    expect(within(list).getByText(FEEDBACK_MESSAGES.titleRequired)).toBeDefined();

    type('Title', 'Export stalls');
    type('Description', 'The JSON export never finishes.');
    await waitFor(() => expect(within(panel()).queryByRole('alert')).toBeNull());
  });

  it('keeps Send disabled while the title or the description is blank', async () => {
    server();
    renderWidget();
    await openPanel();
    expect(submitButton().disabled).toBe(true);
    type('Title', 'Export stalls');
    expect(submitButton().disabled).toBe(true);
    type('Description', '   ');
    expect(submitButton().disabled).toBe(true);
    type('Description', 'The JSON export never finishes.');
    expect(submitButton().disabled).toBe(false);
    type('Title', '');
    expect(submitButton().disabled).toBe(true);
  });

  it('disables Send while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    server({ submit: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWidget();
    await openPanel();
    type('Title', 'Export stalls');
    type('Description', 'The JSON export never finishes.');
    fireEvent.click(submitButton());
    await waitFor(() => expect((within(panel()).getByRole('button', { name: /Sending/ }) as HTMLButtonElement).disabled).toBe(true));
    await act(async () => answer(json({ id: 'f1' }, 201)));
    expect(await screen.findByText(FEEDBACK_MESSAGES.successTitle)).toBeDefined();
  });

  it('sends the form with its context, then thanks, resets and closes', async () => {
    const { sent } = server();
    renderWidget();
    await openPanel();
    fireEvent.change(field('Category'), { target: { value: 'feature' } });
    fireEvent.change(field('Severity'), { target: { value: '5' } });
    type('Title', '  Bulk export  ');
    type('Description', 'Please let me export every section at once.');
    type('Steps to reproduce (optional)', '1. Open Settings');
    fireEvent.click(submitButton());

    expect(await screen.findByText(FEEDBACK_MESSAGES.successTitle)).toBeDefined();
    expect(screen.getByText(FEEDBACK_MESSAGES.successBody)).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The automatic capture failed here, which is reported and does not stop the submission.
    expect(capture).toHaveBeenCalledTimes(1);
    expect(screen.getByText(FEEDBACK_MESSAGES.screenshotFailedTitle)).toBeDefined();
    expect(screen.getByText(FEEDBACK_MESSAGES.screenshotFailedBody)).toBeDefined();
    expect(sent.map((request) => request.path)).toEqual(['/api/feedback']);
    expect(sent[0]?.body).toMatchObject({
      category: 'feature',
      severity: 5,
      title: 'Bulk export',
      description: 'Please let me export every section at once.',
      reproductionSteps: '1. Open Settings',
      screenshotUrl: null,
      technicalContext: {
        browser: expect.any(String),
        os: expect.any(String),
        userAgent: expect.any(String),
        consoleErrors: [],
        networkErrors: [],
        navigation: [],
      },
      applicationContext: { currentRoute: expect.any(String) },
    });

    await openPanel();
    expect(field('Category').value).toBe('bug');
    expect(field('Severity').value).toBe('3');
    expect(field('Title').value).toBe('');
    expect(field('Description').value).toBe('');
    expect(field('Steps to reproduce (optional)').value).toBe('');
  });

  it('uploads a captured screenshot first and sends its link', async () => {
    const { sent } = server();
    capture.mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
    renderWidget();
    await openPanel();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Capture screenshot' }));
    expect(await within(panel()).findByRole('img', { name: 'Screenshot to be attached' })).toBeDefined();
    type('Title', 'Chart overlaps');
    type('Description', 'The chart covers the legend.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(FEEDBACK_MESSAGES.successTitle)).toBeDefined();

    expect(capture).toHaveBeenCalledTimes(1); // the manual one; no automatic capture on top
    expect(sent.map((request) => request.path)).toEqual(['/api/feedback/screenshot', '/api/feedback']);
    // Node's FormData hands back its own File (not jsdom's Blob): check what was sent by its values.
    expect((sent[0]?.body as FormData).get('file')).toMatchObject({ type: 'image/jpeg', size: 4 });
    expect(sent[1]?.body).toMatchObject({ screenshotUrl: `/api/feedback/screenshots/${USER.id}/1700000000000-abcd1234.jpg` });
  });

  it('can remove the screenshot again', async () => {
    server();
    capture.mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
    renderWidget();
    await openPanel();
    fireEvent.click(within(panel()).getByRole('button', { name: 'Capture screenshot' }));
    fireEvent.click(await within(panel()).findByRole('button', { name: 'Remove screenshot' }));
    expect(within(panel()).queryByRole('img')).toBeNull();
    expect(within(panel()).getByRole('button', { name: 'Capture screenshot' })).toBeDefined();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('sends without the screenshot when its upload fails', async () => {
    const { sent } = server({
      upload: () => json({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Screenshots must be PNG, JPEG or WebP images.' } }, 415),
    });
    capture.mockResolvedValue(new Blob(['jpeg'], { type: 'image/jpeg' }));
    renderWidget();
    await openPanel();
    type('Title', 'Chart overlaps');
    type('Description', 'The chart covers the legend.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(FEEDBACK_MESSAGES.successTitle)).toBeDefined();
    expect(sent.map((request) => request.path)).toEqual(['/api/feedback/screenshot', '/api/feedback']);
    expect(sent[1]?.body).toMatchObject({ screenshotUrl: null });
  });

  it('tells why a submission failed and keeps the draft', async () => {
    server({ submit: () => json({ error: { code: 'RATE_LIMIT_EXCEEDED', message: FEEDBACK_MESSAGES.hourlyLimit } }, 429) });
    renderWidget();
    await openPanel();
    type('Title', 'Export stalls');
    type('Description', 'The JSON export never finishes.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(FEEDBACK_MESSAGES.failureTitle)).toBeDefined();
    expect(within(panel()).getByRole('alert').textContent).toContain(FEEDBACK_MESSAGES.hourlyLimit);
    expect(field('Title').value).toBe('Export stalls');
  });

  it('falls back to the generic text when the failure says nothing', async () => {
    server({ submit: () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    renderWidget();
    await openPanel();
    type('Title', 'Export stalls');
    type('Description', 'The JSON export never finishes.');
    fireEvent.click(submitButton());
    expect(await screen.findByText(FEEDBACK_MESSAGES.failureTitle)).toBeDefined();
    expect(screen.getAllByText('An unexpected error occurred. Please try again.').length).toBeGreaterThan(0);
  });

  it('puts the server’s field messages in the list', async () => {
    server({
      submit: () =>
        json(
          {
            error: {
              code: 'VALIDATION_ERROR',
              message: FEEDBACK_MESSAGES.titleRequired,
              details: { issues: [{ path: 'title', message: FEEDBACK_MESSAGES.titleRequired }] },
            },
          },
          400,
        ),
    });
    renderWidget();
    await openPanel();
    type('Title', 'x');
    type('Description', 'y');
    fireEvent.click(submitButton());
    const list = await within(panel()).findByRole('alert');
    await waitFor(() => expect(within(list).getAllByText(FEEDBACK_MESSAGES.titleRequired).length).toBeGreaterThan(0));
  });
});
