import { createRequire } from 'node:module';

/**
 * Places for the directory's distance search: US ZIP centroids from the `zipcodes` package (BSD
 * licence; its US data from federalgovernmentzipcodes.us, see src/server/db/seed/data/SOURCES.md).
 * Locations get coordinates when they are saved; a patient's "City, ST", "City ST", "city" or ZIP is
 * turned into a point here, and the distance itself is measured in SQL.
 */

export interface Point {
  latitude: number;
  longitude: number;
}

interface ZipEntry extends Point {
  zip: string;
  city: string;
  state: string;
}

interface Gazetteer {
  byZip: Map<string, ZipEntry>;
  /** "EVANSTON" -> state -> that city's ZIPs in the state. */
  byCity: Map<string, Map<string, ZipEntry[]>>;
}

let gazetteer: Gazetteer | null = null;

/** The 40,000-odd US ZIPs are read on first use (a few MB), not when the server starts. */
function loadGazetteer(): Gazetteer {
  if (gazetteer) return gazetteer;
  const { codes } = createRequire(import.meta.url)('zipcodes/lib/codes.js') as { codes: Record<string, ZipEntry> };
  const byZip = new Map<string, ZipEntry>();
  const byCity = new Map<string, Map<string, ZipEntry[]>>();
  for (const entry of Object.values(codes)) {
    if (!Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude)) continue;
    byZip.set(entry.zip, entry);
    const city = entry.city.toUpperCase();
    const states = byCity.get(city) ?? new Map<string, ZipEntry[]>();
    states.set(entry.state, [...(states.get(entry.state) ?? []), entry]);
    byCity.set(city, states);
  }
  gazetteer = { byZip, byCity };
  return gazetteer;
}

/** The mean of a city's ZIP centroids: its middle, near enough for a radius in miles. */
function middleOf(entries: ZipEntry[]): Point {
  const latitude = entries.reduce((sum, e) => sum + e.latitude, 0) / entries.length;
  const longitude = entries.reduce((sum, e) => sum + e.longitude, 0) / entries.length;
  return { latitude: Math.round(latitude * 1e4) / 1e4, longitude: Math.round(longitude * 1e4) / 1e4 };
}

const normalCity = (city: string) => city.trim().replace(/\s+/g, ' ').toUpperCase();

/** A city's centre in a state, or null when the package does not know it. */
export function cityPoint(city: string, state: string): Point | null {
  const entries = loadGazetteer().byCity.get(normalCity(city))?.get(state.trim().toUpperCase());
  return entries?.length ? middleOf(entries) : null;
}

/** The states that have a city of this name, most ZIPs first. */
export function statesWithCity(city: string): string[] {
  const states = loadGazetteer().byCity.get(normalCity(city));
  return states ? [...states].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])).map(([state]) => state) : [];
}

/** A five-digit ZIP's centroid (a ZIP+4 reads as its five digits). */
export function zipPoint(postalCode: string): Point | null {
  const zip = /^(\d{5})(?:-?\d{4})?$/.exec(postalCode.trim())?.[1];
  const entry = zip ? loadGazetteer().byZip.get(zip) : undefined;
  return entry ? { latitude: entry.latitude, longitude: entry.longitude } : null;
}

/** Where a saved location is: its ZIP's centroid, else its city's in its state; null when neither is known. */
export function locationPoint(location: { postalCode?: string | null; city?: string | null; state?: string | null }): Point | null {
  const byZip = location.postalCode ? zipPoint(location.postalCode) : null;
  if (byZip) return byZip;
  return location.city && location.state ? cityPoint(location.city, location.state) : null;
}

/** What a patient typed in "near". */
export type PlaceQuery =
  | { kind: 'zip'; zip: string; point: Point | null }
  /** Three or four digits: the ZIPs that start with them (no distance). */
  | { kind: 'zipPrefix'; prefix: string }
  | { kind: 'city'; city: string; state: string | null; point: Point | null };

const STATE_CODES = /^(A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|P[AR]|RI|S[CD]|T[NX]|UT|V[AIT]|W[AIVY])$/i;

/**
 * "60201", "602", "Evanston, IL", "Evanston IL", "evanston": the place and, when the package knows
 * it, its point. A city without a state is taken in `preferredState` when that state has it (the
 * search passes the state where the hospital has locations in a city of that name), else in the
 * state with the most ZIPs of that name.
 */
export function parsePlace(text: string, preferredState?: string | null): PlaceQuery | null {
  const place = text.trim().replace(/\s+/g, ' ');
  if (!place) return null;
  if (/^\d{5}(?:-?\d{4})?$/.test(place)) {
    const zip = place.slice(0, 5);
    return { kind: 'zip', zip, point: zipPoint(zip) };
  }
  if (/^\d{3,4}$/.test(place)) return { kind: 'zipPrefix', prefix: place };
  // "City, ST" or "City ST": a two-letter state code at the end.
  const withState = /^(.+?)(?:,\s*|\s+)([A-Za-z]{2})\.?$/.exec(place);
  if (withState && STATE_CODES.test(withState[2]!)) {
    const city = withState[1]!.replace(/,$/, '').trim();
    const state = withState[2]!.toUpperCase();
    return { kind: 'city', city, state, point: cityPoint(city, state) };
  }
  const city = place.replace(/,$/, '').trim();
  const states = statesWithCity(city);
  const state = preferredState && states.includes(preferredState.toUpperCase()) ? preferredState.toUpperCase() : (states[0] ?? null);
  return { kind: 'city', city, state: null, point: state ? cityPoint(city, state) : null };
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle distance in miles (the same haversine the search runs in SQL); for tests and labels. */
export function milesBetween(a: Point, b: Point): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export { EARTH_RADIUS_MILES };
