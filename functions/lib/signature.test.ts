import { describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { readSignaturePng } from './signature';
import { putObjectIfAbsent } from './storage';
import { HttpError } from './errors';

/** A 4×4 PNG (as the signature probes use). */
const TINY = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAADElEQVR4nGNgIB0AAAA0AAF2Xq7DAAAAAElFTkSuQmCC';
const url = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

describe('readSignaturePng', () => {
  it('accepts a real PNG and answers its bytes', () => {
    const bytes = readSignaturePng(url(Buffer.from(TINY, 'base64')));
    expect(bytes?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses what is not a whole PNG: other bytes, a cut-off file, a missing header, absurd sizes', () => {
    const png = Buffer.from(TINY, 'base64');
    expect(readSignaturePng(url(Buffer.from('GIF89a, not a PNG at all, long enough to look like a file')))).toBeNull();
    expect(readSignaturePng(url(png.subarray(0, png.length - 12)))).toBeNull();
    expect(readSignaturePng('no comma here')).toBeNull();
    const noIhdr = Buffer.from(png);
    noIhdr.write('IHDX', 12, 'latin1');
    expect(readSignaturePng(url(noIhdr))).toBeNull();
    const huge = Buffer.from(png);
    huge.writeUInt32BE(100_000, 16);
    expect(readSignaturePng(url(huge))).toBeNull();
    const empty = Buffer.from(png);
    empty.writeUInt32BE(0, 20);
    expect(readSignaturePng(url(empty))).toBeNull();
  });
});

describe('putObjectIfAbsent', () => {
  it('sends If-None-Match: * (S3 refuses to overwrite) and answers 409 when the key is taken', async () => {
    const s3 = mockClient(S3Client);
    s3.on(PutObjectCommand)
      .resolvesOnce({})
      .rejectsOnce(
        Object.assign(new Error('At least one of the pre-conditions you specified did not hold'), {
          name: 'PreconditionFailed',
          $metadata: { httpStatusCode: 412 },
        }),
      );
    await putObjectIfAbsent('tenants/t/contracts/r/a.pdf', new Uint8Array([37, 80, 68, 70]), 'application/pdf');
    expect(s3.commandCalls(PutObjectCommand)[0].args[0].input).toMatchObject({
      Key: 'tenants/t/contracts/r/a.pdf',
      IfNoneMatch: '*',
      ContentType: 'application/pdf',
    });
    const err = await putObjectIfAbsent('tenants/t/contracts/r/a.pdf', new Uint8Array([1]), 'application/pdf').catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).status).toBe(409);
    s3.restore();
  });

  it('lets other S3 failures through', async () => {
    const s3 = mockClient(S3Client);
    s3.on(PutObjectCommand).rejects(
      Object.assign(new Error('Slow Down'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }),
    );
    await expect(putObjectIfAbsent('k', new Uint8Array([1]), 'application/pdf')).rejects.toThrow('Slow Down');
    s3.restore();
  });
});
