import { describe, expect, it } from 'vitest';
import type { Message } from '@shared/api/entities';
import { fakeTransport, ok } from '@tests/support/renderer/fakes';
import { createTestRoot } from '@tests/support/renderer/testRoot';
import { pagedAnswer } from '@tests/support/renderer/billRows';
import { MessagesStore } from './MessagesStore';

const message = (n: number, read: boolean): Message => ({
  id: `M${n}`,
  title: `Title ${n}`,
  content: `Content ${n}`,
  sendTime: 1_800_000_000 - n,
  read,
});

function messagesOf(rows: Message[]) {
  const unreadLeft = () => rows.filter((m) => !m.read).length;
  const transport = fakeTransport({
    messageList: pagedAnswer(rows),
    messageRead: (data) => {
      const row = rows.find((m) => m.id === (data as { id: string }).id);
      if (row) row.read = true;
      return ok({ unreadCount: unreadLeft() });
    },
  });
  const { root, clock } = createTestRoot({ transport });
  root.user.setToken('t');
  root.user.setUnread(['KYC', 'Coupon', 'Message']);
  return { store: new MessagesStore(root.api, root.user, clock), root, transport };
}

describe('MessagesStore', () => {
  it('pages the message list 20 at a time to the end', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => message(i, true));
    const { store, transport } = messagesOf(rows);
    await store.list.refresh();
    expect(store.list.items).toHaveLength(20);
    await store.list.loadMore();
    expect(store.list.items).toHaveLength(25);
    expect(store.list.hasMore).toBe(false);
    expect(transport.calls.map((c) => c.data)).toEqual([
      { pageNum: 1, pageSize: 20 },
      { pageNum: 2, pageSize: 20 },
    ]);
  });

  it('opening marks read; the Message dot clears only when none is left unread', async () => {
    const { store, root, transport } = messagesOf([
      message(1, false),
      message(2, false),
      message(3, true),
    ]);
    await store.list.refresh();
    await store.open('M1');
    expect(store.byId('M1')?.read).toBe(true);
    expect(root.user.unread).toEqual(['KYC', 'Coupon', 'Message']);
    await store.open('M2');
    expect(root.user.unread).toEqual(['KYC', 'Coupon']);
    await store.open('M3');
    expect(transport.calls.filter((c) => c.name === 'messageRead')).toHaveLength(2);
  });
});
