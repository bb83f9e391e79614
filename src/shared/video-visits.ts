/**
 * What "offers video visits" means, once for every place that says it (the public page's pill, the
 * directory's video filter, the biography's facts; issue 38). The practice essentials page offers
 * "Video visits" both as a telehealth service and as an appointment type; either one says video.
 * Telehealth alone does not: phone consultations, secure messaging and remote monitoring are telehealth
 * without video, and a location's "telehealth visits from this location" switch does not say which.
 * The directory's SQL says the same in `offersVideoVisitsSql` (src/server/lib/video-visits.ts), and a
 * test runs both over the same lists.
 */

/** The value the practice essentials page stores for video, in either list. */
export const VIDEO_VISITS = 'Video visits';

/** The practice essentials' two lists, typed or as read loosely: anything but a list of the video value says no. */
export interface PracticeVisitKinds {
  telehealthServices?: unknown;
  appointmentTypes?: unknown;
}

const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);

/** Compared without surrounding spaces and in any case, exactly as the SQL does (`lower(btrim(…))`). */
export const namesVideoVisits = (value: unknown) => typeof value === 'string' && value.replace(/^ +| +$/g, '').toLowerCase() === VIDEO_VISITS.toLowerCase();

export function offersVideoVisits(practice: PracticeVisitKinds | null | undefined): boolean {
  return [...list(practice?.telehealthServices), ...list(practice?.appointmentTypes)].some(namesVideoVisits);
}
