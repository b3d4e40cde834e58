/**
 * /messageList: the messages (pull-to-refresh, infinite scroll) and the open message; list and
 * message side by side at 768 px and wider (`?id=` selects the message).
 */

import { NavBar } from 'antd-mobile';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { backIcon } from '@renderer/components/BackIcon';
import { MasterDetail } from '@renderer/components/MasterDetail';
import { formatDate } from '@renderer/lib/format';
import { useFeature } from '@renderer/stores/StoresContext';
import { ListFooter } from '@renderer/components/ListFooter';
import { PullRefresh } from '@renderer/components/PullRefresh';
import './messages.css';
import { messagesFeature } from './MessagesStore';

const MessageListScreen = observer(function MessageListScreen() {
  const messages = useFeature(messagesFeature);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const openId = params.get('id');
  const open = messages.byId(openId);

  useEffect(() => {
    void messages.list.refresh();
  }, [messages]);
  // Runs again once the opened message arrives with its page (a deep link loads the list first).
  const openLoaded = open !== undefined;
  useEffect(() => {
    if (openId && openLoaded) void messages.open(openId);
  }, [openId, openLoaded, messages]);

  const master = (
    <section className="messages-page" aria-label="Messages">
      <NavBar onBack={() => navigate(-1)} backIcon={backIcon}>
        <h1 className="messages-page__title">Messages</h1>
      </NavBar>
      <PullRefresh onRefresh={() => messages.list.refresh()}>
        <ul className="message-list">
          {messages.list.items.map((m) => (
            <li key={m.id}>
              <Link
                to={`/messageList?id=${encodeURIComponent(m.id)}`}
                replace={openId !== null}
                className={`message-row${m.read ? '' : ' message-row--unread'}${m.id === openId ? ' is-open' : ''}`}
              >
                <span className="message-row__title">{m.title}</span>
                <span className="message-row__date">{formatDate(m.sendTime)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <ListFooter
          count={messages.list.items.length}
          hasMore={messages.list.hasMore}
          failed={messages.list.status === 'error'}
          loadMore={() => messages.list.loadMore()}
        />
      </PullRefresh>
    </section>
  );

  const detail = open && (
    <article className="message-detail" aria-label={open.title}>
      <NavBar onBack={() => navigate('/messageList', { replace: true })} backIcon={backIcon}>
        Message
      </NavBar>
      <div className="message-detail__body">
        <h1>{open.title}</h1>
        <p className="message-row__date">{formatDate(open.sendTime)}</p>
        <p>{open.content}</p>
      </div>
    </article>
  );

  return <MasterDetail master={master} detail={detail || undefined} />;
});

export default MessageListScreen;
