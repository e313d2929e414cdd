/** The Indonesian "1–25 dari 1.234" under a paged table. */
export const pageText = ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
  `${from}–${to} dari ${totalRecords.toLocaleString('id-ID')}`;

/**
 * The look and paging every hand-written staff list shares (bordered, striped, the page text, room for the
 * empty state), to spread into a `DataTable` before its own columns, sorting and selection.
 */
export function pagedTableProps<T>(o: {
  records: T[] | undefined;
  total: number | undefined;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  fetching?: boolean;
}) {
  return {
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    minHeight: o.records?.length ? undefined : 220,
    fetching: o.fetching ?? false,
    records: o.records ?? [],
    totalRecords: o.total ?? 0,
    recordsPerPage: o.pageSize,
    page: o.page,
    onPageChange: o.onPageChange,
    paginationText: pageText,
    noRecordsText: '',
  } as const;
}
