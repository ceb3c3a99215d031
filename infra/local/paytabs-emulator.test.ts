import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_PAYPAGE_TTL_MINUTES,
  returnFormOf,
  signPaytabs,
  signReturnFields,
  startPaytabsEmulator,
  type PaytabsEmulator,
} from './paytabs-emulator';

/** The sandbox behaves like PayTabs: hosted page, signed server-to-server callback, then the browser redirect. */
describe('PayTabs sandbox emulator', () => {
  let emu: PaytabsEmulator;
  let merchant: Server;
  let merchantUrl = '';
  const received: { body: string; signature: string }[] = [];

  beforeAll(async () => {
    emu = await startPaytabsEmulator(0);
    merchant = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers.signature ?? '') });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((r) => merchant.listen(0, '127.0.0.1', () => r()));
    merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await emu.stop();
    await new Promise<void>((r) => merchant.close(() => r()));
  });

  const create = (key: string | undefined, body: Record<string, unknown>) =>
    fetch(`${emu.url}/payment/request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: key } : {}) },
      body: JSON.stringify(body),
    });
  const order = (cartId: string) => ({
    profile_id: '12345',
    tran_type: 'sale',
    tran_class: 'ecom',
    cart_id: cartId,
    cart_currency: 'AED',
    cart_amount: 105.5,
    cart_description: 'Invoice INV-1001',
    callback: `${merchantUrl}/callback`,
    return: 'http://app.test/payments/success?payment=P1',
  });

  it('refuses a request without the server key and one missing required fields', async () => {
    expect((await create(undefined, order('c0'))).status).toBe(401);
    const missing = await create('SK', { profile_id: '1' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toContain('cart_id');
  });

  it('Pay: signed callback with status A before the browser is redirected to the return URL', async () => {
    const created = await (await create('SK-secret', order('cart-1'))).json();
    expect(created.redirect_url).toMatch(/\/payment\/page\/TST/);
    const html = await (await fetch(created.redirect_url)).text();
    expect(html).toContain('105.50 AED');
    expect(html).toContain('id="pay"');

    const done = await fetch(`${emu.url}/payment/page/${created.tran_ref}/pay`, { method: 'POST', redirect: 'manual' });
    // As PayTabs: the browser is sent back with a form POST of the signed return fields (an auto-submitted page).
    expect(done.status).toBe(200);
    const form = returnFormOf(await done.text());
    const location = new URL(form.action);
    expect(location.pathname).toBe('/payments/success');
    expect(location.searchParams.get('payment')).toBe('P1');
    expect(form.fields.respStatus).toBe('A');
    expect(form.fields.tranRef).toBe(created.tran_ref);
    const { signature, ...fields } = form.fields;
    expect(signature).toBe(signReturnFields(fields, 'SK-secret'));
    expect(signature).not.toBe(signReturnFields({ ...fields, respStatus: 'D' }, 'SK-secret'));

    const cb = received.at(-1)!;
    expect(cb.signature).toBe(signPaytabs(cb.body, 'SK-secret'));
    expect(cb.signature).not.toBe(signPaytabs(cb.body, 'another-key'));
    const body = JSON.parse(cb.body);
    expect(body).toMatchObject({
      tran_ref: created.tran_ref,
      cart_id: 'cart-1',
      cart_currency: 'AED',
      cart_amount: '105.50',
      payment_result: { response_status: 'A' },
    });

    // A second press sends no second callback.
    const before = received.length;
    await fetch(`${emu.url}/payment/page/${created.tran_ref}/pay`, { method: 'POST', redirect: 'manual' });
    expect(received.length).toBe(before);
  });

  it('Decline: callback with status D; the Arabic page is right-to-left', async () => {
    const created = await (await create('SK-secret', { ...order('cart-2'), paypage_lang: 'ar' })).json();
    const html = await (await fetch(created.redirect_url)).text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('ادفع');
    const done = await fetch(`${emu.url}/payment/page/${created.tran_ref}/decline`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(returnFormOf(await done.text()).fields.respStatus).toBe('D');
    expect(JSON.parse(received.at(-1)!.body).payment_result.response_status).toBe('D');
    const query = await (
      await fetch(`${emu.url}/payment/query`, {
        method: 'POST',
        headers: { authorization: 'SK-secret' },
        body: JSON.stringify({ tran_ref: created.tran_ref }),
      })
    ).json();
    expect(query.payment_result.response_status).toBe('D');
  });

  it('the page lives paypage_ttl minutes (default 20, at least 1); an expired page takes no payment and calls nobody', async () => {
    const created = await (await create('SK-secret', { ...order('cart-ttl'), paypage_ttl: 30 })).json();
    const t = emu.transactions.get(created.tran_ref)!;
    const life = Date.parse(t.expiresAt) - Date.parse(t.createdAt);
    expect(life).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(life).toBeLessThanOrEqual(30 * 60_000 + 1000);
    const plain = await (await create('SK-secret', order('cart-ttl2'))).json();
    const p = emu.transactions.get(plain.tran_ref)!;
    expect(Date.parse(p.expiresAt) - Date.parse(p.createdAt)).toBeGreaterThan(
      DEFAULT_PAYPAGE_TTL_MINUTES * 60_000 - 1000,
    );
    const tiny = await (await create('SK-secret', { ...order('cart-ttl3'), paypage_ttl: 0 })).json();
    const q = emu.transactions.get(tiny.tran_ref)!;
    expect(Date.parse(q.expiresAt) - Date.parse(q.createdAt)).toBeGreaterThan(59_000);

    expect(
      (await fetch(`${emu.url}/_emulator/transactions/${created.tran_ref}/expire`, { method: 'POST' })).status,
    ).toBe(200);
    const html = await (await fetch(created.redirect_url)).text();
    expect(html).toContain('id="expired"');
    expect(html).not.toContain('id="pay"');
    const before = received.length;
    const late = await fetch(`${emu.url}/payment/page/${created.tran_ref}/pay`, { method: 'POST', redirect: 'manual' });
    expect(late.status).toBe(410);
    expect(received.length).toBe(before);
    expect(emu.transactions.get(created.tran_ref)!.status).toBe('pending');
  });

  it('refunds: a follow-up refund transaction on an authorised sale, never more than what is left of it', async () => {
    const refundReq = (key: string, body: Record<string, unknown>) => create(key, { tran_type: 'refund', ...body });
    const created = await (await create('SK-r', order('cart-r'))).json();
    const base = {
      profile_id: '12345',
      tran_class: 'ecom',
      tran_ref: created.tran_ref,
      cart_id: 'cart-r.refund-1',
      cart_currency: 'AED',
      cart_description: 'Refund',
    };
    // Not yet paid: nothing to refund.
    expect((await refundReq('SK-r', { ...base, cart_amount: 5 })).status).toBe(400);
    await fetch(`${emu.url}/payment/page/${created.tran_ref}/pay`, { method: 'POST' });
    // Another merchant's key, another currency, more than the sale: refused.
    expect((await refundReq('SK-other', { ...base, cart_amount: 5 })).status).toBe(400);
    expect((await refundReq('SK-r', { ...base, cart_amount: 5, cart_currency: 'SAR' })).status).toBe(400);
    const over = await refundReq('SK-r', { ...base, cart_amount: 105.51 });
    expect(over.status).toBe(400);
    expect((await over.json()).message).toMatch(/exceeds/);

    const first = await (await refundReq('SK-r', { ...base, cart_amount: 100 })).json();
    expect(first).toMatchObject({
      previous_tran_ref: created.tran_ref,
      tran_type: 'Refund',
      cart_amount: '100.00',
      payment_result: { response_status: 'A' },
    });
    expect(first.tran_ref).not.toBe(created.tran_ref);
    // 5.50 is left: 5.51 is refused, 5.50 goes through.
    expect((await refundReq('SK-r', { ...base, cart_amount: 5.51 })).status).toBe(400);
    expect((await (await refundReq('SK-r', { ...base, cart_amount: 5.5 })).json()).payment_result.response_status).toBe(
      'A',
    );
    expect(emu.transactions.get(created.tran_ref)!.refunds.map((r) => r.amount)).toEqual(['100.00', '5.50']);

    // The bank declining a refund (tests): answered, status D, nothing refunded.
    const other = await (await create('SK-r', order('cart-r2'))).json();
    await fetch(`${emu.url}/payment/page/${other.tran_ref}/pay`, { method: 'POST' });
    await fetch(`${emu.url}/_emulator/transactions/${other.tran_ref}/decline-refunds`, { method: 'POST' });
    const declined = await (await refundReq('SK-r', { ...base, tran_ref: other.tran_ref, cart_amount: 1 })).json();
    expect(declined.payment_result.response_status).toBe('D');
  });
});
