/**
 * Vehicles feature: paths, reads, writes and cache invalidation. Lists, errors, permissions and
 * uploads use the web kit (web/src/KIT.md); the catalog area and the vehicles' message
 * constants are registered here (lazily, with these pages).
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { vehicles as vehiclesCatalog } from '../../../../shared/i18n/vehicles';
import { ODOMETER_MESSAGES, VIN_MESSAGES } from '../../../../shared/vehicles/vehicle-rules';
import { VEHICLE_MESSAGES, type ScheduleBlockApi, type VehicleApi } from '../../../../shared/schemas/vehicles';
import { apiPath, apiStem, callApi, useApi, type BodyOf } from '../../lib/api-client';
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

export const VEHICLES_PATH = apiStem('listVehicles');
export const VEHICLE_MAKES_PATH = apiPath('listVehicleMakes');
export const vehiclePath = (id: string) => apiPath('getVehicle', { id });

/** Today in the browser's calendar (YYYY-MM-DD), for expiry badges. */
export function todayLocal(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function useVehicle(id: string | undefined) {
  return useApi<'getVehicle', VehicleApi>('getVehicle', id ? { params: { id } } : null);
}

export function useVehicleMakes() {
  return useApi<'listVehicleMakes', { items: string[] }>('listVehicleMakes', {});
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
  create: (body: BodyOf<'createVehicle'>) => callApi<'createVehicle', VehicleApi>('createVehicle', { body }),
  update: (id: string, body: BodyOf<'updateVehicle'>) =>
    callApi<'updateVehicle', VehicleApi>('updateVehicle', { params: { id }, body }),
  archive: (v: VehicleApi) =>
    callApi<'archiveVehicle', VehicleApi>('archiveVehicle', { params: { id: v.id }, body: { version: v.version } }),
  unarchive: (v: VehicleApi) =>
    callApi<'unarchiveVehicle', VehicleApi>('unarchiveVehicle', { params: { id: v.id }, body: { version: v.version } }),
  changeStatus: (v: VehicleApi, status: BodyOf<'changeVehicleStatus'>['status']) =>
    callApi<'changeVehicleStatus', VehicleApi>('changeVehicleStatus', {
      params: { id: v.id },
      body: { status, version: v.version },
    }),
  /** Presigned upload of a document file; resolves to the target whose `key` is then recorded. */
};

export { useMoney } from '../../lib/money';
