import { describe, expect, it } from 'vitest';
import { parseAuthAnswer, userFromMe } from './session';

const tokens = { accessToken: 'a', refreshToken: 'r', expiresIn: 3600 };
const user = { id: 'u1', username: 'sam', role: 'OWNER', tenantId: 't1' };

describe('parseAuthAnswer', () => {
  it('accepts success + tokens + user with id and username', () => {
    const answer = parseAuthAnswer({ success: true, tokens, user });
    expect(answer).toMatchObject({ ok: true, tokens, user: { id: 'u1', username: 'sam', role: 'OWNER' } });
  });
  it('rejects a missing success flag or user id', () => {
    expect(parseAuthAnswer({ tokens, user })).toEqual({ ok: false, reason: 'invalid' });
    expect(parseAuthAnswer({ success: true, tokens, user: { username: 'x' } })).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });
  it('reports missing tokens separately', () => {
    expect(parseAuthAnswer({ success: true, user })).toEqual({ ok: false, reason: 'noTokens' });
  });
});

describe('userFromMe', () => {
  it('reads {success, user} or a bare user', () => {
    expect(userFromMe({ success: true, user })?.id).toBe('u1');
    expect(userFromMe(user)?.username).toBe('sam');
    expect(userFromMe({ success: true })).toBeNull();
  });
});
