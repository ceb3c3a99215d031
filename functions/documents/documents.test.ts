import { describe, expect, it } from 'vitest';
import { companyToday, type CompanySettings } from '../lib/company-settings';
import { documentValidity } from '../../shared/schemas/documents';
import { proposalsFromText } from './analyze';
import { reminderStage } from './reminders';
import { zipStore } from './zip';

describe('validity on the company’s calendar day (fixed clock, non-UTC zone)', () => {
  // 21:30 UTC on 31 March is already 1 April in Dubai (UTC+4): the document expiring on
  // 31 March is expired for a Dubai company and still valid today for a London one.
  const now = new Date('2026-03-31T21:30:00Z');
  const dubai = companyToday({ timezone: 'Asia/Dubai' } as CompanySettings, now);
  const london = companyToday({ timezone: 'Europe/London' } as CompanySettings, now);

  it('reads the day in the company’s zone', () => {
    expect(dubai).toBe('2026-04-01');
    expect(london).toBe('2026-03-31');
  });
  it('boundaries: expiry today is expiring soon (0 days left), yesterday expired, threshold day expiring soon, one more valid', () => {
    expect(documentValidity('2026-03-31', dubai)).toEqual({ validity: 'expired', daysLeft: -1 });
    expect(documentValidity('2026-03-31', london)).toEqual({ validity: 'expiring_soon', daysLeft: 0 });
    expect(documentValidity('2026-05-01', dubai, 30)).toEqual({ validity: 'expiring_soon', daysLeft: 30 });
    expect(documentValidity('2026-05-02', dubai, 30)).toEqual({ validity: 'valid', daysLeft: 31 });
    expect(documentValidity(null, dubai)).toEqual({ validity: 'no_expiry', daysLeft: null });
  });
});

describe('reminder stages', () => {
  it('due soon within the threshold, expired the first week, then weekly, then none', () => {
    expect(reminderStage('2026-05-10', 30, '2026-04-01')).toEqual({ next: '2026-04-10' });
    expect(reminderStage('2026-05-10', 30, '2026-04-10')).toEqual({ stage: 'due_soon', next: '2026-05-11' });
    expect(reminderStage('2026-05-10', 30, '2026-05-11')).toEqual({ stage: 'expired', next: '2026-05-18' });
    expect(reminderStage('2026-05-10', 30, '2026-05-18')).toEqual({ stage: 'expired_w1', next: '2026-05-25' });
    expect(reminderStage('2026-05-10', 30, '2027-01-01')).toEqual({});
  });
});

describe('analysis rules', () => {
  it('finds labelled dates, numbers and the type with the line they came from', async () => {
    const p = await proposalsFromText(
      'MOTOR INSURANCE POLICY\nPolicy No: AXA-778812\nVIN: 1HGCM82633A004352\nValid from 01/02/2026\nExpiry Date: 31/01/2027',
    );
    const by = Object.fromEntries(p.map((x) => [x.field, x]));
    expect(by.expiryDate.value).toBe('2027-01-31');
    expect(by.expiryDate.evidence).toBe('Expiry Date: 31/01/2027');
    expect(by.issueDate.value).toBe('2026-02-01');
    expect(by.policyNumber.value).toBe('AXA-778812');
    expect(by.vin.value).toBe('1HGCM82633A004352');
    expect(by.documentType.value).toBe('insurance');
  });
  it('proposes nothing from text without dates, numbers or type words', async () => {
    expect(await proposalsFromText('hello world')).toEqual([]);
  });
});

describe('zip', () => {
  it('writes a valid stored ZIP with unique names', () => {
    const z = zipStore([
      { name: 'a.pdf', data: Buffer.from('x') },
      { name: 'a.pdf', data: Buffer.from('yy') },
    ]);
    expect(z.readUInt32LE(0)).toBe(0x04034b50);
    expect(z.subarray(-22).readUInt16LE(10)).toBe(2);
    expect(z.includes(Buffer.from('a (2).pdf'))).toBe(true);
  });
});
