import { afterEach, describe, expect, it } from 'vitest';
import { appLink, appUrl, AppUrlUnknownError } from './app-url';

const saved = { APP_URL: process.env.APP_URL, WEB_ORIGIN: process.env.WEB_ORIGIN };
afterEach(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

describe('appUrl: the one configured base of links in emails and PDFs', () => {
  it('APP_URL first (trailing slash dropped), then the first WEB_ORIGIN that is an origin, then the request origin', () => {
    process.env.APP_URL = 'https://app.example.com/';
    process.env.WEB_ORIGIN = 'https://other.example.com';
    expect(appUrl('https://browser.example.com')).toBe('https://app.example.com');
    delete process.env.APP_URL;
    process.env.WEB_ORIGIN = '*, https://d1.cloudfront.net';
    expect(appUrl()).toBe('https://d1.cloudfront.net');
    process.env.WEB_ORIGIN = '*';
    expect(appUrl('http://localhost:4173')).toBe('http://localhost:4173');
  });

  it('never falls back to a made-up host: unknown → an error', () => {
    delete process.env.APP_URL;
    delete process.env.WEB_ORIGIN;
    expect(() => appUrl()).toThrow(AppUrlUnknownError);
    expect(() => appUrl('not a url')).toThrow(AppUrlUnknownError);
  });

  it('appLink encodes the query and leaves undefined values out', () => {
    process.env.APP_URL = 'http://localhost:51234';
    expect(appLink('/documents', { scope: 'vehicle', id: 'A B', x: undefined })).toBe(
      'http://localhost:51234/documents?scope=vehicle&id=A+B',
    );
  });
});
