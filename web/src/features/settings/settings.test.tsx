import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TFunction } from '../../i18n';
import type { Draft } from './settings-draft';
import { readableTextOn } from './tabs/BrandingTab';
import { ProfileTab } from './tabs/ProfileTab';

const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('brand preview text colour', () => {
  it('reaches AA contrast (4.5:1) on every colour, including the defaults that failed with white', () => {
    for (const bg of [
      '#3B82F6',
      '#8B5CF6',
      '#0F766E',
      '#B45309',
      '#FFFFFF',
      '#000000',
      '#767676',
      '#777777',
      '#FFFF00',
    ]) {
      expect(contrast(readableTextOn(bg), bg), bg).toBeGreaterThanOrEqual(4.5);
    }
    expect(readableTextOn('#0F766E')).toBe('#FFFFFF');
    expect(readableTextOn('#3B82F6')).toBe('#000000');
  });
});

describe('profile tab: the tax address of e-invoices (issue 29)', () => {
  const draft = (region: string) =>
    ({
      preferences: { region },
      taxAddress: {
        buildingNumber: '1234',
        street: '',
        district: '',
        city: '',
        postalCode: '',
        additionalNumber: '',
        emirate: 'DXB',
      },
      commercialRegistration: '',
    }) as unknown as Draft;
  const renderTab = (region: string, errors: Record<string, string> = {}) => {
    const set = vi.fn();
    render(<ProfileTab draft={draft(region)} errors={errors} set={set} t={((k: string) => k) as TFunction} />);
    return set;
  };
  afterEach(cleanup);

  it('Saudi: the national address parts and the CR number, bound by dotted path, with their errors', () => {
    const set = renderTab('SA', { 'taxAddress.buildingNumber': 'Building number is 4 digits' });
    expect((screen.getByLabelText('settings.field.buildingNumber') as HTMLInputElement).value).toBe('1234');
    for (const f of ['street', 'district', 'city', 'postalCode', 'additionalNumber', 'commercialRegistration'])
      expect(screen.getByLabelText(`settings.field.${f}`)).toBeTruthy();
    expect(screen.getByText('Building number is 4 digits')).toBeTruthy();
    expect(screen.queryByLabelText('settings.field.emirate')).toBeNull();
    fireEvent.change(screen.getByLabelText('settings.field.district'), { target: { value: 'Al Olaya' } });
    expect(set).toHaveBeenCalledWith('taxAddress.district', 'Al Olaya');
  });

  it('UAE: only the emirate', () => {
    const set = renderTab('AE');
    const emirate = screen.getByLabelText('settings.field.emirate') as HTMLSelectElement;
    expect(emirate.value).toBe('DXB');
    expect(screen.queryByLabelText('settings.field.buildingNumber')).toBeNull();
    fireEvent.change(emirate, { target: { value: 'SHJ' } });
    expect(set).toHaveBeenCalledWith('taxAddress.emirate', 'SHJ');
  });

  it('US and Jordan: no tax address section', () => {
    renderTab('US');
    expect(screen.queryByText('settings.sections.taxAddress')).toBeNull();
    cleanup();
    renderTab('JO');
    expect(screen.queryByText('settings.sections.taxAddress')).toBeNull();
  });
});
