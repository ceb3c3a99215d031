/**
 * The GPS page's server data: the live fleet and the event feed poll (the map moves without a
 * reload), the geofence list is read once and revalidated after each save or delete.
 */
import { useMemo, useState } from 'react';
import useSWR from 'swr';
import { polling } from '../../lib/swr';
import {
  EVENTS_PATH,
  GEOFENCES_PATH,
  LIVE_PATH,
  LIVE_REFRESH_MS,
  type GeofenceApi,
  type LiveVehicleApi,
  type ZoneEventApi,
} from './gps-api';

// revalidateOnMount: coming back to the page shows where the cars are now, not the cached map.
const LIVE = { ...polling(LIVE_REFRESH_MS), revalidateOnMount: true } as const;

export function useGpsFeeds() {
  const live = useSWR<{ items: LiveVehicleApi[] }>(LIVE_PATH, LIVE);
  const fences = useSWR<{ items: GeofenceApi[] }>(GEOFENCES_PATH);
  const events = useSWR<{ items: ZoneEventApi[] }>(`${EVENTS_PATH}?limit=30`, LIVE);
  return { live, fences, events, vehicles: live.data?.items ?? [] };
}

/**
 * Search, status and tracker filters over the live fleet. Filtered in the browser: the live
 * answer already holds the whole fleet, and filtering it keeps the map and the list in step
 * between two polls.
 */
export function useFleetFilters(vehicles: LiveVehicleApi[]) {
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [tracker, setTracker] = useState('');
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return vehicles.filter(
      (v) =>
        (!needle || `${v.label} ${v.licensePlate}`.toLowerCase().includes(needle)) &&
        (!status || v.status === status) &&
        (!tracker || (tracker === 'yes') === v.hasTracker),
    );
  }, [vehicles, q, status, tracker]);
  return { q, setQ, status, setStatus, tracker, setTracker, shown };
}

export type FleetFilters = ReturnType<typeof useFleetFilters>;
