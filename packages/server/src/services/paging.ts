export interface PageQuery {
  /** 1-based. */
  page: number;
  limit: number;
}

/**
 * A paged list reply: one page of rows, presented, with the total over all pages and the paging
 * echoed back. The page and the count are read together.
 */
export async function pageOf<Row, Item>(
  q: PageQuery,
  rows: (offset: number, limit: number) => Promise<Row[]>,
  count: () => Promise<number>,
  present: (row: Row) => Item,
) {
  const [found, total] = await Promise.all([rows((q.page - 1) * q.limit, q.limit), count()]);
  return { list: found.map(present), total, page: q.page, limit: q.limit };
}
