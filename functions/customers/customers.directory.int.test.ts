import { beforeAll, describe, expect, it } from 'vitest';
import { get } from '../../test/integration/client';
import { registerTenant, type RegisteredTenant } from '../../test/integration/fixtures';
import { createCustomer } from '../../test/integration/customer-kit';

/** The customer directory: status filters, sorting, bilingual search, VIP and loyalty filters, cursor paging. */
// Another company: a cursor of this directory is refused there.
let other: RegisteredTenant;

beforeAll(async () => {
  other = await registerTenant();
});

const create = (body: Record<string, unknown>, token: string) => createCustomer(body, token);

describe('GET /api/v1/customers (directory)', () => {
  let t: RegisteredTenant;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await registerTenant();
    const people = [
      { fullNameEnglish: 'Zayed Karim', fullNameArabic: 'زايد كريم', phone: '050 111 2222', isVip: true },
      {
        fullNameEnglish: 'Amira Haddad',
        fullNameArabic: 'أميرة حداد',
        email: 'amira@haddad.test',
        licenseNumber: 'LIC-445566',
      },
      { fullNameEnglish: 'John Smith', phone: '+1 (212) 555-0100' },
      { fullNameEnglish: 'José Álvarez', isVip: true },
      { fullNameEnglish: 'Bilal Nasser', isActive: false },
    ];
    for (const p of people) {
      const res = await create(p, t.token);
      expect(res.status).toBe(201);
      ids[p.fullNameEnglish] = res.body.id;
    }
  });

  const names = (res: { body: { items: { fullNameEnglish: string }[] } }) =>
    res.body.items.map((c) => c.fullNameEnglish);

  it('lists active customers newest first by default, inactive and all on request', async () => {
    const res = await get('/api/v1/customers', t.token);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['José Álvarez', 'John Smith', 'Amira Haddad', 'Zayed Karim']);
    expect(res.body.nextCursor).toBeNull();
    expect(names(await get('/api/v1/customers?status=inactive', t.token))).toEqual(['Bilal Nasser']);
    expect(names(await get('/api/v1/customers?status=all&sort=oldest', t.token))).toEqual([
      'Zayed Karim',
      'Amira Haddad',
      'John Smith',
      'José Álvarez',
      'Bilal Nasser',
    ]);
  });

  it('sorts by name both ways', async () => {
    expect(names(await get('/api/v1/customers?sort=name_asc', t.token))).toEqual([
      'Amira Haddad',
      'John Smith',
      'José Álvarez',
      'Zayed Karim',
    ]);
    expect(names(await get('/api/v1/customers?sort=name_desc', t.token))).toEqual([
      'Zayed Karim',
      'José Álvarez',
      'John Smith',
      'Amira Haddad',
    ]);
  });

  it('searches English and Arabic names (diacritic- and letter-form-insensitive), phone, email and licence', async () => {
    const search = async (q: string) => names(await get(`/api/v1/customers?q=${encodeURIComponent(q)}`, t.token));
    expect(await search('amira')).toEqual(['Amira Haddad']);
    expect(await search('اميرة')).toEqual(['Amira Haddad']); // alef without hamza finds أميرة
    expect(await search('jose alv')).toEqual(['José Álvarez']);
    expect(await search('0501112222')).toEqual(['Zayed Karim']);
    expect(await search('212-555')).toEqual(['John Smith']);
    expect(await search('amira@haddad')).toEqual(['Amira Haddad']);
    expect(await search('lic445566')).toEqual(['Amira Haddad']);
    expect(await search('nobody-here')).toEqual([]);
  });

  it('filters by VIP and by loyalty tier', async () => {
    expect(names(await get('/api/v1/customers?isVip=true', t.token))).toEqual(['José Álvarez', 'Zayed Karim']);
    expect(names(await get('/api/v1/customers?isVip=false', t.token))).toEqual(['John Smith', 'Amira Haddad']);
    expect(names(await get('/api/v1/customers?tier=bronze', t.token))).toHaveLength(4);
    expect(names(await get('/api/v1/customers?tier=gold', t.token))).toEqual([]);
  });

  it('pages with a cursor bound to the query', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: any = await get(`/api/v1/customers?status=all&limit=2${cursor ? `&cursor=${cursor}` : ''}`, t.token);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...names(res));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.sort()).toEqual(Object.keys(ids).sort());
    const first = await get('/api/v1/customers?status=all&limit=2', t.token);
    const misuse = await get(
      `/api/v1/customers?status=all&limit=2&sort=name_asc&cursor=${first.body.nextCursor}`,
      t.token,
    );
    expect(misuse.status).toBe(400);
    const foreign = await get(`/api/v1/customers?status=all&limit=2&cursor=${first.body.nextCursor}`, other.token);
    expect(foreign.status).toBe(400);
  });

  it('rejects bad query values', async () => {
    const res = await get('/api/v1/customers?tier=diamond&sort=random&limit=0', t.token);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['limit', 'sort', 'tier']);
  });
});
