/**
 * The country a sign-up pre-selects (issue 26; spec business-data §9 and product-screens §4: the
 * region is detected from geolocation boxes — UAE, Saudi Arabia, Jordan, else US — falling back to
 * the browser's time zone). A region the user picked in the region menu wins over detection.
 * Geolocation is used only when the browser already grants it: the sign-up page never opens a
 * permission prompt by itself (the region menu's "Detect Region" does, on request).
 */
import { detectRegion, isRegionCode, type Coordinates, type RegionCode } from '../../../../shared/regions';

export interface SignUpRegionInput {
  /** The user picked a region in the region menu (locale.regionChosen) … */
  chosen: boolean;
  /** … and this is it (locale.selectedRegion). */
  selectedRegion: string;
  /** Coordinates when geolocation is granted, else null. */
  coords: Coordinates | null;
  /** The browser's IANA time zone (null when unknown). */
  timeZone: string | null;
}

export function signUpRegion(input: SignUpRegionInput): RegionCode {
  if (input.chosen && isRegionCode(input.selectedRegion)) return input.selectedRegion;
  return detectRegion(input.coords, input.timeZone).region;
}

/**
 * The browser's position when geolocation permission is ALREADY granted (no prompt), else null.
 * Resolves within `timeoutMs` in every case.
 */
export async function grantedPosition(timeoutMs = 5000): Promise<Coordinates | null> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator) || !navigator.permissions?.query) return null;
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' as PermissionName });
    if (status.state !== 'granted') return null;
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { timeout: timeoutMs, maximumAge: 600_000 },
    );
  });
}
