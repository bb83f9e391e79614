import { eq } from 'drizzle-orm';
import { READING_LEVEL_DEFAULTS } from '../../../shared/limits';
import { analyzeText, targetWarnings, type DraftTargets } from '../../../shared/readability';
import { BIOGRAPHY_MESSAGES, type BiographyDraftResponse, type BiographyDraftVersion, type BiographyTargetsResponse } from '../../../shared/schemas/biography';
import type { Database } from '../../db/client';
import { hospitals, users } from '../../db/schema';
import { WriterError, type BiographyVersion, type BiographyWriter, type BrandBrief, type WriterBrief } from '../../integrations/llm/types';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { loadBrandGuidelines } from '../brand/service';
import { getReadingLevels } from '../hospitals/service';
import { getProfile, type ProviderRef } from '../profile/service';
import { resolveDefaultTemplate } from '../prompt-templates/service';
import { buildFacts } from './facts';

export interface BiographyDeps {
  db: Database;
  logger: Logger;
  writer: BiographyWriter;
}

type Levels = Awaited<ReturnType<typeof getReadingLevels>>;

function targetsFor(levels: Levels, version: BiographyVersion): DraftTargets {
  return version === 'professional'
    ? {
        readingLevel: levels.professionalReadingLevel,
        wordCountMin: levels.professionalWordCountMin,
        wordCountMax: levels.professionalWordCountMax,
        tone: levels.professionalTone,
      }
    : { readingLevel: levels.publicReadingLevel, wordCountMin: levels.publicWordCountMin, wordCountMax: levels.publicWordCountMax, tone: levels.publicTone };
}

function levelsOf(db: Database, hospitalId: string | null): Promise<Levels> {
  return hospitalId ? getReadingLevels(db, hospitalId) : Promise.resolve({ ...READING_LEVEL_DEFAULTS });
}

/** `GET /api/biography/targets`: the provider's hospital's reading levels (the defaults without a hospital). */
export async function biographyTargets(db: Database, actor: ProviderRef): Promise<BiographyTargetsResponse> {
  const [user] = await db.select({ hospitalId: users.hospitalId }).from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw AppError.unauthenticated();
  const levels = await levelsOf(db, user.hospitalId);
  return { professional: targetsFor(levels, 'professional'), public: targetsFor(levels, 'public') };
}

/** The hospital's brand voice, only when its settings say to apply it to prompts automatically. */
async function brandBrief(db: Database, hospitalId: string | null): Promise<BrandBrief | null> {
  if (!hospitalId) return null;
  const [hospital] = await db
    .select({ id: hospitals.id, brandWritingStandards: hospitals.brandWritingStandards, brandGuidelinesUrl: hospitals.brandGuidelinesUrl })
    .from(hospitals)
    .where(eq(hospitals.id, hospitalId))
    .limit(1);
  if (!hospital) return null;
  const guidelines = await loadBrandGuidelines(db, hospital);
  if (!guidelines.settings.autoApplyToPrompts) return null;
  const brief: BrandBrief = {
    brandVoice: guidelines.settings.brandVoice,
    toneGuidelines: guidelines.settings.toneGuidelines,
    writingStyleNotes: guidelines.settings.writingStyleNotes,
    writingStandards: guidelines.writingStandards,
  };
  return Object.values(brief).some(Boolean) ? brief : null;
}

const WRITER_ERRORS = {
  timeout: { status: 504, code: 'WRITER_TIMEOUT', message: BIOGRAPHY_MESSAGES.timeout },
  busy: { status: 503, code: 'WRITER_BUSY', message: BIOGRAPHY_MESSAGES.busy },
  refused: { status: 502, code: 'WRITER_REFUSED', message: BIOGRAPHY_MESSAGES.refused },
  unusable: { status: 502, code: 'WRITER_UNUSABLE', message: BIOGRAPHY_MESSAGES.unusable },
  unavailable: { status: 502, code: 'WRITER_UNAVAILABLE', message: BIOGRAPHY_MESSAGES.unavailable },
} as const;

/**
 * `POST /api/biography/draft`: both versions drafted from the provider's profile, the hospital's
 * default templates, reading levels and (when auto-applied) brand voice. Nothing is written: the
 * provider edits the drafts and saves them through the biography section, so a failure here can
 * never touch the stored biography.
 */
export async function draftBiography(deps: BiographyDeps, actor: ProviderRef): Promise<BiographyDraftResponse> {
  const profile = await getProfile(deps, actor);
  const hospitalId = profile.user.hospitalId;
  const facts = buildFacts(profile);
  const [levels, professionalTemplate, publicTemplate, brand] = await Promise.all([
    levelsOf(deps.db, hospitalId),
    resolveDefaultTemplate(deps.db, hospitalId, 'professional'),
    resolveDefaultTemplate(deps.db, hospitalId, 'public'),
    brandBrief(deps.db, hospitalId),
  ]);
  const templates = { professional: professionalTemplate, public: publicTemplate };

  const draft = async (version: BiographyVersion): Promise<BiographyDraftVersion> => {
    const template = templates[version];
    const brief: WriterBrief = {
      version,
      facts,
      targets: targetsFor(levels as Levels, version),
      template: template ? { id: template.id, name: template.promptName, content: template.promptContent } : null,
      brand,
    };
    const written = await deps.writer.write(brief);
    const stats = analyzeText(written.text);
    // The writer already explained a short text (too few facts); the bare "N words: shorter" would repeat it.
    const shortOfFacts = written.notes.some((note) => /enough details|does not hold enough/.test(note));
    return {
      text: written.text,
      wordCount: stats.words,
      grade: stats.grade,
      targets: brief.targets,
      warnings: [...written.notes, ...(written.text ? targetWarnings(stats, brief.targets).filter((w) => !(shortOfFacts && / words: /.test(w))) : [])],
      template: template ? { id: template.id, name: template.promptName } : null,
    };
  };

  try {
    const [professional, publicVersion] = await Promise.all([draft('professional'), draft('public')]);
    return {
      professional,
      public: publicVersion,
      writer: deps.writer.kind,
      template: professional.template,
      brandApplied: deps.writer.kind === 'llm' && brand !== null,
    };
  } catch (error) {
    if (error instanceof WriterError) {
      const mapped = WRITER_ERRORS[error.kind];
      deps.logger.warn({ kind: error.kind, status: error.status, userId: actor.userId }, 'biography draft failed');
      throw new AppError(mapped.code, mapped.status, mapped.message);
    }
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, userId: actor.userId }, 'biography draft failed');
    throw new AppError('DRAFT_FAILED', 500, BIOGRAPHY_MESSAGES.failed);
  }
}
