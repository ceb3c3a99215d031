/**
 * Vehicles feature: API calls, cache keys, message translation, formatting. One module so each
 * page imports what it needs; the catalog area is registered here (lazily, with these pages).
 */
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { addArea } from '../../../../shared/i18n';
import { vehicles as vehiclesCatalog } from '../../../../shared/i18n/vehicles';
import { hasAbility, type Ability } from '../../../../shared/permissions';
import { MONEY_MESSAGES } from '../../../../shared/money';
import { ODOMETER_MESSAGES, VIN_MESSAGES } from '../../../../shared/vehicles/vehicle-rules';
import {
  VEHICLE_MESSAGE_KEYS,
  type ScheduleBlockApi,
  type VehicleApi,
  type VehicleDocumentApi,
} from '../../../../shared/schemas/vehicles';
import { api, ApiError } from '../../lib/api';
import { useAuth } from '../../auth/context';
import type { TFunction } from '../../i18n';
import { useAppState } from '../../lib/persisted-state';

addArea('vehicles', vehiclesCatalog);

export type { VehicleApi, ScheduleBlockApi, VehicleDocumentApi };

export const VEHICLES_PATH = '/api/v1/vehicles';
export const vehiclePath = (id: string) => `${VEHICLES_PATH}/${encodeURIComponent(id)}`;

/** English message (schema or server) → catalog key under vehicles.messages. */
const EXTRA_MESSAGE_KEYS: Record<string, string> = {
  [VIN_MESSAGES.invalid]: 'vinInvalid',
  [VIN_MESSAGES.tooLong]: 'vinTooLong',
  [ODOMETER_MESSAGES.invalid]: 'odometerInvalid',
  [ODOMETER_MESSAGES.whole]: 'odometerWhole',
  [ODOMETER_MESSAGES.min]: 'odometerMin',
  [MONEY_MESSAGES.decimals]: 'moneyDecimals',
  [MONEY_MESSAGES.invalid]: 'moneyInvalid',
  [MONEY_MESSAGES.negative]: 'moneyNegative',
  [MONEY_MESSAGES.positive]: 'moneyPositive',
  [MONEY_MESSAGES.tooLarge]: 'moneyTooLarge',
  'This vehicle was changed by someone else. Reload and try again.': 'versionConflict',
};

/** A schema or server message in the reader's language when the catalog knows it, else as sent. */
export function translateVehicleMessage(t: TFunction, message: string): string {
  const key = VEHICLE_MESSAGE_KEYS[message] ?? EXTRA_MESSAGE_KEYS[message];
  return key ? t(`vehicles.messages.${key}`) : message;
}

/** zod issues → { field: translated message } (first message per field). */
export function issuesToErrors(t: TFunction, issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !out[field]) out[field] = translateVehicleMessage(t, issue.message);
  }
  return out;
}

export function serverFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, translateVehicleMessage(t, v)]));
}

/** Toast description for a failed call: the server's message translated, else nothing. */
export function failureDescription(t: TFunction, error: unknown): string | undefined {
  if (error instanceof ApiError && error.serverMessage) return translateVehicleMessage(t, error.serverMessage);
  return undefined;
}

export function useCan(): (ability: Ability) => boolean {
  const { user } = useAuth();
  return useCallback((ability: Ability) => hasAbility(user?.role, ability), [user?.role]);
}


/** Today in the browser's calendar (YYYY-MM-DD), for expiry badges. */
export function todayLocal(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function useVehicle(id: string | undefined) {
  return useSWR<VehicleApi | null>(id ? vehiclePath(id) : null);
}

export function useVehicleMakes() {
  return useSWR<{ items: string[] } | null>('/api/v1/vehicle-makes');
}

/**
 * Refreshes every cached vehicles list (each "Load more" list and its pages), the makes and this
 * vehicle after a change. Keys are mutated one by one: SWR's filter form skips infinite-list keys,
 * and a plain mutate(key) also drops the 5-minute dedupe entry so a remounted list refetches.
 */
export function useInvalidateVehicles() {
  const { mutate, cache } = useSWRConfig();
  return useCallback(
    (vehicle?: VehicleApi) => {
      for (const key of [...cache.keys()]) {
        if (key.startsWith(`$inf$${VEHICLES_PATH}?`) || key.startsWith(`${VEHICLES_PATH}?`) || key === '/api/v1/vehicle-makes') void mutate(key);
      }
      if (vehicle) {
        void mutate(vehiclePath(vehicle.id), vehicle, { revalidate: false });
        void mutate(`${vehiclePath(vehicle.id)}/schedule`);
      }
    },
    [mutate, cache],
  );
}

export const vehicleApi = {
  create: (body: unknown) => api.post<VehicleApi>(VEHICLES_PATH, body),
  update: (id: string, body: unknown) => api.patch<VehicleApi>(vehiclePath(id), body),
  archive: (v: VehicleApi) => api.post<VehicleApi>(`${vehiclePath(v.id)}/archive`, { version: v.version }),
  unarchive: (v: VehicleApi) => api.post<VehicleApi>(`${vehiclePath(v.id)}/unarchive`, { version: v.version }),
  changeStatus: (v: VehicleApi, status: string) => api.post<VehicleApi>(`${vehiclePath(v.id)}/status`, { status, version: v.version }),
  uploadUrl: (id: string, file: File) =>
    api.post<{ uploadUrl: string; key: string; headers: Record<string, string> }>(`${vehiclePath(id)}/documents/upload-url`, {
      fileName: file.name,
      contentType: file.type,
      size: file.size,
    }),
  recordDocument: (id: string, body: unknown) => api.post<VehicleDocumentApi>(`${vehiclePath(id)}/documents`, body),
};

/** PUT to a presigned URL with upload progress (fetch has no upload progress; XHR does). */
export function putWithProgress(url: string, file: File, headers: Record<string, string>, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`${xhr.status}: upload failed`)));
    xhr.onerror = () => reject(new Error('upload failed'));
    xhr.send(file);
  });
}

export { useMoney } from '../../lib/money';
