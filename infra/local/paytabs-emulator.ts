import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A PayTabs-compatible sandbox (PT2 "Payment Page" API) for `npm start` and the tests, so the
 * whole online-payment flow runs without the internet. What it implements, as PayTabs does:
 *
 *  - `POST /payment/request` with header `authorization: <server key>` and a JSON body
 *    `{ profile_id, tran_type: 'sale', tran_class: 'ecom', cart_id, cart_currency, cart_amount,
 *    cart_description, callback, return, paypage_lang? }` → `{ tran_ref, redirect_url, … }`.
 *  - the hosted payment page at `redirect_url` (English or Arabic by `paypage_lang`) with Pay and
 *    Decline buttons (a sandbox has no card form: the buttons choose the outcome);
 *  - on either button, the server-to-server callback: a JSON POST to `callback` whose `signature`
 *    header is HMAC-SHA256 (hex) of the exact body with the profile's server key, with
 *    `payment_result.response_status` 'A' (authorised) or 'D' (declined); only after the callback
 *    answered, the browser is redirected (303) to `return` with `tranRef`, `cartId`, `respStatus`,
 *    `respCode`, `respMessage` and their `signature` as query parameters (PayTabs POSTs those
 *    fields as a form; a redirect keeps the single-page app's return route a plain GET);
 *  - `POST /payment/query` `{ profile_id, tran_ref }` → the transaction as the callback described it.
 *
 * The server key is whatever the merchant sent in `authorization` (a sandbox has no merchant
 * registry); a request without one is refused as PayTabs refuses it.
 * `GET /_emulator/transactions` lists what happened, for tests and debugging.
 */
export interface PaytabsTransaction {
  tranRef: string;
  profileId: string;
  serverKey: string;
  cartId: string;
  cartCurrency: string;
  cartAmount: string;
  cartDescription: string;
  callback: string;
  returnUrl: string;
  lang: 'en' | 'ar';
  status: 'pending' | 'A' | 'D';
  callbackStatus?: number;
  createdAt: string;
}

export interface PaytabsEmulator {
  port: number;
  url: string;
  transactions: Map<string, PaytabsTransaction>;
  stop(): Promise<void>;
}

export const signPaytabs = (body: string, serverKey: string): string =>
  createHmac('sha256', serverKey).update(body).digest('hex');

/** The return-redirect signature: HMAC-SHA256 of the sorted, non-empty fields as a query string (PayTabs' rule). */
export function signReturnFields(fields: Record<string, string>, serverKey: string): string {
  const query = Object.keys(fields)
    .filter((k) => fields[k] !== '')
    .sort()
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(fields[k])}`)
    .join('&');
  return signPaytabs(query, serverKey);
}

export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((res, rej) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => res(Buffer.concat(chunks).toString('utf8')));
    req.on('error', rej);
  });

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WORDS = {
  en: {
    title: 'PayTabs sandbox',
    pay: 'Pay',
    decline: 'Decline',
    amount: 'Amount',
    order: 'Order',
    note: 'Sandbox: no card is charged. Pay approves the payment, Decline refuses it.',
    done: 'This payment is already complete.',
  },
  ar: {
    title: 'بيئة اختبار PayTabs',
    pay: 'ادفع',
    decline: 'رفض',
    amount: 'المبلغ',
    order: 'الطلب',
    note: 'بيئة اختبار: لا تُخصم أي بطاقة. "ادفع" يقبل الدفعة و"رفض" يرفضها.',
    done: 'اكتملت هذه الدفعة بالفعل.',
  },
};

function page(t: PaytabsTransaction): string {
  const w = WORDS[t.lang];
  const buttons =
    t.status === 'pending'
      ? `<form method="post" action="/payment/page/${t.tranRef}/pay"><button id="pay" type="submit">${w.pay}</button></form>
       <form method="post" action="/payment/page/${t.tranRef}/decline"><button id="decline" type="submit" class="secondary">${w.decline}</button></form>`
      : `<p>${w.done}</p>`;
  return `<!doctype html><html lang="${t.lang}" dir="${t.lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${w.title}</title><style>body{font-family:system-ui,sans-serif;background:#f1f5f9;margin:0;padding:2rem}main{max-width:26rem;margin:auto;background:#fff;border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem}dt{color:#475569}dd{margin:0;font-weight:600}.row{display:flex;gap:.75rem;margin-top:1.5rem}
button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.5rem;border:0;background:#047857;color:#fff;cursor:pointer}button.secondary{background:#b91c1c}p.note{color:#475569;font-size:.875rem}</style></head>
<body><main><h1>${w.title}</h1><dl><dt>${w.order}</dt><dd>${escapeHtml(t.cartDescription || t.cartId)}</dd><dt>${w.amount}</dt><dd id="amount">${escapeHtml(t.cartAmount)} ${escapeHtml(t.cartCurrency)}</dd></dl>
<div class="row">${buttons}</div><p class="note">${w.note}</p></main></body></html>`;
}

/** The callback body PayTabs sends (the fields a merchant reads; a few more exist upstream). */
export function callbackBody(t: PaytabsTransaction): Record<string, unknown> {
  const approved = t.status === 'A';
  return {
    tran_ref: t.tranRef,
    merchant_id: 1,
    profile_id: Number(t.profileId) || t.profileId,
    cart_id: t.cartId,
    cart_description: t.cartDescription,
    cart_currency: t.cartCurrency,
    cart_amount: t.cartAmount,
    tran_currency: t.cartCurrency,
    tran_total: t.cartAmount,
    tran_type: 'Sale',
    tran_class: 'ECom',
    customer_details: {},
    payment_result: {
      response_status: approved ? 'A' : 'D',
      response_code: approved ? '831000' : '400',
      response_message: approved ? 'Authorised' : 'Declined',
      transaction_time: new Date().toISOString(),
    },
    payment_info: {
      payment_method: 'Visa',
      card_type: 'Credit',
      card_scheme: 'Visa',
      payment_description: '4111 11## #### 1111',
    },
  };
}

export async function startPaytabsEmulator(port = 0, host = '127.0.0.1'): Promise<PaytabsEmulator> {
  const transactions = new Map<string, PaytabsTransaction>();
  let base = '';

  async function finish(t: PaytabsTransaction, approve: boolean, res: ServerResponse) {
    if (t.status === 'pending') {
      t.status = approve ? 'A' : 'D';
      const body = JSON.stringify(callbackBody(t));
      try {
        const answer = await fetch(t.callback, {
          method: 'POST',
          headers: { 'content-type': 'application/json', signature: signPaytabs(body, t.serverKey) },
          body,
        });
        t.callbackStatus = answer.status;
        await answer.arrayBuffer();
      } catch {
        t.callbackStatus = 0;
      }
    }
    const fields: Record<string, string> = {
      tranRef: t.tranRef,
      cartId: t.cartId,
      respStatus: t.status,
      respCode: t.status === 'A' ? '831000' : '400',
      respMessage: t.status === 'A' ? 'Authorised' : 'Declined',
    };
    const target = new URL(t.returnUrl);
    for (const [k, v] of Object.entries(fields)) target.searchParams.set(k, v);
    target.searchParams.set('signature', signReturnFields(fields, t.serverKey));
    res.writeHead(303, { location: target.toString() });
    res.end();
  }

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname;
      if (req.method === 'POST' && path === '/payment/request') {
        const serverKey = String(req.headers.authorization ?? '');
        if (!serverKey)
          return json(res, 401, { code: 1, message: 'Authentication failed. Check authentication header.' });
        let b: Record<string, unknown>;
        try {
          b = JSON.parse(await readBody(req));
        } catch {
          return json(res, 400, { code: 2, message: 'Invalid request body' });
        }
        const missing = ['profile_id', 'cart_id', 'cart_currency', 'cart_amount', 'callback', 'return'].filter(
          (k) => b[k] === undefined || b[k] === '',
        );
        if (missing.length) return json(res, 400, { code: 4, message: `Missing fields: ${missing.join(', ')}` });
        const tranRef = `TST${Date.now().toString().slice(-10)}${randomBytes(3).toString('hex').toUpperCase()}`;
        const t: PaytabsTransaction = {
          tranRef,
          profileId: String(b.profile_id),
          serverKey,
          cartId: String(b.cart_id),
          cartCurrency: String(b.cart_currency),
          cartAmount: Number(b.cart_amount).toFixed(2),
          cartDescription: String(b.cart_description ?? ''),
          callback: String(b.callback),
          returnUrl: String(b.return),
          lang: b.paypage_lang === 'ar' ? 'ar' : 'en',
          status: 'pending',
          createdAt: new Date().toISOString(),
        };
        transactions.set(tranRef, t);
        return json(res, 200, {
          tran_ref: tranRef,
          tran_type: 'Sale',
          cart_id: t.cartId,
          cart_description: t.cartDescription,
          cart_currency: t.cartCurrency,
          cart_amount: t.cartAmount,
          callback: t.callback,
          return: t.returnUrl,
          redirect_url: `${base}/payment/page/${tranRef}`,
          serviceId: 2,
          profileId: Number(t.profileId) || t.profileId,
          merchantId: 1,
          trace: `SANDBOX-${tranRef}`,
        });
      }
      if (req.method === 'POST' && path === '/payment/query') {
        const b = JSON.parse((await readBody(req)) || '{}') as { tran_ref?: string };
        const t = transactions.get(String(b.tran_ref));
        if (!t || t.serverKey !== req.headers.authorization)
          return json(res, 404, { code: 4, message: 'Transaction not found' });
        return json(
          res,
          200,
          t.status === 'pending'
            ? { tran_ref: t.tranRef, cart_id: t.cartId, payment_result: { response_status: 'P' } }
            : callbackBody(t),
        );
      }
      const m = /^\/payment\/page\/([A-Z0-9]+)(?:\/(pay|decline))?$/.exec(path);
      const t = m ? transactions.get(m[1]) : undefined;
      if (m && t && req.method === 'GET' && !m[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(page(t));
      }
      if (m && t && req.method === 'POST' && m[2]) {
        await readBody(req);
        return await finish(t, m[2] === 'pay', res);
      }
      if (req.method === 'GET' && path === '/_emulator/transactions') {
        return json(
          res,
          200,
          [...transactions.values()].map(({ serverKey: _key, ...rest }) => rest),
        );
      }
      json(res, 404, { code: 404, message: 'Not found' });
    } catch (err) {
      json(res, 500, { code: 500, message: (err as Error).message });
    }
  });
  await new Promise<void>((res, rej) => {
    server.once('error', rej);
    server.listen(port, host, () => res());
  });
  const actual = (server.address() as AddressInfo).port;
  base = `http://localhost:${actual}`;
  return {
    port: actual,
    url: base,
    transactions,
    stop: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections?.();
      }),
  };
}
