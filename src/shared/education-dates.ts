/**
 * Education dates (profile spec §4): forms ask for years, the table keeps dates. Training runs by
 * academic year, so a start year means July 1 and an end year June 30; a medical school ends on
 * June 1 of the graduation year. An entry is current when it has no end year or ends in the future.
 */
import type { EducationType } from './enums';

export interface EducationDatesInput {
  educationType: EducationType;
  startDate?: string | null;
  endDate?: string | null;
  startYear?: number | null;
  endYear?: number | null;
  graduationYear?: number | null;
  completionYear?: number | null;
}

export interface EducationDates {
  startDate: string | null;
  endDate: string | null;
  startYear: number | null;
  endYear: number | null;
  graduationYear: number | null;
  completionYear: number | null;
  isCurrent: boolean;
}

export const academicYearStartDate = (year: number) => `${year}-07-01`;
export const academicYearEndDate = (year: number) => `${year}-06-30`;
export const medicalSchoolEndDate = (graduationYear: number) => `${graduationYear}-06-01`;

/** The year of an ISO date (YYYY-MM-DD…), or null. */
export function yearOf(date: string | null | undefined): number | null {
  const match = date ? /^(\d{4})-\d{2}-\d{2}/.exec(date) : null;
  return match ? Number(match[1]) : null;
}

const isoDay = (today: Date) => today.toISOString().slice(0, 10);

/** No end year, or an end date after today. */
export function isEducationCurrent(entry: { endYear: number | null; endDate: string | null }, today: Date = new Date()): boolean {
  if (entry.endYear === null && entry.endDate === null) return true;
  return entry.endDate !== null && entry.endDate > isoDay(today);
}

/** The stored dates and years of an entry, derived from what the form gave (years win over dates). */
export function educationDates(entry: EducationDatesInput, today: Date = new Date()): EducationDates {
  const startYear = entry.startYear ?? yearOf(entry.startDate);
  const startDate = entry.startYear != null ? academicYearStartDate(entry.startYear) : (entry.startDate ?? null);
  let graduationYear = entry.graduationYear ?? null;
  let completionYear = entry.completionYear ?? null;
  let endYear: number | null;
  let endDate: string | null;

  if (entry.educationType === 'medical_school') {
    graduationYear = graduationYear ?? entry.endYear ?? yearOf(entry.endDate);
    endYear = entry.endYear ?? graduationYear;
    endDate = graduationYear !== null ? medicalSchoolEndDate(graduationYear) : (entry.endDate ?? null);
  } else {
    const typedEnd =
      entry.educationType === 'residency'
        ? (entry.endYear ?? null)
        : entry.educationType === 'fellowship'
          ? (entry.endYear ?? completionYear)
          : (entry.endYear ?? graduationYear);
    if (entry.educationType === 'fellowship') completionYear = completionYear ?? typedEnd;
    endYear = typedEnd ?? yearOf(entry.endDate);
    endDate = typedEnd !== null ? academicYearEndDate(typedEnd) : (entry.endDate ?? null);
  }

  return { startDate, endDate, startYear, endYear, graduationYear, completionYear, isCurrent: isEducationCurrent({ endYear, endDate }, today) };
}

/**
 * Whole years since the provider started practising: from the earliest residency start or medical
 * school graduation. Null when neither is known.
 */
export function yearsOfExperience(
  entries: ReadonlyArray<{ educationType: string } & Pick<EducationDatesInput, 'startYear' | 'startDate' | 'graduationYear' | 'endDate'>>,
  today: Date = new Date(),
): number | null {
  const years: number[] = [];
  for (const entry of entries) {
    if (entry.educationType === 'residency') {
      const start = entry.startYear ?? yearOf(entry.startDate);
      if (start !== null) years.push(start);
    } else if (entry.educationType === 'medical_school') {
      const graduated = entry.graduationYear ?? yearOf(entry.endDate);
      if (graduated !== null) years.push(graduated);
    }
  }
  if (years.length === 0) return null;
  return Math.max(0, today.getUTCFullYear() - Math.min(...years));
}
