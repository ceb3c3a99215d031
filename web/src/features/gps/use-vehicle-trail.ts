/**
 * The selected vehicle and its trail for a period. One state: choosing a vehicle on the map or
 * in the list also opens its trail, and closing the trail clears the selection.
 */
import { useState } from 'react';
import useSWR from 'swr';
import { POSITIONS_PATH, type PositionApi } from './gps-api';

export const PERIODS = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 } as const;
export type Period = keyof typeof PERIODS;

export function useVehicleTrail() {
  // ?vehicle={id} (the GPS alerts link here) selects that vehicle.
  const [selected, setSelected] = useState<string | null>(() =>
    new URLSearchParams(window.location.search).get('vehicle'),
  );
  const [trail, setTrail] = useState<{ vehicleId: string; period: Period; from: string } | null>(null);
  const trailData = useSWR<{ items: PositionApi[] }>(
    trail ? `${POSITIONS_PATH}?vehicleId=${trail.vehicleId}&from=${encodeURIComponent(trail.from)}` : null,
  );
  // A new period keeps the vehicle; a new vehicle keeps the period last chosen.
  const showTrail = (vehicleId: string, period: Period = trail?.period ?? '24h') => {
    setSelected(vehicleId);
    setTrail({ vehicleId, period, from: new Date(Date.now() - PERIODS[period]).toISOString() });
  };
  const closeTrail = () => {
    setTrail(null);
    setSelected(null);
  };
  return { selected, trail, points: trailData.data?.items ?? [], showTrail, closeTrail };
}

export type VehicleTrail = ReturnType<typeof useVehicleTrail>;
