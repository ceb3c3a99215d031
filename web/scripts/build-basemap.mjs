/**
 * The offline basemap of the GPS map (issue 14): country shapes from `world-atlas` (Natural
 * Earth), turned into GeoJSON with `topojson-client` and written to web/public/basemap/. The map
 * fetches these files from our own origin, so no tile ever comes from the internet. The world at
 * 1:110m for context, and the countries of our regions at 1:10m (coastlines detailed enough for a
 * city view of Dubai, Riyadh or Amman). Run again after upgrading world-atlas:
 *   node web/scripts/build-basemap.mjs
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const read = (f) => JSON.parse(readFileSync(require.resolve(`world-atlas/${f}`), 'utf8'));
const round = (c) =>
  typeof c[0] === 'number' ? [Math.round(c[0] * 1e4) / 1e4, Math.round(c[1] * 1e4) / 1e4] : c.map(round);
const slim = (fc, keep) => ({
  type: 'FeatureCollection',
  features: fc.features
    .filter((f) => !keep || keep.includes(f.properties.name))
    .map((f) => ({
      type: 'Feature',
      properties: { name: f.properties.name },
      geometry: { type: f.geometry.type, coordinates: round(f.geometry.coordinates) },
    })),
});
const REGION = ['United Arab Emirates', 'Oman', 'Saudi Arabia', 'Qatar', 'Bahrain', 'Kuwait', 'Jordan', 'Iran'];
const out = new URL('../public/basemap/', import.meta.url);
mkdirSync(out, { recursive: true });
const w = read('countries-110m.json');
writeFileSync(new URL('world-110m.geojson', out), JSON.stringify(slim(feature(w, w.objects.countries))));
const d = read('countries-10m.json');
writeFileSync(new URL('region-10m.geojson', out), JSON.stringify(slim(feature(d, d.objects.countries), REGION)));
