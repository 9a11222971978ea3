// A failed sign-in's row names the user name that was tried (`Items.userNameTried`, trimmed and capped to 64
// bytes), so an admin can see which account is being guessed — and nowhere the password (issue 34).
import { describe, expect, it } from 'vitest';
import { expectStatus, useHarness, type Json } from './harness';

const h = useHarness();

async function rowsOf(query: Record<string, string>): Promise<Json[]> {
  const res = await h.logs({ take: 1000, ...query });
  expectStatus(res, 200);
  return res.json.results;
}

describe('a failed sign-in', () => {
  it('keeps the user name tried in Items, and the password nowhere', async () => {
    const mark = `guess-${Date.now().toString(36)}`;
    const password = 'Tangerine-Oboe-5150!';
    const res = await h.call('InternalUserAuthenticationRequest', { userName: `  ${mark}  `, password });
    expect(res.status).toBe(401);
    const form = await h.post(
      '/json/reply/InternalUserAuthenticationRequest',
      `userName=${mark}-form&password=${password}`,
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(form.status).toBe(401);

    const all = await h.logs({ take: 1000 });
    expect(all.text).not.toContain(password);
    const signIns = [
      ...(await rowsOf({ pathInfo: '/api/internal/authenticateuser' })),
      ...(await rowsOf({ pathInfo: '/json/reply/InternalUserAuthenticationRequest' })),
    ];
    const tried = signIns.map((e) => e.items?.userNameTried);
    expect(tried).toContain(mark);
    expect(tried).toContain(`${mark}-form`);
    const row = signIns.find((e) => e.items?.userNameTried === mark);
    expect(row.userAuthId).toBeUndefined();
    expect(row.requestDto).toBeUndefined();
    expect(row.requestBody).toBeUndefined();
    expect(row.items.statusCode).toBe('401');
  });

  it('caps a long name to 64 bytes, noting its length, and names nothing for a sign-in that succeeds', async () => {
    const long = `${'é'.repeat(100)}x`;
    await h.call('InternalUserAuthenticationRequest', { userName: long, password: 'nope-nope-nope' });
    await h.signIn('pm');
    const signIns = await rowsOf({ pathInfo: '/api/internal/authenticateuser' });
    const capped = signIns.find((e) => e.items?.userNameTried?.startsWith('éé'));
    expect(capped.items.userNameTried).toMatch(/…\[201 bytes\]$/);
    expect(Buffer.byteLength(capped.items.userNameTried)).toBeLessThanOrEqual(64);
    const ok = signIns.find((e) => e.userAuthId === 'pm');
    expect(ok.items.userNameTried).toBeUndefined();
  });
});
