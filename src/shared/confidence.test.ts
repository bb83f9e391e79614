import { describe, expect, it } from 'vitest';
import {
  affiliationTokens,
  confidenceLabel,
  DEFAULT_CONFIDENCE,
  parsePersonName,
  parsePubmedAuthor,
  scoreMatch,
  specialtyKeywords,
  type ProviderMatchProfile,
} from './confidence';

const jane: ProviderMatchProfile = {
  firstName: 'Jane',
  middleName: 'Marie',
  lastName: 'Doe',
  affiliations: ['Northfield Health'],
  specialtyKeywords: specialtyKeywords(['Cardiology']),
};

const authors = (...names: string[]) => names.map((name) => parsePubmedAuthor(name)!).filter(Boolean);

describe('name parsing', () => {
  it('reads PubMed author names', () => {
    expect(parsePubmedAuthor('Doe JM')).toEqual({ last: 'Doe', first: null, initials: 'JM', display: 'Doe JM' });
    expect(parsePubmedAuthor('van der Berg AB')).toMatchObject({ last: 'van der Berg', initials: 'AB' });
    expect(parsePubmedAuthor('Heart Failure Collaborative Group')).toBeNull();
  });

  it('reads official names with credentials, titles and last-name-first order', () => {
    expect(parsePersonName('Jane M. Doe, MD')).toMatchObject({ last: 'Doe', first: 'Jane', initials: 'JM' });
    expect(parsePersonName('Dr. Jane Doe MD PhD')).toMatchObject({ last: 'Doe', first: 'Jane', initials: 'J' });
    expect(parsePersonName('Doe, Jane M')).toMatchObject({ last: 'Doe', first: 'Jane', initials: 'JM' });
    expect(parsePersonName('Anh Do')).toMatchObject({ last: 'Do', first: 'Anh' });
    expect(parsePersonName('Madonna')).toBeNull();
  });

  it('keeps only distinctive affiliation words', () => {
    expect(affiliationTokens('Northfield Health')).toEqual(['northfield']);
    expect(affiliationTokens("The Children's Hospital of St. Mary")).toEqual(['children', 'mary']);
    expect(affiliationTokens('General Hospital')).toEqual([]);
  });
});

describe('scoreMatch', () => {
  it('uses the default 0.8 only when no signal can be computed', () => {
    expect(scoreMatch(jane, {})).toEqual({ score: DEFAULT_CONFIDENCE, signals: [], defaulted: true });
    const nameless: ProviderMatchProfile = { firstName: null, middleName: null, lastName: null, affiliations: [], specialtyKeywords: [] };
    expect(scoreMatch(nameless, { people: authors('Doe JM'), topicText: 'Heart failure' }).score).toBe(DEFAULT_CONFIDENCE);
    // One computable signal is enough to leave the default.
    expect(scoreMatch(jane, { topicText: 'Knee replacement outcomes' })).toMatchObject({ defaulted: false, score: 0.05 });
  });

  it('ranks full agreement above partial agreement above a conflicting middle initial above a stranger', () => {
    const full = scoreMatch(jane, {
      people: authors('Smith A', 'Doe JM'),
      affiliationConfirmed: { matched: true, affiliation: 'Northfield Health' },
      topicText: 'Cardiologic outcomes after heart failure admission. Journal of Cardiology',
    });
    const partial = scoreMatch(jane, { people: authors('Doe J'), topicText: 'Knee replacement outcomes' });
    const conflicting = scoreMatch(jane, { people: authors('Doe JK'), topicText: 'Knee replacement outcomes' });
    const stranger = scoreMatch(jane, { people: authors('Roe JM'), topicText: 'Knee replacement outcomes' });
    // PubMed gives initials only, so the first-name signal is the initial's weight.
    expect(full.score).toBeCloseTo(0.05 + 0.35 + 0.12 + 0.1 + 0.15 + 0.15, 5);
    expect(full.signals.filter((s) => s.matched).map((s) => s.key)).toEqual(['last_name', 'first_name', 'middle_initial', 'affiliation', 'specialty']);
    expect(partial.score).toBeCloseTo(0.05 + 0.35 + 0.12, 5);
    expect(conflicting.score).toBeCloseTo(0.05 + 0.35 + 0.12 - 0.1, 5);
    expect(stranger.score).toBe(0.05);
    expect(full.score).toBeGreaterThan(partial.score);
    expect(partial.score).toBeGreaterThan(conflicting.score);
    expect(conflicting.score).toBeGreaterThan(stranger.score);
    expect(conflicting.signals.find((s) => s.key === 'middle_initial')).toMatchObject({ matched: false, detail: 'Middle initial K differs from M' });
  });

  it('compares full first names when the source gives them, and picks the best-matching person', () => {
    const evidence = scoreMatch(jane, {
      people: [parsePersonName('John Doe, MD')!, parsePersonName('Jane M. Doe, MD')!],
      affiliationText: 'Northfield Health Cardiology Associates',
      topicText: 'Atrial fibrillation',
    });
    expect(evidence.signals.map((s) => [s.key, s.matched])).toEqual([
      ['last_name', true],
      ['first_name', true],
      ['middle_initial', true],
      ['affiliation', true],
      ['specialty', false],
    ]);
    expect(evidence.score).toBeCloseTo(0.05 + 0.35 + 0.2 + 0.1 + 0.15, 5);
  });

  it('looks for the name in the text of a page that lists no people', () => {
    const named = scoreMatch(jane, {
      mentionText: 'Dr. Jane Doe opens a new heart clinic',
      topicText: 'new heart clinic',
      affiliationText: 'Northfield Health News',
    });
    const surname = scoreMatch(jane, { mentionText: 'Doe speaks about prevention' });
    const absent = scoreMatch(jane, { mentionText: 'Hospital opens a wing' });
    expect(named.signals.filter((s) => s.matched).map((s) => s.key)).toEqual(['last_name', 'first_name', 'affiliation']);
    expect(surname.score).toBeCloseTo(0.4, 5);
    expect(absent.score).toBe(0.05);
  });

  it('is accent and case insensitive and counts an ORCID hit', () => {
    const garcia: ProviderMatchProfile = { firstName: 'José', middleName: null, lastName: 'García-López', affiliations: [], specialtyKeywords: [] };
    expect(scoreMatch(garcia, { people: authors('Garcia-Lopez J') }).signals[0]).toMatchObject({ key: 'last_name', matched: true });
    expect(scoreMatch(garcia, { people: authors('Garcia-Lopez J'), orcidConfirmed: true }).score).toBeCloseTo(0.05 + 0.35 + 0.12 + 0.3, 5);
  });

  it('labels scores', () => {
    expect([confidenceLabel(0.9), confidenceLabel(0.5), confidenceLabel(0.2)]).toEqual(['High', 'Medium', 'Low']);
  });
});
