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

/**
 * The reading grade's colour: a grade measured on a text of the wrong length says little (a 26-word
 * draft "on target" was shown green beside a red length), so it is green only when the length holds too.
 */
export function readingStatus(words: number, grade: number, readingLevel: number, wordCountMin: number, wordCountMax: number): TargetStatus {
  if (words === 0) return 'off';
  const byGrade = gradeStatus(grade, readingLevel);
  return byGrade === 'on-target' && wordCountStatus(words, wordCountMin, wordCountMax) !== 'on-target' ? 'near' : byGrade;
}

/** Word count and Flesch–Kincaid reading grade against their targets, coloured green, amber or red. */
export function TargetMeter({
  words,
  grade,
  readingLevel,
  wordCountMin,
  wordCountMax,
  className,
}: {
  words: number;
  grade: number;
  readingLevel: number;
  wordCountMin: number;
  wordCountMax: number;
  className?: string;
}) {
  return (
    <span className={cn('flex flex-wrap gap-2', className)}>
      <Meter
        status={wordCountStatus(words, wordCountMin, wordCountMax)}
      >{`${words} ${words === 1 ? 'word' : 'words'} (aim for ${wordCountMin}–${wordCountMax})`}</Meter>
      <Meter
        status={readingStatus(words, grade, readingLevel, wordCountMin, wordCountMax)}
      >{`Reading grade ${grade.toFixed(1)} (aim for ${readingLevel})`}</Meter>
    </span>
  );
}
