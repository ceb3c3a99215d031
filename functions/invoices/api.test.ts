import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { invoicePaymentUpdate, statusAfterPayment, type InvoiceForPayment } from './api';
import { sendEmail } from '../lib/email';

const TENANT = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
const invoice = (over: Partial<InvoiceForPayment> = {}): InvoiceForPayment => ({
  id: '01ARZ3NDEKTSV4RRFFQ69G5FAW',
  number: 'INV-1001',
  status: 'issued',
  currency: 'AED',
  totalMinor: 10_000,
  amountPaidMinor: 0,
  balanceMinor: 10_000,
  customerId: 'c',
  rentalId: 'r',
  issueDate: '2030-01-01',
  dueDate: '2030-01-08',
  version: 3,
  ...over,
});

describe('the payments contract', () => {
  it('status follows the amount paid', () => {
    expect(statusAfterPayment(10_000, 0)).toBe('issued');
    expect(statusAfterPayment(10_000, 1)).toBe('partially_paid');
    expect(statusAfterPayment(10_000, 10_000)).toBe('paid');
  });

  it('one conditional update on the version: paid amount, balance, status and its index', () => {
    const item = invoicePaymentUpdate(TENANT, invoice(), 4_000, '2030-01-02T00:00:00.000Z') as {
      Update: { ConditionExpression: string; ExpressionAttributeValues: Record<string, unknown> };
    };
    expect(item.Update.ConditionExpression).toContain('#version = :expected');
    const values = Object.values(item.Update.ExpressionAttributeValues);
    expect(item.Update.ExpressionAttributeValues[':expected']).toBe(3);
    expect(values).toEqual(
      expect.arrayContaining([4_000, 6_000, 'partially_paid', `T#${TENANT}#INVOICE_STATUS#partially_paid`]),
    );
    // A refund (negative) brings a paid invoice back to partly paid.
    const refund = invoicePaymentUpdate(
      TENANT,
      invoice({ status: 'paid', amountPaidMinor: 10_000, balanceMinor: 0 }),
      -2_500,
      '2030-01-03T00:00:00.000Z',
    ) as { Update: { ExpressionAttributeValues: Record<string, unknown> } };
    expect(Object.values(refund.Update.ExpressionAttributeValues)).toEqual(
      expect.arrayContaining([7_500, 2_500, 'partially_paid']),
    );
  });

  it('refuses drafts, void invoices and amounts outside 0…total', () => {
    expect(() => invoicePaymentUpdate(TENANT, invoice({ status: 'draft' }), 1, '')).toThrow(/draft/);
    expect(() => invoicePaymentUpdate(TENANT, invoice({ status: 'void' }), 1, '')).toThrow(/void/);
    expect(() => invoicePaymentUpdate(TENANT, invoice(), 10_001, '')).toThrow();
    expect(() => invoicePaymentUpdate(TENANT, invoice(), -1, '')).toThrow();
  });
});

describe('lib/email', () => {
  it('sends Simple content with the PDF attached, from the configured address', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).resolves({ MessageId: 'm-1' });
    const res = await sendEmail({
      to: 'a@example.test',
      subject: 'Invoice INV-1',
      text: 'Hello',
      attachments: [{ fileName: 'INV-1.pdf', contentType: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]) }],
    });
    expect(res.messageId).toBe('m-1');
    const input = ses.commandCalls(SendEmailCommand)[0].args[0].input;
    expect(input.Destination?.ToAddresses).toEqual(['a@example.test']);
    expect(input.Content?.Simple?.Attachments?.[0]).toMatchObject({
      FileName: 'INV-1.pdf',
      ContentType: 'application/pdf',
    });
    ses.restore();
  });

  it('lets an SES failure through (the request fails before emailedAt is recorded)', async () => {
    const ses = mockClient(SESv2Client);
    ses.on(SendEmailCommand).rejects(Object.assign(new Error('Throttling'), { name: 'TooManyRequestsException' }));
    await expect(sendEmail({ to: 'a@example.test', subject: 's', text: 't' })).rejects.toThrow('Throttling');
    ses.restore();
  });
});
