/** Saves `content` as a file named `filename` (a Blob behind a temporary link, released right after). */
export function downloadFile(filename: string, content: BlobPart, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the Blob after click() returns: release it on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
