import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue, type User } from '../auth/context';
import { RegionMenu } from '../components/RegionMenu';
import { setLanguage } from '../i18n';
import { brandingFrom } from './branding';
import { makeFormat, useFormat } from './format';
import { DEFAULT_LOCALE, displayRegion, setLocale } from './persisted-state';
import { swrConfig } from './swr';

const never = () => Promise.reject(new Error('not in this test'));
const session = (role: User['role']): AuthContextValue => ({
  status: 'authenticated',
  method: 'jwt',
  user: { id: 'ME', username: 'me', role, tenantId: 't' },
  login: never,
  register: never,
  demoLogin: never,
  logout: () => Promise.resolve(),
});

/** GET /api/v1/company/settings as a STAFF member gets it: the branding subset. */
function companyInUae() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ name: 'Desert Rose Rentals', primaryColor: '#1d4ed8', currency: 'AED', region: 'AE' }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    ),
  );
}

function Dates() {
  const f = useFormat();
  return (
    <p data-testid="dates">
      {f.date('2026-11-23')} | {f.money(150)} | {f.quantity(15000, 'kilometer')}
    </p>
  );
}

function renderSignedIn() {
  return render(
    <AuthContext.Provider value={session('STAFF')}>
      <SWRConfig value={{ ...swrConfig, provider: () => new Map(), shouldRetryOnError: false }}>
        <RegionMenu />
        <Dates />
      </SWRConfig>
    </AuthContext.Provider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setLocale(DEFAULT_LOCALE);
  act(() => setLanguage('en'));
});

describe('display region', () => {
  it('is the company region until the user chooses one in the region menu', () => {
    const fresh = { ...DEFAULT_LOCALE, selectedRegion: 'US' };
    expect(displayRegion(fresh, 'AE')).toBe('AE');
    expect(displayRegion({ ...fresh, regionDetected: true }, 'AE')).toBe('AE');
    expect(displayRegion({ ...fresh, selectedRegion: 'SA', regionChosen: true }, 'AE')).toBe('SA');
    expect(displayRegion(fresh, undefined)).toBe('US');
  });

  it('reads the company region from the full settings and from the branding subset', () => {
    expect(brandingFrom({ preferences: { region: 'AE' }, currency: 'AED' }).region).toBe('AE');
    expect(brandingFrom({ name: 'x', region: 'SA' }).region).toBe('SA');
    expect(brandingFrom({ region: 'Dubai' }).region).toBeUndefined();
  });

  for (const language of ['en', 'ar'] as const) {
    it(`a UAE company: top bar shows the dirham and dates read DD/MM/YYYY (${language})`, async () => {
      act(() => setLanguage(language));
      companyInUae();
      renderSignedIn();
      const trigger = screen.getByRole('button', { name: /^(Region and language|المنطقة واللغة)/ });
      await waitFor(() => expect(trigger.getAttribute('aria-label')).toContain('د.إ'));
      expect(trigger.textContent).toContain('د.إ');
      expect(screen.getByTestId('dates').textContent).toContain('23/11/2026');
      expect(screen.getByTestId('dates').textContent).toContain('150.00 د.إ');

      // The user's own choice wins over the company's region.
      act(() => setLocale({ selectedRegion: 'US', selectedCurrency: 'USD', currencySymbol: '$', regionChosen: true }));
      expect(trigger.getAttribute('aria-label')).toContain('$');
      expect(screen.getByTestId('dates').textContent).toContain('11/23/2026');
    });
  }
});

describe('one formatter', () => {
  it('dates, date-times and times follow the region, Latin digits in both languages', () => {
    for (const language of ['en', 'ar'] as const) {
      const ae = makeFormat('AE', language, 'Asia/Dubai');
      expect(ae.date('2026-11-23')).toBe('23/11/2026');
      // 05:00Z is 09:00 in Dubai.
      expect(ae.dateTime('2026-11-23T05:00:00.000Z')).toBe('23/11/2026 09:00');
      const us = makeFormat('US', language, 'America/New_York');
      expect(us.date('2026-11-23')).toBe('11/23/2026');
    }
    expect(makeFormat('US', 'en', 'America/New_York').dateTime('2026-11-23T19:05:00.000Z')).toBe('11/23/2026 2:05 PM');
    expect(makeFormat('AE', 'en', 'Asia/Dubai').date(null)).toBe('—');
  });

  it('quantities carry their unit through Intl in both languages ("15,000 km", not "km 15000")', () => {
    expect(makeFormat('AE', 'en', 'Asia/Dubai').quantity(15000, 'kilometer')).toBe('15,000 km');
    expect(makeFormat('AE', 'ar', 'Asia/Dubai').quantity(15000, 'kilometer')).toBe('15,000 كم');
    expect(makeFormat('US', 'en', 'America/New_York').quantity(3, 'day')).toBe('3 days');
  });
});

describe('no second formatter', () => {
  it('no page formats dates or units by itself: toLocale*String, new Intl.DateTimeFormat/NumberFormat or "<n> km" only in lib/format.ts', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(__dirname, '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
      }
    };
    walk(root);
    const FORBIDDEN = /\.toLocale(Date|Time)?String\(|new Intl\.(DateTimeFormat|NumberFormat)\(|\}\s?km\b|\bkm \$\{/;
    const offenders = files
      .filter((f) => !f.endsWith(join('lib', 'format.ts')))
      .filter((f) => FORBIDDEN.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(root.length + 1));
    expect(offenders).toEqual([]);
  });
});
