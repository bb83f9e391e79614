import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';

import { TOOLTIP } from '@shared/limits';

export const TooltipProvider = TooltipPrimitive.Provider;

/**
 * The tooltips' shared timing. The signed-in layouts provide it (the only pages with tooltips), so the
 * tooltip library stays out of the public pages' first load.
 */
export function TooltipScope({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider delayDuration={TOOLTIP.delayMs} skipDelayDuration={TOOLTIP.skipDelayMs}>
      {children}
    </TooltipProvider>
  );
}

interface TooltipProps {
  content: ReactNode;
  /** A single focusable element: the tooltip attaches to it. */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
}

export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild>{children}</TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-gray-900 px-2.5 py-1.5 text-xs leading-5 text-white shadow-md"
        >
          {content}
          <TooltipPrimitive.Arrow className="fill-gray-900" />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
