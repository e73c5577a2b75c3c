import { useState } from 'react';
import { api, ApiError } from '../api.ts';
import type { Session } from '../App.tsx';
import { useT } from '../i18n.ts';

export function SignIn({ onSignedIn }: { onSignedIn: (s: Session) => void }) {
  const t = useT();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await api<Session>('POST', '/api/session', { email, password }));
    } catch (err) {
      setError(err instanceof ApiError ? [err.problem.message, err.problem.hint].filter(Boolean).join(' — ') : t('error.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card narrow" onSubmit={submit} aria-labelledby="sign-in-title">
      <h1 id="sign-in-title">{t('signIn.title')}</h1>
      <label>
        {t('signIn.email')}
        <input type="email" name="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </label>
      <label>
        {t('signIn.password')}
        <input type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      {error && <p role="alert" className="error">{error}</p>}
      <button type="submit" disabled={busy}>{busy ? t('signIn.working') : t('signIn.submit')}</button>
    </form>
  );
}
