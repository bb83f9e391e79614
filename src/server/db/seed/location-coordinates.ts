import { sql } from 'drizzle-orm';
import { locationPoint } from '../../modules/directory/places';
import { rowsOf, type Database } from '../client';

/**
 * Coordinates for locations saved before migration 0020 (SQL cannot geocode, so the migration left them
 * null): each start fills the ones whose ZIP or city the gazetteer knows, a batch at a time. Locations
 * saved since get theirs when the section is saved. Returns how many were filled.
 */
export async function backfillLocationCoordinates(db: Database, batchSize = 500): Promise<number> {
  const missing = rowsOf<{ id: string; postal_code: string | null; city: string | null; state: string | null }>(
    await db.execute(
      sql`select id, postal_code, city, state from locations where latitude is null and (postal_code is not null or (city is not null and state is not null))`,
    ),
  );
  const found = missing.flatMap((row) => {
    const point = locationPoint({ postalCode: row.postal_code, city: row.city, state: row.state });
    return point ? [{ id: row.id, ...point }] : [];
  });
  for (let start = 0; start < found.length; start += batchSize) {
    const values = sql.join(
      found.slice(start, start + batchSize).map((row) => sql`(${row.id}::uuid, ${row.latitude}::float8, ${row.longitude}::float8)`),
      sql`, `,
    );
    await db.execute(
      sql`update locations set latitude = v.latitude, longitude = v.longitude from (values ${values}) v(id, latitude, longitude) where locations.id = v.id and locations.latitude is null`,
    );
  }
  return found.length;
}
