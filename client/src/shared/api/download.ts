import { request } from './http';

/** Downloads a file answer (an export, a template, a report's workbook) under the server's name or `fallback`. */
export async function downloadFile(path: string, fallback: string): Promise<void> {
  const res = await request(path, { headers: { Accept: '*/*' } });
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  const name = star ? decodeURIComponent(star[1].trim()) : plain ? plain[1].trim() : fallback;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
