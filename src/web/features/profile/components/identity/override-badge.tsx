import { PencilLine, RotateCcw, Undo2 } from 'lucide-react';
import { Tooltip } from '@web/components/ui/tooltip';

interface OverrideBadgeProps {
  /** What the field is called, for the buttons' names. */
  fieldLabel: string;
  /** The saved flag: the provider edited this field, so registry refreshes leave it alone. */
  saved: boolean;
  /** The flag in the form (false once the provider chose to let the registry update it again). */
  flagged: boolean;
  onChange: (flagged: boolean) => void;
}

/**
 * "Edited by you": a field the provider changed by hand keeps its value when the profile is
 * refreshed from the NPI registry. The small button next to it un-flags it (takes effect on save).
 */
export function OverrideBadge({ fieldLabel, saved, flagged, onChange }: OverrideBadgeProps) {
  if (!saved && !flagged) return null;
  if (flagged) {
    return (
      <span className="inline-flex items-center gap-0.5 rounded-full bg-amber-50 py-0.5 pr-0.5 pl-2 text-xs font-medium text-amber-900 ring-1 ring-amber-200 ring-inset">
        <PencilLine aria-hidden="true" className="size-3" />
        <span className="ml-0.5">Edited by you</span>
        <Tooltip content="Let the NPI registry update this field again on the next refresh">
          <button
            type="button"
            onClick={() => onChange(false)}
            className="ml-0.5 inline-flex size-5 items-center justify-center rounded-full text-amber-800 hover:bg-amber-100 hover:text-amber-950"
            aria-label={`Let the registry update ${fieldLabel}`}
          >
            <RotateCcw aria-hidden="true" className="size-3" />
          </button>
        </Tooltip>
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-xs text-gray-600">
      Registry will update this
      <button
        type="button"
        onClick={() => onChange(true)}
        className="inline-flex items-center gap-0.5 rounded px-1 font-medium text-brand-700 hover:bg-brand-50"
        aria-label={`Keep my edit of ${fieldLabel}`}
      >
        <Undo2 aria-hidden="true" className="size-3" />
        Undo
      </button>
    </span>
  );
}
