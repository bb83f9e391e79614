import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { VIDEO_VISITS } from '../../shared/video-visits';

export { offersVideoVisits } from '../../shared/video-visits';

/**
 * `offersVideoVisits` (src/shared/video-visits.ts) in SQL, over a practice row's two jsonb lists: the
 * directory filters on it through the public_practice view. tests/api/video-visits.test.ts runs both
 * over the same lists, so the page's pill and the search's filter cannot drift apart.
 */
export function offersVideoVisitsSql(telehealthServices: SQLWrapper, appointmentTypes: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from jsonb_array_elements_text(coalesce(${telehealthServices}, '[]'::jsonb) || coalesce(${appointmentTypes}, '[]'::jsonb)) as kind(value)
                               where lower(btrim(kind.value)) = ${VIDEO_VISITS.toLowerCase()})`;
}
