import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPaytabs, signReturnFields, startPaytabsEmulator, type PaytabsEmulator } from './paytabs-emulator';

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
    expect(done.status).toBe(303);
    const location = new URL(done.headers.get('location')!);
    expect(location.pathname).toBe('/payments/success');
    expect(location.searchParams.get('payment')).toBe('P1');
    expect(location.searchParams.get('respStatus')).toBe('A');
    const fields = Object.fromEntries(
      ['tranRef', 'cartId', 'respStatus', 'respCode', 'respMessage'].map((k) => [k, location.searchParams.get(k)!]),
    );
    expect(location.searchParams.get('signature')).toBe(signReturnFields(fields, 'SK-secret'));

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
    expect(new URL(done.headers.get('location')!).searchParams.get('respStatus')).toBe('D');
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
});
