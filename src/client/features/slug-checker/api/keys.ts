/** Query keys of the slug checker: the member's recent scans and one scan with its results. */
export const slugScanKeys = {
  all: ['slug-scans'] as const,
  list: ['slug-scans', 'list'] as const,
  detail: (id: string) => ['slug-scans', 'detail', id] as const,
};
