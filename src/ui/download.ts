// Hands a text or a file's bytes to the browser as a file download. CSV gets a byte-order mark first, so
// spreadsheet programs (Excel) read it as UTF-8.

export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const parts = type.startsWith('text/csv') ? ['\uFEFF', text] : [text];
  downloadBlob(fileName, new Blob(parts, { type }));
}

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
