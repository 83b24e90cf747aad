import { useMutation } from '@tanstack/react-query';
import { accountRoutes } from '@contract/account';
import { sendRoute } from '@/lib/api-route';

export type ExportFile = { blob: Blob; filename: string };

const FALLBACK_FILENAME = 'mailscribe-export.json';

/** The file name of a `Content-Disposition: attachment; filename="…"` header (RFC 6266), or the fallback. */
export function filenameFromDisposition(header: string | null): string {
  if (!header) return FALLBACK_FILENAME;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // A broken encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  // Only a bare name: no folders.
  const bare = name.split(/[\\/]/).pop() ?? '';
  return bare === '' ? FALLBACK_FILENAME : bare;
}

/**
 * GET /api/account/export: everything stored about the signed-in user, as a JSON file. Saved as the server
 * sent it, not parsed: the browser only hands the file on.
 */
export async function exportAccountData(): Promise<ExportFile> {
  const response = await sendRoute(accountRoutes.exportAccount);
  return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('content-disposition')) };
}

/** Hands a file to the browser's download: an object URL behind a temporary `<a download>`. */
export function saveFile({ blob, filename }: ExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled, so the browser still reads the file.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Downloads the export and saves it as a file. */
export function useExportAccountData() {
  return useMutation({
    mutationFn: async () => saveFile(await exportAccountData()),
  });
}
