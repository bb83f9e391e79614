import { Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '@web/lib/cn';

interface FileDropZoneProps {
  /** For the file input's `accept`. */
  accept: string;
  onFile: (file: File) => void;
  /** What to drop, e.g. "a CSV file". */
  label: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** The chosen file's name, shown in place of the prompt. */
  fileName?: string | null;
  className?: string;
}

/** Drag a file onto it, or click (Enter/Space) to choose one; only the first file is taken. */
export function FileDropZone({ accept, onFile, label, hint, disabled = false, fileName, className }: FileDropZoneProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const take = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) onFile(file);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };

  return (
    <label
      htmlFor={inputId}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors',
        'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
        over ? 'border-brand-500 bg-brand-50' : 'border-gray-300 bg-gray-50 hover:border-gray-400',
        disabled && 'cursor-not-allowed opacity-60',
        className,
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-brand-600" />
      <span className="text-sm font-medium text-gray-900">{fileName ? fileName : `Drop ${label} here, or click to choose`}</span>
      {fileName ? <span className="text-xs text-gray-600">Click or drop another file to replace it.</span> : null}
      {hint ? (
        <span id={hintId} className="text-xs leading-5 text-gray-600">
          {hint}
        </span>
      ) : null}
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-label={fileName ? `Replace ${fileName}: choose ${label}` : `Choose ${label}`}
        aria-describedby={hint ? hintId : undefined}
        className="sr-only"
        onChange={(event) => {
          take(event.target.files);
          // Choosing the same file again must fire another change.
          event.target.value = '';
        }}
      />
    </label>
  );
}
