import { ApiError, getAccessToken, refreshTokens, tokensValid } from './api';

/**
 * Downloads a report (`?format=csv|pdf&lang=`) with the signed-in user's token and hands it to the
 * browser as a file. Errors are thrown as ApiError like every other call. (Accounting and
 * analytics reports.)
 */
export async function downloadReport(path: string, format: 'csv' | 'pdf', lang: 'en' | 'ar'): Promise<void> {
  if (!tokensValid()) await refreshTokens();
  const url = `${path}${path.includes('?') ? '&' : '?'}format=${format}&lang=${lang}`;
  const token = getAccessToken();
  const res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, (await res.text().catch(() => '')) || res.statusText);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `report.${format}`;
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
