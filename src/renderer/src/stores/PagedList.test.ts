import { describe, expect, it } from 'vitest';
import { KEPT_FRESH_MS } from './Freshness';
import { manualClock } from '@tests/support/renderer/testRoot';
import { PagedList } from './PagedList';

function listOf(pages: number) {
  const asked: number[] = [];
  const clock = manualClock();
  const list = new PagedList<number>(async (pageNum) => {
    asked.push(pageNum);
    return { code: 200, data: { list: [pageNum * 10, pageNum * 10 + 1], pageNum, pages } };
  }, clock);
  return { list, asked, clock };
}

describe('PagedList: one call per need', () => {
  it('the screen and the scroller asking for the first page together make one request', async () => {
    const { list, asked } = listOf(1);
    await Promise.all([list.refresh(), list.loadMore(), list.refresh()]);
    expect(asked).toEqual([1]);
  });

  it('never asks for the page after the last', async () => {
    const { list, asked } = listOf(1);
    await list.refresh();
    expect(list.hasMore).toBe(false);
    expect(asked).toEqual([1]);
  });

  it('shown again while fresh keeps every loaded page; stale or failed asks page 1 again', async () => {
    const { list, asked } = listOf(3);
    await list.refresh();
    await list.loadMore();
    expect(list.items).toHaveLength(4);
    await list.showAgain(60_000);
    expect(asked).toEqual([1, 2]);
    expect(list.items).toHaveLength(4);
    await list.showAgain(0);
    expect(asked).toEqual([1, 2, 1]);
  });
});

describe('PagedList: kept fresh on the injected clock', () => {
  it('shown again within KEPT_FRESH_MS keeps its rows; one tick later asks page 1 again', async () => {
    const { list, asked, clock } = listOf(1);
    await list.refresh();
    clock.advance(KEPT_FRESH_MS - 1);
    await list.showAgain();
    expect(asked).toEqual([1]);
    clock.advance(1);
    await list.showAgain();
    expect(asked).toEqual([1, 1]);
  });
});

describe('PagedList: invalidated by a change on the server', () => {
  it('a fresh list that was invalidated reloads page 1 when shown again', async () => {
    const { list, asked } = listOf(1);
    await list.refresh();
    list.invalidate();
    await list.showAgain(60_000);
    expect(asked).toEqual([1, 1]);
  });
});
