/**
 * Vehicles feature: paths, reads, writes and cache invalidation. Lists, errors, permissions and
 * uploads use the web kit (web/src/KIT.md); the catalog area and the vehicles' message
 * constants are registered here (lazily, with these pages).
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { vehicles as vehiclesCatalog } from '../../../../shared/i18n/vehicles';
import { ODOMETER_MESSAGES, VIN_MESSAGES } from '../../../../shared/vehicles/vehicle-rules';
import {
  VEHICLE_MESSAGES,
  type ScheduleBlockApi,
  type VehicleApi,
} from '../../../../shared/schemas/vehicles';
import { api } from '../../lib/api';
import { registerMessages } from '../../lib/api-errors';
import { useInvalidate } from '../../lib/invalidate';

addArea('vehicles', vehiclesCatalog);
registerMessages('vehicles.messages', VEHICLE_MESSAGES);
registerMessages('vehicles.messages', {
  vinInvalid: VIN_MESSAGES.invalid,
  vinTooLong: VIN_MESSAGES.tooLong,
  odometerInvalid: ODOMETER_MESSAGES.invalid,
  odometerWhole: ODOMETER_MESSAGES.whole,
  odometerMin: ODOMETER_MESSAGES.min,
});

export type { VehicleApi, ScheduleBlockApi };

export const VEHICLES_PATH = '/api/v1/vehicles';
export const VEHICLE_MAKES_PATH = '/api/v1/vehicle-makes';
export const vehiclePath = (id: string) => `${VEHICLES_PATH}/${encodeURIComponent(id)}`;

/** Today in the browser's calendar (YYYY-MM-DD), for expiry badges. */
export function todayLocal(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function useVehicle(id: string | undefined) {
  return useSWR<VehicleApi | null>(id ? vehiclePath(id) : null);
}

export function useVehicleMakes() {
  return useSWR<{ items: string[] } | null>(VEHICLE_MAKES_PATH);
}

/**
 * After a vehicle changed: shows the saved vehicle at once, then revalidates every vehicles
 * list, page, schedule and the makes (the kit's one invalidation style).
 */
export function useInvalidateVehicles() {
  const invalidate = useInvalidate();
  const { mutate } = useSWRConfig();
  return useCallback(
    (vehicle?: VehicleApi) => {
      if (vehicle) void mutate(vehiclePath(vehicle.id), vehicle, { revalidate: false });
      void invalidate(VEHICLES_PATH, VEHICLE_MAKES_PATH);
    },
    [invalidate, mutate],
  );
}

export const vehicleApi = {
  create: (body: unknown) => api.post<VehicleApi>(VEHICLES_PATH, body),
  update: (id: string, body: unknown) => api.patch<VehicleApi>(vehiclePath(id), body),
  archive: (v: VehicleApi) => api.post<VehicleApi>(`${vehiclePath(v.id)}/archive`, { version: v.version }),
  unarchive: (v: VehicleApi) => api.post<VehicleApi>(`${vehiclePath(v.id)}/unarchive`, { version: v.version }),
  changeStatus: (v: VehicleApi, status: string) => api.post<VehicleApi>(`${vehiclePath(v.id)}/status`, { status, version: v.version }),
  /** Presigned upload of a document file; resolves to the target whose `key` is then recorded. */
};

export { useMoney } from '../../lib/money';
