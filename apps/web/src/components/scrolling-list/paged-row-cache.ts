/**
 * Page bookkeeping of the scrolling list (spec shell §2.5): rows arrive in pages of `pageSize`; at most
 * `maxRows` rows are held; when a new page would exceed that, the pages farthest from the pages in use
 * are dropped. Pure, so the memory bound can be tested without a browser.
 */
export class PagedRowCache<Row> {
  readonly pageSize: number;
  readonly maxRows: number;
  private readonly pages = new Map<number, readonly Row[]>();

  constructor(pageSize: number, maxRows: number) {
    if (pageSize < 1 || maxRows < pageSize)
      throw new Error('PagedRowCache: maxRows must hold at least one page');
    this.pageSize = pageSize;
    this.maxRows = maxRows;
  }

  /** How many rows are held right now. */
  get rowCount(): number {
    let count = 0;
    for (const rows of this.pages.values()) count += rows.length;
    return count;
  }

  get pageIndexes(): number[] {
    return [...this.pages.keys()].sort((a, b) => a - b);
  }

  pageOf(rowIndex: number): number {
    return Math.floor(rowIndex / this.pageSize);
  }

  has(page: number): boolean {
    return this.pages.has(page);
  }

  get(rowIndex: number): Row | undefined {
    const rows = this.pages.get(this.pageOf(rowIndex));
    return rows?.[rowIndex % this.pageSize];
  }

  /**
   * The pages needed to show rows `first`..`last` plus `lookAhead` rows beyond the last one,
   * limited to `total` rows.
   */
  neededPages(first: number, last: number, lookAhead: number, total: number): number[] {
    if (total <= 0 || last < 0) return [];
    const from = Math.max(0, Math.min(first, total - 1));
    const to = Math.max(from, Math.min(last + lookAhead, total - 1));
    const pages: number[] = [];
    for (let page = this.pageOf(from); page <= this.pageOf(to); page++) pages.push(page);
    return pages;
  }

  /**
   * Stores a page, then evicts pages (never those in `keep`, never the new one) farthest from the
   * pages in `keep` until at most `maxRows` rows remain. When `keep` alone exceeds the bound, the
   * farthest kept pages go as well: the bound is never broken.
   */
  put(page: number, rows: readonly Row[], keep: readonly number[]): void {
    this.pages.set(page, rows);
    const anchors = keep.length > 0 ? keep : [page];
    const distance = (p: number) => Math.min(...anchors.map((a) => Math.abs(a - p)));
    while (this.rowCount > this.maxRows) {
      const candidates = [...this.pages.keys()].filter((p) => p !== page);
      if (candidates.length === 0) break;
      candidates.sort((a, b) => {
        const keptA = keep.includes(a) ? 1 : 0;
        const keptB = keep.includes(b) ? 1 : 0;
        if (keptA !== keptB) return keptA - keptB;
        return distance(b) - distance(a);
      });
      this.pages.delete(candidates[0]!);
    }
  }

  clear(): void {
    this.pages.clear();
  }
}
