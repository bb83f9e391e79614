import type { TEMPLATE_VARIABLES } from '../../../shared/schemas/prompt-templates';
import type { ProfileFacts, WriterBrief } from './types';

/** Used when neither the hospital nor the platform has a default template of the type. */
export const FALLBACK_INSTRUCTIONS = {
  professional:
    'Write a professional biography of the clinician described by the facts below, for colleagues and referring physicians. Use the third person and a factual, confident register.',
  public:
    'Write a biography of the clinician described by the facts below for patients and their families. Use the third person, plain words and short sentences, and explain what the clinician can help with.',
} as const;

const AUDIENCE = {
  professional: 'Professional biography, read by colleagues, referring physicians and credentialing staff',
  public: 'Public biography, read by patients and their families',
} as const;

/** Replaces the template variables (TEMPLATE_VARIABLES); unknown `{{…}}` stay as typed so a typo shows. */
export function fillTemplate(content: string, brief: WriterBrief): string {
  const values: Record<(typeof TEMPLATE_VARIABLES)[number]['name'], string> = {
    provider_name: brief.facts.fullName,
    reading_level: String(brief.targets.readingLevel),
    word_count_min: String(brief.targets.wordCountMin),
    word_count_max: String(brief.targets.wordCountMax),
    tone: brief.targets.tone,
    hospital_name: brief.facts.hospitalName ?? 'the hospital',
  };
  return content.replace(/\{\{\s*([a-z_]+)\s*\}\}/gi, (whole, name: string) => values[name.toLowerCase() as keyof typeof values] ?? whole);
}

/** The system message: the template, the targets, the brand voice (when auto-applied) and the ground rules. */
export function systemMessage(brief: WriterBrief): string {
  const parts: string[] = [fillTemplate(brief.template?.content ?? FALLBACK_INSTRUCTIONS[brief.version], brief).trim()];
  parts.push(
    [
      'Targets:',
      `- Version: ${AUDIENCE[brief.version]}`,
      `- Reading level: about US school grade ${brief.targets.readingLevel} (Flesch–Kincaid)`,
      `- Length: ${brief.targets.wordCountMin} to ${brief.targets.wordCountMax} words`,
      `- Tone: ${brief.targets.tone}`,
    ].join('\n'),
  );
  const brand = brief.brand;
  if (brand) {
    const lines = [
      brand.brandVoice ? `Brand voice:\n${brand.brandVoice}` : null,
      brand.toneGuidelines ? `Tone guidelines:\n${brand.toneGuidelines}` : null,
      brand.writingStyleNotes ? `Writing style notes:\n${brand.writingStyleNotes}` : null,
      brand.writingStandards ? `Writing standards:\n${brand.writingStandards}` : null,
    ].filter((line): line is string => line !== null);
    if (lines.length) parts.push(`The hospital's brand guidelines (follow them):\n\n${lines.join('\n\n')}`);
  }
  parts.push(
    [
      'Rules:',
      '- Use only the facts in the profile. Do not add anything that is not there: no years of experience, patient numbers, quotes, hobbies, gender or places.',
      brief.facts.pronouns
        ? `- Refer to the clinician as ${brief.facts.pronouns.subject}/${brief.facts.pronouns.object}.`
        : '- No pronouns are given: refer to the clinician by name, not as he or she.',
      '- Leave out anything the profile does not mention rather than writing around it.',
      '- Answer with the biography only: plain paragraphs, no title, no headings, no lists, no Markdown.',
    ].join('\n'),
  );
  return parts.join('\n\n');
}

const line = (label: string, value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? null : `${label}: ${value}`;
const listLine = (label: string, values: string[]) => (values.length ? `${label}: ${values.join('; ')}` : null);

/** The user message: the profile as labelled lines, missing facts simply absent. */
export function factsAsText(facts: ProfileFacts): string {
  const education = facts.education.map((entry) => {
    const kind = entry.kind.replace(/_/g, ' ');
    return [kind, entry.degree, entry.field && `in ${entry.field}`, entry.institution && `at ${entry.institution}`, entry.year && `(${entry.year})`]
      .filter(Boolean)
      .join(' ');
  });
  const lines = [
    line('Name', facts.fullName),
    line('Preferred name', facts.preferredName),
    listLine('Credentials', facts.credentials),
    line('Pronouns', facts.pronouns ? `${facts.pronouns.subject}/${facts.pronouns.object}` : null),
    line('Job title', facts.jobTitle),
    listLine('Academic titles', facts.academicTitles),
    line('Primary specialty', facts.primarySpecialty),
    listLine('Other specialties', facts.otherSpecialties),
    line('Department', facts.department),
    line('Division', facts.division),
    line('Hospital', facts.hospitalName),
    line('Practice', facts.practiceName),
    line('Practice focus', facts.practiceFocus),
    line('Accepting new patients', facts.acceptingNewPatients === null ? null : facts.acceptingNewPatients ? 'yes' : 'no'),
    listLine('Patient age groups', facts.ageGroups),
    listLine('Appointment types', facts.appointmentTypes),
    line('Video visits', facts.videoVisits ? 'offered' : null),
    line('Telehealth visits', facts.telehealth ? 'offered' : null),
    listLine(
      'Locations',
      facts.locations.map((l) => [l.name, [l.city, l.state].filter(Boolean).join(', ')].filter(Boolean).join(', ') + (l.isPrimary ? ' (primary)' : '')),
    ),
    listLine('Hospital affiliations', facts.hospitalAffiliations),
    listLine('Education and training', education),
    listLine(
      'Board certifications',
      facts.boardCertifications.map((b) => [b.specialty, b.board && (b.specialty ? `(${b.board})` : b.board)].filter(Boolean).join(' ')),
    ),
    listLine('Other certifications', facts.certifications),
    listLine('Conditions treated', facts.conditions),
    listLine('Procedures performed', facts.procedures),
    listLine('Reasons patients visit', facts.reasonsForVisit),
    listLine('Languages spoken', facts.languages),
    listLine(
      'Awards',
      facts.awards.map((a) => [a.name, a.organization, a.year].filter(Boolean).join(', ')),
    ),
    listLine('Professional memberships', facts.memberships),
    line('Volunteer work', facts.volunteerWork),
    line('Personal interests', facts.personalInterests),
    line(
      'Publications',
      facts.publications.count
        ? `${facts.publications.count}${facts.publications.journals.length ? ` (journals include ${facts.publications.journals.join('; ')})` : ''}`
        : null,
    ),
    line(
      'Clinical trials',
      facts.clinicalTrials.count
        ? `${facts.clinicalTrials.count}${facts.clinicalTrials.conditions.length ? ` (studying ${facts.clinicalTrials.conditions.join('; ')})` : ''}`
        : null,
    ),
    line('Media appearances', facts.media.count ? `${facts.media.count}${facts.media.sources.length ? ` (in ${facts.media.sources.join('; ')})` : ''}` : null),
  ].filter((entry): entry is string => entry !== null);
  return `Profile facts:\n${lines.join('\n')}`;
}
