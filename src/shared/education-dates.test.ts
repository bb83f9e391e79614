import { describe, expect, it } from 'vitest';
import {
  academicYearEndDate,
  academicYearStartDate,
  educationDates,
  isEducationCurrent,
  medicalSchoolEndDate,
  yearOf,
  yearsOfExperience,
} from './education-dates';

const today = new Date('2025-03-15T12:00:00Z');

describe('academic-year dates', () => {
  it('starts on July 1 and ends on June 30; a medical school ends on June 1 of the graduation year', () => {
    expect(academicYearStartDate(2015)).toBe('2015-07-01');
    expect(academicYearEndDate(2018)).toBe('2018-06-30');
    expect(medicalSchoolEndDate(2012)).toBe('2012-06-01');
    expect(yearOf('2019-07-01')).toBe(2019);
    expect(yearOf(null)).toBeNull();
    expect(yearOf('July 2019')).toBeNull();
  });
});

describe('isEducationCurrent', () => {
  it('is current without an end year, or when the end date is in the future', () => {
    expect(isEducationCurrent({ endYear: null, endDate: null }, today)).toBe(true);
    expect(isEducationCurrent({ endYear: 2026, endDate: '2026-06-30' }, today)).toBe(true);
    expect(isEducationCurrent({ endYear: 2024, endDate: '2024-06-30' }, today)).toBe(false);
    expect(isEducationCurrent({ endYear: 2025, endDate: '2025-03-15' }, today)).toBe(false);
  });
});

describe('educationDates', () => {
  it('maps a medical school to July 1 of the start year and June 1 of the graduation year', () => {
    expect(educationDates({ educationType: 'medical_school', startYear: 2008, graduationYear: 2012 }, today)).toEqual({
      startDate: '2008-07-01',
      endDate: '2012-06-01',
      startYear: 2008,
      endYear: 2012,
      graduationYear: 2012,
      completionYear: null,
      isCurrent: false,
    });
  });

  it('takes a medical school graduation year from the end year when only that is given', () => {
    const dates = educationDates({ educationType: 'medical_school', endYear: 2011 }, today);
    expect(dates).toMatchObject({ graduationYear: 2011, endDate: '2011-06-01', endYear: 2011 });
  });

  it('maps a residency to July 1 – June 30 and keeps its own graduation year', () => {
    expect(educationDates({ educationType: 'residency', startYear: 2012, endYear: 2015, graduationYear: 2012 }, today)).toMatchObject({
      startDate: '2012-07-01',
      endDate: '2015-06-30',
      startYear: 2012,
      endYear: 2015,
      graduationYear: 2012,
      isCurrent: false,
    });
  });

  it('ends a fellowship on June 30 of its completion year', () => {
    expect(educationDates({ educationType: 'fellowship', startYear: 2015, completionYear: 2017 }, today)).toMatchObject({
      startDate: '2015-07-01',
      endDate: '2017-06-30',
      endYear: 2017,
      completionYear: 2017,
      isCurrent: false,
    });
    expect(educationDates({ educationType: 'fellowship', startYear: 2015, endYear: 2016 }, today)).toMatchObject({ completionYear: 2016 });
  });

  it('is current for training still running or without an end', () => {
    expect(educationDates({ educationType: 'residency', startYear: 2023, endYear: 2026 }, today).isCurrent).toBe(true);
    expect(educationDates({ educationType: 'residency', startYear: 2023 }, today)).toMatchObject({ endDate: null, endYear: null, isCurrent: true });
  });

  it('keeps typed dates when no years are given and derives the years from them', () => {
    expect(educationDates({ educationType: 'continuing_education', startDate: '2020-01-10', endDate: '2020-02-20' }, today)).toMatchObject({
      startDate: '2020-01-10',
      endDate: '2020-02-20',
      startYear: 2020,
      endYear: 2020,
      isCurrent: false,
    });
  });

  it('uses the graduation year as the end of an undergraduate degree', () => {
    expect(educationDates({ educationType: 'undergraduate', startYear: 2000, graduationYear: 2004 }, today)).toMatchObject({
      startDate: '2000-07-01',
      endDate: '2004-06-30',
      endYear: 2004,
    });
  });
});

describe('yearsOfExperience', () => {
  it('counts from the earliest residency start or medical school graduation', () => {
    expect(
      yearsOfExperience(
        [
          { educationType: 'medical_school', graduationYear: 2010 },
          { educationType: 'residency', startYear: 2009 },
          { educationType: 'undergraduate', startYear: 2000 },
        ],
        today,
      ),
    ).toBe(16);
    expect(yearsOfExperience([{ educationType: 'medical_school', endDate: '2015-06-01' }], today)).toBe(10);
    expect(yearsOfExperience([{ educationType: 'fellowship', startYear: 2000 }], today)).toBeNull();
    expect(yearsOfExperience([], today)).toBeNull();
  });
});
