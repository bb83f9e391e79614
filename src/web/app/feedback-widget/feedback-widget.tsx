import { Maximize2, MessageSquare, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { setWidgetState, useWidgetState } from '@web/features/feedback/lib/widget-state';
import { FeedbackButton } from './feedback-button';
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

/**
 * The floating feedback widget for signed-in beta and alpha providers (access spec §2, §4, §6, §7):
 * a draggable button, a panel with the form that can be minimized to a bar (the draft is kept) or
 * closed. Renders nothing for anybody else.
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
          style={{ right: barPosition.right, bottom: barPosition.bottom }}
          className="fixed z-40 flex h-11 items-center gap-1 rounded-full bg-white py-1 pr-1 pl-4 text-sm font-medium text-gray-900 shadow-lg ring-1 ring-gray-900/10"
        >
          <MessageSquare aria-hidden="true" className="size-4 text-brand-600" />
          <span className="mr-1 ml-1 whitespace-nowrap">Feedback draft</span>
          <WidgetControl ref={restoreRef} shape="round" icon={Maximize2} label="Restore feedback form" onClick={() => setWidgetState('open')} />
          <WidgetControl shape="round" icon={X} label="Close feedback form" onClick={() => setWidgetState('closed')} />
        </div>
      ) : null}

      {opened ? (
        <Suspense fallback={null}>
          <FeedbackDialog open={state === 'open'} returnFocus={() => (restoreRef.current ?? buttonRef.current)?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}
