import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A PayTabs-compatible sandbox (PT2 "Payment Page" API) for `npm start` and the tests, so the
 * whole online-payment flow runs without the internet. What it implements, as PayTabs does:
 *
 *  - `POST /payment/request` with header `authorization: <server key>` and a JSON body
 *    `{ profile_id, tran_type: 'sale', tran_class: 'ecom', cart_id, cart_currency, cart_amount,
 *    cart_description, callback, return, paypage_lang?, paypage_ttl? }` → `{ tran_ref, redirect_url, … }`.
 *    `paypage_ttl`: the hosted page's life in minutes (at least 1; PayTabs' default 20). After it the
 *    page shows that it expired and takes no payment (no callback).
 *  - the hosted payment page at `redirect_url` (English or Arabic by `paypage_lang`) with Pay and
 *    Decline buttons (a sandbox has no card form: the buttons choose the outcome);
 *  - on either button, the server-to-server callback: a JSON POST to `callback` whose `signature`
 *    header is HMAC-SHA256 (hex) of the exact body with the profile's server key, with
 *    `payment_result.response_status` 'A' (authorised) or 'D' (declined); only after the callback
 *    answered, the browser is sent to `return` as PayTabs sends it: a form POST (an auto-submitted
 *    page) of `tranRef`, `cartId`, `respStatus`, `respCode`, `respMessage`, `acquirerMessage`,
 *    `acquirerRRN`, `customerEmail`, `token` and their `signature`;
 *  - refunds, a follow-up transaction: `POST /payment/request` with `tran_type: 'refund'`, the sale's
 *    `tran_ref`, `cart_id`, `cart_currency`, `cart_amount`, `cart_description` → a new transaction
 *    `{ tran_ref, previous_tran_ref, tran_type: 'Refund', payment_result: { response_status: 'A' } }`.
 *    Refused as PayTabs refuses them: not an authorised sale of this merchant (400), another currency,
 *    or more than what is left of the sale (400 with a message);
 *  - `POST /payment/query` `{ profile_id, tran_ref }` → the transaction as the callback described it.
 *
 * The server key is whatever the merchant sent in `authorization` (a sandbox has no merchant
 * registry); a request without one is refused as PayTabs refuses it.
 * `GET /_emulator/transactions` lists what happened (refunds included), for tests and debugging;
 * `POST /_emulator/transactions/{tranRef}/expire` ends a page's life now and
 * `POST /_emulator/transactions/{tranRef}/decline-refunds` makes the bank decline that sale's refunds (tests).
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
  /** The hosted page's end (paypage_ttl). */
  expiresAt: string;
  /** Refund transactions made on this sale. */
  refunds: PaytabsRefund[];
  /** Tests: the bank declines this sale's refunds. */
  declineRefunds?: boolean;
}

export interface PaytabsRefund {
  tranRef: string;
  cartId: string;
  amount: string;
  status: 'A' | 'D';
  createdAt: string;
}

/** PayTabs' default hosted-page life, in minutes. */
export const DEFAULT_PAYPAGE_TTL_MINUTES = 20;

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
    expired: 'This payment page has expired. Nothing was charged.',
    redirecting: 'Returning to the merchant…',
    continue: 'Continue',
  },
  ar: {
    title: 'بيئة اختبار PayTabs',
    pay: 'ادفع',
    decline: 'رفض',
    amount: 'المبلغ',
    order: 'الطلب',
    note: 'بيئة اختبار: لا تُخصم أي بطاقة. "ادفع" يقبل الدفعة و"رفض" يرفضها.',
    done: 'اكتملت هذه الدفعة بالفعل.',
    expired: 'انتهت صلاحية صفحة الدفع هذه. لم يُخصم أي مبلغ.',
    redirecting: 'جارٍ العودة إلى التاجر…',
    continue: 'متابعة',
  },
};

const expired = (t: PaytabsTransaction) => t.status === 'pending' && Date.parse(t.expiresAt) <= Date.now();

function page(t: PaytabsTransaction): string {
  const w = WORDS[t.lang];
  const buttons = expired(t)
    ? `<p id="expired">${w.expired}</p>`
    : t.status === 'pending'
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

/** paypage_ttl in whole minutes, at least 1 (PayTabs' rule); absent → PayTabs' default. */
const ttlMinutes = (v: unknown) => {
  const n = Math.floor(Number(v));
  return v === undefined || v === null || v === '' || !Number.isFinite(n)
    ? DEFAULT_PAYPAGE_TTL_MINUTES
    : Math.max(1, n);
};

/** The fields PayTabs posts to the return URL (the browser's way back), signed with the server key. */
export function returnFields(t: PaytabsTransaction): Record<string, string> {
  const fields: Record<string, string> = {
    acquirerMessage: '',
    acquirerRRN: '',
    cartId: t.cartId,
    customerEmail: '',
    respCode: t.status === 'A' ? '831000' : '400',
    respMessage: t.status === 'A' ? 'Authorised' : 'Declined',
    respStatus: t.status,
    token: '',
    tranRef: t.tranRef,
  };
  return { ...fields, signature: signReturnFields(fields, t.serverKey) };
}

/** The auto-submitted form that POSTs the return fields to the return URL (PayTabs' browser return). */
function returnPage(t: PaytabsTransaction): string {
  const w = WORDS[t.lang];
  const inputs = Object.entries(returnFields(t))
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  return `<!doctype html><html lang="${t.lang}" dir="${t.lang === 'ar' ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<title>${w.title}</title></head><body><form id="return" method="post" action="${escapeHtml(t.returnUrl)}">${inputs}
<p>${w.redirecting}</p><button type="submit">${w.continue}</button></form>
<script>document.getElementById('return').submit()</script></body></html>`;
}

/** The form the sandbox's last page POSTs to the return URL (PayTabs' browser return): its action and fields. */
export function returnFormOf(html: string): { action: string; fields: Record<string, string> } {
  const decodeEntities = (v: string) => v.replace(/&#(\d+);/g, (_m, c: string) => String.fromCharCode(Number(c)));
  const action = decodeEntities(/<form id="return" method="post" action="([^"]*)"/.exec(html)?.[1] ?? '');
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g))
    fields[unescape(m[1])] = unescape(m[2]);
  return { action, fields };
}

/** A follow-up refund of an authorised sale (`tran_type: 'refund'`), checked as PayTabs checks it. */
function refund(
  transactions: Map<string, PaytabsTransaction>,
  serverKey: string,
  b: Record<string, unknown>,
): { status: number; body: Record<string, unknown> } {
  const sale = transactions.get(String(b.tran_ref ?? ''));
  if (!sale || sale.serverKey !== serverKey || sale.profileId !== String(b.profile_id))
    return { status: 400, body: { code: 4, message: 'Transaction not found' } };
  if (sale.status !== 'A')
    return { status: 400, body: { code: 5, message: 'Refund is only allowed on an authorised sale' } };
  if (String(b.cart_currency) !== sale.cartCurrency)
    return { status: 400, body: { code: 6, message: 'Currency does not match the original transaction' } };
  const cents = (v: unknown) => Math.round(Number(v) * 100);
  const amount = cents(b.cart_amount);
  const refunded = sale.refunds.filter((r) => r.status === 'A').reduce((n, r) => n + cents(r.amount), 0);
  if (!Number.isFinite(amount) || amount <= 0 || amount > cents(sale.cartAmount) - refunded)
    return { status: 400, body: { code: 7, message: 'Refund amount exceeds the refundable amount' } };
  const r: PaytabsRefund = {
    tranRef: `TST${Date.now().toString().slice(-10)}${randomBytes(3).toString('hex').toUpperCase()}`,
    cartId: String(b.cart_id ?? ''),
    amount: (amount / 100).toFixed(2),
    status: sale.declineRefunds ? 'D' : 'A',
    createdAt: new Date().toISOString(),
  };
  sale.refunds.push(r);
  const approved = r.status === 'A';
  return {
    status: 200,
    body: {
      tran_ref: r.tranRef,
      previous_tran_ref: sale.tranRef,
      tran_type: 'Refund',
      cart_id: r.cartId,
      cart_description: String(b.cart_description ?? ''),
      cart_currency: sale.cartCurrency,
      cart_amount: r.amount,
      tran_currency: sale.cartCurrency,
      tran_total: r.amount,
      payment_result: {
        response_status: r.status,
        response_code: approved ? '831000' : '400',
        response_message: approved ? 'Authorised' : 'Declined',
        transaction_time: r.createdAt,
      },
    },
  };
}

export async function startPaytabsEmulator(port = 0, host = '127.0.0.1'): Promise<PaytabsEmulator> {
  const transactions = new Map<string, PaytabsTransaction>();
  let base = '';

  async function finish(t: PaytabsTransaction, approve: boolean, res: ServerResponse) {
    if (expired(t)) {
      res.writeHead(410, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(page(t));
    }
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
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(returnPage(t));
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
        if (String(b.tran_type ?? '').toLowerCase() === 'refund') {
          const answer = refund(transactions, serverKey, b);
          return json(res, answer.status, answer.body);
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
          expiresAt: new Date(Date.now() + ttlMinutes(b.paypage_ttl) * 60_000).toISOString(),
          refunds: [],
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
      const control = /^\/_emulator\/transactions\/([A-Z0-9]+)\/(expire|decline-refunds)$/.exec(path);
      const sale = control ? transactions.get(control[1]) : undefined;
      if (req.method === 'POST' && control) {
        if (!sale) return json(res, 404, { code: 4, message: 'Transaction not found' });
        if (control[2] === 'expire') sale.expiresAt = new Date().toISOString();
        else sale.declineRefunds = true;
        return json(res, 200, { ok: true });
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
