/**
 * Company branding (spec §3): read GET /api/v1/company/settings after sign-in and apply
 * primaryColor, secondaryColor and accentStyle as CSS variables; the font is always Poppins.
 */
import { useEffect } from 'react';
import useSWR from 'swr';
import {
  ACCENT_STYLES,
  DEFAULT_ACCENT_STYLE,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
} from '../../../shared/constants';

export const COMPANY_SETTINGS_PATH = '/api/v1/company/settings';

export type AccentStyle = (typeof ACCENT_STYLES)[number];
export interface Branding {
  logoUrl: string | null;
  primaryColor: string;
  secondaryColor: string;
  accentStyle: AccentStyle;
  /** Company display name, when the settings carry it. */
  companyName?: string;
  /** ISO code of the company's currency (from its region): the currency of every stored amount. */
  currency?: string;
  /** The company's region (US, AE, SA, JO): the signed-in user's display region unless they chose one. */
  region?: string;
  /** The company's IANA time zone, when the answer carries it. */
  timezone?: string;
}

export const DEFAULT_BRANDING: Branding = {
  logoUrl: null,
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  accentStyle: DEFAULT_ACCENT_STYLE,
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** Reads branding from the settings answer, whichever envelope it uses; bad values keep defaults. */
export function brandingFrom(answer: unknown): Branding {
  if (!answer || typeof answer !== 'object') return DEFAULT_BRANDING;
  const root = answer as Record<string, unknown>;
  const settings = (root.settings && typeof root.settings === 'object' ? root.settings : root) as Record<
    string,
    unknown
  >;
  const b = (settings.branding && typeof settings.branding === 'object' ? settings.branding : settings) as Record<
    string,
    unknown
  >;
  const color = (v: unknown, d: string) => (typeof v === 'string' && HEX.test(v) ? v : d);
  const name = settings.name ?? settings.companyName ?? (settings.company as Record<string, unknown> | undefined)?.name;
  return {
    logoUrl: typeof b.logoUrl === 'string' && b.logoUrl ? b.logoUrl : null,
    primaryColor: color(b.primaryColor, DEFAULT_PRIMARY_COLOR),
    secondaryColor: color(b.secondaryColor, DEFAULT_SECONDARY_COLOR),
    accentStyle: (ACCENT_STYLES as readonly unknown[]).includes(b.accentStyle)
      ? (b.accentStyle as AccentStyle)
      : DEFAULT_ACCENT_STYLE,
    companyName: typeof name === 'string' && name ? name : undefined,
    currency:
      typeof settings.currency === 'string' && /^[A-Z]{3}$/.test(settings.currency) ? settings.currency : undefined,
    region: companyRegion(settings),
    timezone: typeof settings.timezone === 'string' && settings.timezone ? settings.timezone : undefined,
  };
}

/** Full settings carry it under preferences.region; the branding subset at the top. */
function companyRegion(settings: Record<string, unknown>): string | undefined {
  const prefs = settings.preferences as Record<string, unknown> | undefined;
  const region = (prefs && typeof prefs === 'object' ? prefs.region : undefined) ?? settings.region;
  return typeof region === 'string' && /^[A-Z]{2}$/.test(region) ? region : undefined;
}

export function applyBranding(b: Branding, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--color-primary', b.primaryColor);
  root.style.setProperty('--color-secondary', b.secondaryColor);
  root.dataset.accent = b.accentStyle;
}

export function resetBranding(root: HTMLElement = document.documentElement): void {
  root.style.removeProperty('--color-primary');
  root.style.removeProperty('--color-secondary');
  delete root.dataset.accent;
}

/** Company settings for the signed-in user (shared SWR key: one request for all readers). */
export function useCompanySettings(enabled: boolean) {
  return useSWR<unknown>(enabled ? COMPANY_SETTINGS_PATH : null);
}

/** Applies the company's branding while mounted (the authenticated layout). */
export function useBranding(enabled: boolean): Branding {
  const { data } = useCompanySettings(enabled);
  const branding = data ? brandingFrom(data) : DEFAULT_BRANDING;
  useEffect(() => {
    applyBranding(branding);
    // Re-applied when a colour changes, not on every render (the branding object is new each time).
  }, [branding.primaryColor, branding.secondaryColor, branding.accentStyle]);
  useEffect(() => () => resetBranding(), []);
  return branding;
}
