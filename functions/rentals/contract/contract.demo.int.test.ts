import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { get } from '../../../test/integration/client';
import { login } from '../../../test/integration/fixtures';
import { bytesAt, imagesOf } from '../../../test/integration/pdf-kit';

/** The demo company's signed contracts (functions/rentals/seed.ts seedSignedContracts, written by the demo reset). */
describe('demo company', () => {
  it('some seeded active rentals have a signed contract whose stored PDF holds the signatures', async () => {
    const demo = await login('demo', 'demo1234');
    const active = (await get('/api/v1/rentals?status=active&limit=50', demo.token)).body.items as {
      id: string;
      contractStatus?: string;
    }[];
    const signed = active.filter((r) => r.contractStatus === 'signed');
    expect(signed.length).toBeGreaterThanOrEqual(1);
    const contract = (await get(`/api/v1/rentals/${signed[0].id}/contract`, demo.token)).body;
    expect(contract.status).toBe('signed');
    const pdf = await bytesAt(contract.url);
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(contract.pdfSha256);
    expect((await imagesOf(pdf)).length).toBe(2);
  });
});
