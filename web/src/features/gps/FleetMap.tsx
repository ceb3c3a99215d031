/**
 * The fleet map (issue 14): maplibre-gl with an offline basemap — a style made only of GeoJSON
 * sources served from our own origin (web/public/basemap/, built from world-atlas by
 * web/scripts/build-basemap.mjs) plus the Dubai road polylines the simulator drives. No tiles,
 * glyphs or sprites from the internet: labels are HTML markers. Vehicles are HTML markers (an
 * arrow turned to the heading, coloured by status); geofences, the trail (coloured by speed)
 * and the shape being drawn are GeoJSON layers. Only the GPS page imports this module, and that
 * page is a lazy route: the rest of the app never downloads maplibre.
 * In the cloud the same component can take the Amazon Location style (`@aws-amplify/geo`)
 * instead of OFFLINE_STYLE; the layers on top are the same.
 */
import { useEffect, useRef, useState } from 'react';
import type * as Maplibre from 'maplibre-gl';
import type { GeoJSONSource, StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-csp-worker.js?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { circleRing } from '../../../../shared/gps/rules';
import { DUBAI_ROUTES } from '../../../../shared/gps/dubai-routes';
import {
  FENCE_COLORS,
  STATUS_COLORS,
  speedColor,
  type GeofenceApi,
  type LiveVehicleApi,
  type PositionApi,
} from './gps-api';

export interface Draft {
  shape: 'circle' | 'polygon';
  center?: [number, number] | null;
  radius?: number | null;
  coordinates?: [number, number][];
}

const EMPTY = { type: 'FeatureCollection' as const, features: [] };

type Lib = typeof Maplibre;
let lib: Promise<Lib> | undefined;
/** maplibre in its own chunk (the CSP build, its worker a separate file): loaded when the map mounts. */
function loadMaplibre(): Promise<Lib> {
  lib ??= import('maplibre-gl/dist/maplibre-gl-csp.js').then((m) => {
    const ml = ((m as { default?: Lib }).default ?? m) as Lib;
    ml.setWorkerUrl(workerUrl);
    return ml;
  });
  return lib;
}

const OFFLINE_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    world: { type: 'geojson', data: '/basemap/world-110m.geojson' },
    region: { type: 'geojson', data: '/basemap/region-10m.geojson' },
    roads: {
      type: 'geojson',
      data: {
        type: 'FeatureCollection',
        features: DUBAI_ROUTES.map((r) => ({
          type: 'Feature',
          properties: { name: r.name },
          geometry: { type: 'LineString', coordinates: r.path },
        })),
      },
    },
  },
  layers: [
    { id: 'sea', type: 'background', paint: { 'background-color': '#cfe3f3' } },
    { id: 'world', type: 'fill', source: 'world', paint: { 'fill-color': '#eef0ea' } },
    { id: 'region', type: 'fill', source: 'region', paint: { 'fill-color': '#f4f3ee' } },
    {
      id: 'borders',
      type: 'line',
      source: 'region',
      paint: { 'line-color': '#a8a29e', 'line-width': 1, 'line-dasharray': [2, 2] },
    },
    {
      id: 'roads-casing',
      type: 'line',
      source: 'roads',
      paint: { 'line-color': '#d6d3d1', 'line-width': ['interpolate', ['linear'], ['zoom'], 8, 3, 14, 12] },
    },
    {
      id: 'roads',
      type: 'line',
      source: 'roads',
      paint: { 'line-color': '#fde68a', 'line-width': ['interpolate', ['linear'], ['zoom'], 8, 1.5, 14, 8] },
    },
  ],
};

function fenceFeature(g: Pick<GeofenceApi, 'id' | 'name' | 'type' | 'shape' | 'center' | 'radius' | 'coordinates'>) {
  const ring =
    g.shape === 'circle' && g.center && g.radius
      ? circleRing(g.center, g.radius)
      : g.coordinates
        ? [...g.coordinates, g.coordinates[0]]
        : null;
  if (!ring) return null;
  return {
    type: 'Feature' as const,
    properties: { id: g.id, color: FENCE_COLORS[g.type] },
    geometry: { type: 'Polygon' as const, coordinates: [ring] },
  };
}

function markerElement(): HTMLDivElement {
  const el = document.createElement('div');
  el.className = 'gps-marker';
  el.setAttribute('data-testid', 'vehicle-marker');
  el.innerHTML =
    '<svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true"><circle cx="12" cy="12" r="10" fill="currentColor" stroke="white" stroke-width="2"/><path d="M12 5 L16.5 16 L12 13.5 L7.5 16 Z" fill="white"/></svg><span class="gps-marker-label" style="position:absolute;top:26px;left:50%;transform:translateX(-50%);font-size:10px;line-height:1.2;background:rgba(255,255,255,.9);color:#0f172a;padding:0 3px;border-radius:3px;white-space:nowrap"></span>';
  el.style.cursor = 'pointer';
  return el;
}

export default function FleetMap({
  vehicles,
  fences,
  trail,
  draft,
  selectedId,
  onSelect,
  onMapClick,
  label,
  unavailableText,
  heightClass = 'h-[28rem] lg:h-[34rem]',
}: {
  vehicles: LiveVehicleApi[];
  fences: GeofenceApi[];
  trail: PositionApi[] | null;
  draft: Draft | null;
  selectedId: string | null;
  onSelect: (vehicleId: string) => void;
  onMapClick: (lngLat: [number, number]) => void;
  label: string;
  unavailableText: string;
  /** Tailwind height classes (the dashboard's map is shorter than the GPS page's). */
  heightClass?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const map = useRef<Maplibre.Map | null>(null);
  const ml = useRef<Lib | null>(null);
  const markers = useRef(new Map<string, Maplibre.Marker>());
  const [ready, setReady] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  const clickRef = useRef(onMapClick);
  clickRef.current = onMapClick;
  const selectRef = useRef(onSelect);
  selectRef.current = onSelect;
  const fitted = useRef(false);

  useEffect(() => {
    let cancelled = false;
    let m: Maplibre.Map | undefined;
    const all = markers.current;
    void loadMaplibre().then(
      (maplibregl) => {
        if (cancelled || !box.current) return;
        try {
          m = new maplibregl.Map({
            container: box.current,
            style: OFFLINE_STYLE,
            center: [55.25, 25.18],
            zoom: 10,
            attributionControl: false,
          });
        } catch {
          setFailed(true);
          return;
        }
        ml.current = maplibregl;
        map.current = m;
        setup(maplibregl, m);
        setReady(true);
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      all.forEach((mk) => mk.remove());
      all.clear();
      m?.remove();
      map.current = null;
    };
  }, []);

  function setup(maplibregl: Lib, m: Maplibre.Map) {
    m.addControl(new maplibregl.NavigationControl({ showCompass: true }), 'top-right');
    m.on('load', () => {
      m.addSource('fences', { type: 'geojson', data: EMPTY });
      m.addLayer({
        id: 'fences-fill',
        type: 'fill',
        source: 'fences',
        paint: { 'fill-color': ['get', 'color'], 'fill-opacity': 0.15 },
      });
      m.addLayer({
        id: 'fences-line',
        type: 'line',
        source: 'fences',
        paint: { 'line-color': ['get', 'color'], 'line-width': 2 },
      });
      m.addSource('trail', { type: 'geojson', data: EMPTY });
      m.addLayer({
        id: 'trail',
        type: 'line',
        source: 'trail',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: { 'line-color': ['get', 'color'], 'line-width': 4 },
      });
      m.addSource('draft', { type: 'geojson', data: EMPTY });
      m.addLayer({
        id: 'draft-fill',
        type: 'fill',
        source: 'draft',
        filter: ['==', ['geometry-type'], 'Polygon'],
        paint: { 'fill-color': '#7c3aed', 'fill-opacity': 0.2 },
      });
      m.addLayer({
        id: 'draft-line',
        type: 'line',
        source: 'draft',
        paint: { 'line-color': '#7c3aed', 'line-width': 2, 'line-dasharray': [2, 1] },
      });
      m.addLayer({
        id: 'draft-points',
        type: 'circle',
        source: 'draft',
        filter: ['==', ['geometry-type'], 'Point'],
        paint: { 'circle-radius': 5, 'circle-color': '#7c3aed' },
      });
      setLoaded(true);
    });
    m.on('click', (e) =>
      clickRef.current([Math.round(e.lngLat.lng * 1e6) / 1e6, Math.round(e.lngLat.lat * 1e6) / 1e6]),
    );
    // Tests (and people) can tell when every layer has been drawn.
    m.on('idle', () => box.current?.setAttribute('data-map-idle', 'true'));
    m.on('dataloading', () => box.current?.setAttribute('data-map-idle', 'false'));
  }

  // Vehicles: one marker each, moved in place on every refresh.
  useEffect(() => {
    const m = map.current;
    const maplibregl = ml.current;
    if (!m || !maplibregl) return;
    const seen = new Set<string>();
    const placed = vehicles.filter((v) => v.latitude !== null && v.longitude !== null);
    for (const v of placed) {
      seen.add(v.vehicleId);
      let mk = markers.current.get(v.vehicleId);
      if (!mk) {
        const el = markerElement();
        el.addEventListener('click', (ev) => {
          ev.stopPropagation();
          selectRef.current(v.vehicleId);
        });
        mk = new maplibregl.Marker({ element: el, rotationAlignment: 'map' })
          .setLngLat([v.longitude!, v.latitude!])
          .addTo(m);
        markers.current.set(v.vehicleId, mk);
      }
      mk.setLngLat([v.longitude!, v.latitude!]);
      const el = mk.getElement();
      el.setAttribute('data-vehicle-id', v.vehicleId);
      el.setAttribute('data-lat', String(v.latitude));
      el.setAttribute('data-lon', String(v.longitude));
      el.setAttribute('aria-label', `${v.label} ${v.licensePlate}`);
      el.style.color = STATUS_COLORS[v.status] ?? '#64748b';
      el.classList.toggle('gps-marker-selected', v.vehicleId === selectedId);
      el.style.filter = v.vehicleId === selectedId ? 'drop-shadow(0 0 4px #7c3aed)' : '';
      (el.querySelector('svg') as SVGElement).style.transform = `rotate(${v.heading ?? 0}deg)`;
      (el.querySelector('.gps-marker-label') as HTMLElement).textContent = v.licensePlate;
    }
    for (const [id, mk] of markers.current)
      if (!seen.has(id)) {
        mk.remove();
        markers.current.delete(id);
      }
    if (!fitted.current && placed.length) {
      fitted.current = true;
      const b = new maplibregl.LngLatBounds();
      placed.forEach((v) => b.extend([v.longitude!, v.latitude!]));
      m.fitBounds(b, { padding: 60, maxZoom: 12, duration: 0 });
    }
  }, [vehicles, selectedId, ready]);

  useEffect(() => {
    if (!loaded) return;
    const features = fences.map(fenceFeature).filter((f) => f !== null);
    (map.current?.getSource('fences') as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features });
  }, [fences, loaded]);

  useEffect(() => {
    if (!loaded) return;
    const pts = trail ?? [];
    const features = pts.slice(1).map((p, i) => ({
      type: 'Feature' as const,
      properties: { color: speedColor(p.speed) },
      geometry: {
        type: 'LineString' as const,
        coordinates: [
          [pts[i].lon, pts[i].lat],
          [p.lon, p.lat],
        ],
      },
    }));
    (map.current?.getSource('trail') as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features });
    if (pts.length > 1 && ml.current) {
      const b = new ml.current.LngLatBounds();
      pts.forEach((p) => b.extend([p.lon, p.lat]));
      map.current?.fitBounds(b, { padding: 60, maxZoom: 14, duration: 0 });
    }
  }, [trail, loaded]);

  useEffect(() => {
    if (!loaded) return;
    const features: GeoJSON.Feature[] = [];
    if (draft?.shape === 'circle' && draft.center) {
      features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: draft.center } });
      if (draft.radius)
        features.push({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: [circleRing(draft.center, draft.radius)] },
        });
    }
    if (draft?.shape === 'polygon' && draft.coordinates?.length) {
      for (const c of draft.coordinates)
        features.push({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: c } });
      if (draft.coordinates.length >= 3)
        features.push({
          type: 'Feature',
          properties: {},
          geometry: { type: 'Polygon', coordinates: [[...draft.coordinates, draft.coordinates[0]]] },
        });
      else if (draft.coordinates.length === 2)
        features.push({
          type: 'Feature',
          properties: {},
          geometry: { type: 'LineString', coordinates: draft.coordinates },
        });
    }
    (map.current?.getSource('draft') as GeoJSONSource | undefined)?.setData({ type: 'FeatureCollection', features });
  }, [draft, loaded]);

  if (failed)
    return (
      <div role="status" className={`card flex ${heightClass} items-center justify-center text-center text-sm`}>
        {unavailableText}
      </div>
    );
  return (
    <div
      ref={box}
      role="region"
      aria-label={label}
      data-testid="fleet-map"
      className={`${heightClass} w-full overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700`}
      dir="ltr"
    />
  );
}
