import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { analyzeText, gradeStatus, type TargetStatus } from '@shared/readability';
import { BRAND_LIMITS } from '@shared/schemas/brand';
import { Button } from '@web/components/ui/button';
import { Notice } from '@web/components/ui/notice';
import { serverMessage } from '@web/lib/admin-error-message';
import { TargetMeter } from '@web/features/biography-writer';
import { QueryView } from '../components/query-states';
import { SectionCard } from '../components/section-card';
import { Switch } from '../components/switch';
import { CharacterCount, Textarea } from '../components/textarea';
import { useBrandSettings, useSaveBrandSettings, type BrandSettingsDto } from '../hospitals/api/brand';
import { useReadingLevels, type ReadingLevels } from '../hospitals/api/hospitals';

/** A made-up biography of about public-version length, to try the targets on before pasting a real one. */
export const SAMPLE_PARAGRAPH =
  'Dr. Maria Lopez is a cardiologist at the Heart and Vascular Center. She cares for adults with heart failure, an irregular heartbeat or high blood pressure. Many of her patients come to her after a hospital stay, and she helps them get back to daily life. Dr. Lopez explains each test and treatment in plain words. She takes time to answer questions and to involve family members in decisions. Together with nurses and pharmacists, she builds a care plan that fits each patient’s goals. She earned her medical degree at the University of Michigan and trained in cardiology at Northwestern. Dr. Lopez speaks English and Spanish. She is accepting new patients and also offers video visits. Outside of work, she enjoys hiking with her family and baking bread.';

const STATUS_TEXT: Record<TargetStatus, string> = { 'on-target': 'On target', near: 'Close', off: 'Off target' };

/** What to change when a text reads harder than its target; the two levers of the formula. */
function advice(stats: ReturnType<typeof analyzeText>, target: number): string | null {
  if (stats.words === 0 || stats.grade <= target + 0.5) return null;
  const perSentence = stats.words / stats.sentences;
  const perWord = stats.syllables / stats.words;
  const tips: string[] = [];
  if (perSentence > 16) tips.push(`shorter sentences (now ${Math.round(perSentence)} words on average)`);
  if (perWord > 1.5) tips.push('shorter, everyday words in place of medical terms where you can');
  return tips.length ? `To lower the grade, use ${tips.join(' and ')}.` : null;
}

/**
 * A sample paragraph scored as you type against the hospital's two reading levels: word count and
 * Flesch–Kincaid grade, green when on target, amber when close, red when off.
 */
export function ReadabilityScorer({ levels, initialText = SAMPLE_PARAGRAPH }: { levels: ReadingLevels; initialText?: string }) {
  const [text, setText] = useState(initialText);
  const id = useId();
  const stats = useMemo(() => analyzeText(text), [text]);
  const versions = [
    {
      key: 'professional',
      label: 'Professional version',
      level: levels.professionalReadingLevel,
      min: levels.professionalWordCountMin,
      max: levels.professionalWordCountMax,
      tone: levels.professionalTone,
    },
    {
      key: 'public',
      label: 'Public version',
      level: levels.publicReadingLevel,
      min: levels.publicWordCountMin,
      max: levels.publicWordCountMax,
      tone: levels.publicTone,
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        Sample paragraph
      </label>
      <Textarea id={id} rows={7} value={text} onChange={(event) => setText(event.target.value)} aria-describedby={`${id}-scores`} />
      <div id={`${id}-scores`} aria-live="polite" className="flex flex-col gap-2">
        <p className="text-xs text-gray-600">
          {stats.words} words · {stats.sentences} {stats.sentences === 1 ? 'sentence' : 'sentences'} · grade {stats.grade.toFixed(1)} · reading ease{' '}
          {stats.readingEase.toFixed(0)}
        </p>
        <ul className="flex flex-col gap-2">
          {versions.map((version) => {
            const status = stats.words === 0 ? 'off' : gradeStatus(stats.grade, version.level);
            const tip = advice(stats, version.level);
            return (
              <li key={version.key} className="rounded-lg border border-gray-200 bg-white px-3 py-2">
                <p className="flex flex-wrap items-center justify-between gap-2 text-sm font-medium text-gray-900">
                  <span>
                    {version.label} <span className="font-normal text-gray-500">· {version.tone}</span>
                  </span>
                  <span className="text-xs font-normal text-gray-600">{STATUS_TEXT[status]} for reading level</span>
                </p>
                <TargetMeter
                  className="mt-1.5"
                  words={stats.words}
                  grade={stats.grade}
                  readingLevel={version.level}
                  wordCountMin={version.min}
                  wordCountMax={version.max}
                />
                {tip ? <p className="mt-1.5 text-xs text-gray-600">{tip}</p> : null}
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}

function BrandVoiceForm({ hospitalId, settings }: { hospitalId: string; settings: BrandSettingsDto }) {
  const save = useSaveBrandSettings(hospitalId);
  const [brandVoice, setBrandVoice] = useState(settings.brandVoice ?? '');
  const [toneGuidelines, setTone] = useState(settings.toneGuidelines ?? '');
  const [writingStyleNotes, setNotes] = useState(settings.writingStyleNotes ?? '');
  const [autoApplyToPrompts, setAutoApply] = useState(settings.autoApplyToPrompts);
  const dirty =
    brandVoice !== (settings.brandVoice ?? '') ||
    toneGuidelines !== (settings.toneGuidelines ?? '') ||
    writingStyleNotes !== (settings.writingStyleNotes ?? '') ||
    autoApplyToPrompts !== settings.autoApplyToPrompts;

  // Follow saves made elsewhere on the page while this form has nothing unsaved.
  useEffect(() => {
    if (dirty) return;
    setBrandVoice(settings.brandVoice ?? '');
    setTone(settings.toneGuidelines ?? '');
    setNotes(settings.writingStyleNotes ?? '');
    setAutoApply(settings.autoApplyToPrompts);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        brandVoice: brandVoice.trim() || null,
        toneGuidelines: toneGuidelines.trim() || null,
        writingStyleNotes: writingStyleNotes.trim() || null,
        autoApplyToPrompts,
      },
      { onSuccess: () => toast.success('Brand voice saved.') },
    );
  };

  const fields = [
    {
      label: 'Brand voice',
      value: brandVoice,
      set: setBrandVoice,
      max: BRAND_LIMITS.brandVoice,
      rows: 3,
      hint: 'Who the hospital sounds like, in a few sentences.',
    },
    {
      label: 'Tone guidelines',
      value: toneGuidelines,
      set: setTone,
      max: BRAND_LIMITS.toneGuidelines,
      rows: 4,
      hint: 'Words to use and avoid; how formal to be.',
    },
    {
      label: 'Style notes',
      value: writingStyleNotes,
      set: setNotes,
      max: BRAND_LIMITS.writingStyleNotes,
      rows: 4,
      hint: 'Titles, abbreviations, numbers, punctuation.',
    },
  ];

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {save.isError ? <Notice tone="error">{serverMessage(save.error)}</Notice> : null}
      {fields.map((field) => (
        <BrandText key={field.label} {...field} />
      ))}
      <Switch
        checked={autoApplyToPrompts}
        onCheckedChange={setAutoApply}
        label="Apply automatically to prompts"
        description="Sends these notes and the writing standards to the AI writing service with every biography draft."
      />
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} disabled={!dirty}>
          Save brand voice
        </Button>
      </div>
    </form>
  );
}

function BrandText({
  label,
  value,
  set,
  max,
  rows,
  hint,
}: {
  label: string;
  value: string;
  set: (value: string) => void;
  max: number;
  rows: number;
  hint: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      <Textarea
        id={id}
        rows={rows}
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-describedby={`${id}-hint`}
        aria-invalid={value.length > max || undefined}
      />
      <div className="flex justify-between gap-3">
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          {hint}
        </p>
        <CharacterCount value={value} max={max} />
      </div>
    </div>
  );
}

function BrandVoiceSummary({ settings }: { settings: BrandSettingsDto }) {
  const rows = [
    ['Brand voice', settings.brandVoice],
    ['Tone guidelines', settings.toneGuidelines],
    ['Style notes', settings.writingStyleNotes],
  ] as const;
  return (
    <dl className="flex flex-col gap-3 text-sm">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="font-medium text-gray-800">{label}</dt>
          <dd className="mt-0.5 whitespace-pre-line text-gray-700">{value || <span className="text-gray-500">Not set</span>}</dd>
        </div>
      ))}
      <div>
        <dt className="font-medium text-gray-800">Applied automatically to prompts</dt>
        <dd className="mt-0.5 text-gray-700">{settings.autoApplyToPrompts ? 'Yes' : 'No'}</dd>
      </div>
    </dl>
  );
}

/**
 * The hospital's brand voice beside its reading levels, with a sample paragraph scored live against
 * them. `editable` false shows the voice as a summary (for a page that edits it elsewhere).
 */
export function BrandVoiceCard({ hospitalId, editable = true }: { hospitalId: string; editable?: boolean }) {
  const settings = useBrandSettings(hospitalId);
  const levels = useReadingLevels(hospitalId);

  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <SectionCard
        id={`brand-voice-${hospitalId}`}
        title="Brand voice"
        description="How biographies should sound. The AI writing service receives these notes when automatic application is on."
      >
        <QueryView query={settings} loading="Loading the brand voice" error="The brand voice could not be loaded.">
          {(data) => (editable ? <BrandVoiceForm key={hospitalId} hospitalId={hospitalId} settings={data} /> : <BrandVoiceSummary settings={data} />)}
        </QueryView>
      </SectionCard>
      <SectionCard
        id={`reading-check-${hospitalId}`}
        title="Reading levels check"
        description="Paste or write a paragraph to see how it scores against this hospital’s targets (Flesch–Kincaid grade and length)."
      >
        <QueryView query={levels} loading="Loading the reading levels" error="The reading levels could not be loaded.">
          {(targets) => (
            <div className="flex flex-col gap-4">
              <dl className="grid grid-cols-2 gap-3 text-sm">
                <div className="rounded-lg bg-gray-50 px-3 py-2">
                  <dt className="text-xs text-gray-600">Professional</dt>
                  <dd className="font-medium text-gray-900">
                    Grade {targets.professionalReadingLevel} · {targets.professionalWordCountMin}–{targets.professionalWordCountMax} words ·{' '}
                    {targets.professionalTone}
                  </dd>
                </div>
                <div className="rounded-lg bg-gray-50 px-3 py-2">
                  <dt className="text-xs text-gray-600">Public</dt>
                  <dd className="font-medium text-gray-900">
                    Grade {targets.publicReadingLevel} · {targets.publicWordCountMin}–{targets.publicWordCountMax} words · {targets.publicTone}
                  </dd>
                </div>
              </dl>
              <ReadabilityScorer levels={targets} />
            </div>
          )}
        </QueryView>
      </SectionCard>
    </div>
  );
}
