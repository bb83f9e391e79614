import { Maximize2, MessageSquare, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { setWidgetState, useWidgetState } from '@web/features/feedback/lib/widget-state';
import { FeedbackButton } from './feedback-button';
import { FEEDBACK_HEADER_BUTTON_ID } from './header-button';
import { clampPosition, loadPosition, savePosition, type Size, type WidgetPosition } from './position';
import { WIDGET_ATTRIBUTE } from './screenshot';
import { WidgetControl } from './widget-control';

// The panel's form, validation and sending (React Hook Form, the zod schemas, the screenshot code)
// load when the provider reaches for the button, not with every page (issue T2 1/5).
const loadDialog = () => import('./feedback-dialog');
const FeedbackDialog = lazy(loadDialog);

const widgetMark = { [WIDGET_ATTRIBUTE]: '' };

function readViewport(): Size {
  return { width: window.innerWidth, height: window.innerHeight };
}

function useViewport(): Size {
  const [viewport, setViewport] = useState(readViewport);
  useEffect(() => {
    const onResize = () => setViewport(readViewport());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return viewport;
}

/** The element's size, kept up to date; zero until it has been laid out. */
function useElementSize<T extends HTMLElement>(): [(node: T | null) => void, Size] {
  const [node, setNode] = useState<T | null>(null);
  const [size, setSize] = useState<Size>({ width: 0, height: 0 });
  useLayoutEffect(() => {
    if (!node) return;
    const measure = () => {
      const rect = node.getBoundingClientRect();
      setSize((current) => (current.width === rect.width && current.height === rect.height ? current : { width: rect.width, height: rect.height }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, [node]);
  return [setNode, size];
}

/** Focus the first of `candidates` that is on screen (the docked tab is hidden on phones, the header button on desktops). */
function focusFirstShown(candidates: Array<HTMLElement | null>) {
  candidates.find((element) => element && element.getClientRects().length > 0)?.focus();
}

/**
 * The feedback widget for signed-in beta and alpha providers (access spec §2, §4, §6, §7):
 * on a wide window a tab docked to the right edge (draggable up and down), a panel with the form that
 * can be minimized to a docked bar (the draft is kept) or closed; on a phone the header's button
 * (header-button.tsx) opens the same panel. Renders nothing for anybody else.
 */
export function FeedbackWidgetPanel() {
  const state = useWidgetState();
  const viewport = useViewport();
  const [stored, setStored] = useState<WidgetPosition>(() => loadPosition());
  const [buttonNode, buttonSize] = useElementSize<HTMLButtonElement>();
  const [barNode, barSize] = useElementSize<HTMLDivElement>();
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const restoreRef = useRef<HTMLButtonElement | null>(null);
  // Mounted from the first opening on: closing or minimizing the panel keeps its draft.
  const [opened, setOpened] = useState(state !== 'closed');
  if (state !== 'closed' && !opened) setOpened(true);

  // On the way out of the page (sign-out), the panel should not come back open on the next sign-in.
  useEffect(() => () => setWidgetState('closed'), []);

  const onMove = (position: WidgetPosition, done: boolean) => {
    setStored(position);
    if (done) savePosition(position);
  };

  const buttonPosition = clampPosition(stored, viewport, buttonSize);
  const barPosition = clampPosition(stored, viewport, barSize);

  return (
    <>
      {state === 'closed' ? (
        <FeedbackButton
          buttonRef={(node) => {
            buttonRef.current = node;
            buttonNode(node);
          }}
          position={buttonPosition}
          viewport={readViewport}
          onMove={onMove}
          onOpen={() => setWidgetState('open')}
          onIntent={() => void loadDialog()}
        />
      ) : null}

      {state === 'minimized' ? (
        <div
          ref={barNode}
          {...widgetMark}
          role="region"
          aria-label="Feedback draft"
          style={{ right: 0, bottom: barPosition.bottom }}
          className="fixed z-40 hidden w-10 flex-col items-center gap-1 rounded-l-lg bg-white py-2 text-sm font-medium text-gray-900 shadow-lg ring-1 ring-gray-900/10 lg:flex"
        >
          <MessageSquare aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
          <span className="my-1 whitespace-nowrap [writing-mode:vertical-rl]">Feedback draft</span>
          <WidgetControl ref={restoreRef} shape="round" icon={Maximize2} label="Restore feedback form" onClick={() => setWidgetState('open')} />
          <WidgetControl shape="round" icon={X} label="Close feedback form" onClick={() => setWidgetState('closed')} />
        </div>
      ) : null}

      {opened ? (
        <Suspense fallback={null}>
          <FeedbackDialog
            open={state === 'open'}
            returnFocus={() => focusFirstShown([restoreRef.current, buttonRef.current, document.getElementById(FEEDBACK_HEADER_BUTTON_ID)])}
          />
        </Suspense>
      ) : null}
    </>
  );
}
