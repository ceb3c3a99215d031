import { describe, expect, it } from 'vitest';
import { Logger, redact } from './logger';

describe('structured logs', () => {
  it('carry request, tenant and user ids on every line', () => {
    const lines: string[] = [];
    const log = new Logger({ requestId: 'r1' }, (l) => lines.push(l), 'debug');
    log.set({ tenantId: 't1', userId: 'u1' });
    log.info('hello', { count: 2 });
    const line = JSON.parse(lines[0]);
    expect(line).toMatchObject({
      level: 'info',
      message: 'hello',
      requestId: 'r1',
      tenantId: 't1',
      userId: 'u1',
      count: 2,
    });
  });

  it('never write tokens, passwords or uploaded bodies', () => {
    const lines: string[] = [];
    const log = new Logger({}, (l) => lines.push(l), 'debug');
    log.info('login', {
      username: 'sara',
      password: 'hunter22',
      tokens: { accessToken: 'eyJ.a.b' },
      headers: { Authorization: 'Bearer eyJ.x.y' },
      body: 'file bytes',
    });
    const text = lines.join('\n');
    expect(text).toContain('sara');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('eyJ');
    expect(text).not.toContain('file bytes');
  });

  it('redacts nested values at any depth it prints', () => {
    expect(redact({ a: { refreshToken: 'x', b: [{ password: 'p' }] } })).toEqual({
      a: { refreshToken: '[redacted]', b: [{ password: '[redacted]' }] },
    });
  });
});
