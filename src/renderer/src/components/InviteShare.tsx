/** Invitation tools: the poster (saved through the host), SMS and email to a friend. */
import { useState } from 'react';
import { useStores } from '@renderer/stores/StoresContext';
import posterUrl from './assets/invite-poster.svg?no-inline';
import { appUrl, savePoster, shareByEmail, shareBySms } from '@renderer/services/share';

export function InviteShare({ link }: { link: string }) {
  const { services } = useStores();
  const { native, ui } = services;
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  return (
    <div className="card invite-share">
      <img className="poster" src={posterUrl} alt="Invitation poster" />
      <button
        type="button"
        className="secondary-button"
        onClick={() => void savePoster(native, ui, appUrl(posterUrl))}
      >
        Save Poster
      </button>
      <p className="muted">Your invitation link: {link}</p>
      <div className="form-row">
        <input
          aria-label="Friend's mobile number"
          placeholder="Friend's mobile number"
          inputMode="tel"
          value={phone}
          onChange={(e) => setPhone(e.target.value.replace(/[^\d+]/g, '').slice(0, 13))}
        />
        <button
          type="button"
          className="secondary-button"
          disabled={phone.length < 8}
          onClick={() => void shareBySms(native, ui, phone, link)}
        >
          Send SMS
        </button>
      </div>
      <div className="form-row">
        <input
          aria-label="Friend's email"
          placeholder="Friend's email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.target.value.trim())}
        />
        <button
          type="button"
          className="secondary-button"
          disabled={!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)}
          onClick={() => void shareByEmail(native, ui, email, link)}
        >
          Send Email
        </button>
      </div>
    </div>
  );
}
