import type { PageInfo } from '../../contract/wallet';

/** Page numbers shown at once (SPEC §9 default page size is 10; the strip shows blocks of 10 pages too). */
export const PAGE_BLOCK = 10;

export interface PagerModel {
  page: number;
  totalPages: number;
  /** The page numbers of the block the current page is in. */
  pages: number[];
  /** First page of the previous block, or null on the first block. */
  previousBlock: number | null;
  /** First page of the next block, or null on the last block. */
  nextBlock: number | null;
}

/** What the pager shows for a list's page info; an empty list still has one page. */
export function pagerModel({ page, count_per_list, tatal_list_count }: PageInfo, block = PAGE_BLOCK): PagerModel {
  const perPage = Math.max(1, count_per_list);
  const totalPages = Math.max(1, Math.ceil(Math.max(0, tatal_list_count) / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  const first = Math.floor((current - 1) / block) * block + 1;
  const last = Math.min(first + block - 1, totalPages);
  return {
    page: current,
    totalPages,
    pages: Array.from({ length: last - first + 1 }, (_, index) => first + index),
    previousBlock: first > 1 ? first - block : null,
    nextBlock: last < totalPages ? last + 1 : null,
  };
}
