import { gradeStatus, wordCountStatus, type TargetStatus } from '@shared/readability';
import { cn } from '@web/lib/cn';

const TONES: Record<TargetStatus, string> = {
  'on-target': 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  near: 'bg-amber-50 text-amber-900 ring-amber-200',
  off: 'bg-red-50 text-red-800 ring-red-200',
};

const STATUS_TEXT: Record<TargetStatus, string> = { 'on-target': 'on target', near: 'close to target', off: 'off target' };

function Meter({ status, children }: { status: TargetStatus; children: string }) {
  return (
    <span className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium tabular-nums ring-1 ring-inset', TONES[status])}>
      {children}
      <span className="sr-only">, {STATUS_TEXT[status]}</span>
    </span>
  );
}

/** Word count and Flesch–Kincaid grade against their targets, coloured green, amber or red. */
export function TargetMeter({ words, grade, readingLevel, wordCountMin, wordCountMax, className }: { words: number; grade: number; readingLevel: number; wordCountMin: number; wordCountMax: number; className?: string }) {
  return (
    <span className={cn('flex flex-wrap gap-2', className)}>
      <Meter status={wordCountStatus(words, wordCountMin, wordCountMax)}>{`${words} ${words === 1 ? 'word' : 'words'} (target ${wordCountMin}–${wordCountMax})`}</Meter>
      <Meter status={words === 0 ? 'off' : gradeStatus(grade, readingLevel)}>{`Grade ${grade.toFixed(1)} (target ${readingLevel})`}</Meter>
    </span>
  );
}
