/**
 * Accepting an invitation: where the links and codes the server sends lead. An email carries
 * `/invite/{token}` (a workspace admin's invitation, or a union's to a roster member); a text
 * message carries a 6-digit code and `/invite-code/{invitation}`. The person chooses a password
 * (typed twice: there is no other way back in if it is mistyped) and is signed in. The token
 * stays in this page: it goes to the server only in the body of the request that uses it, and
 * pages here send no referrer.
 */
import { useState } from 'react';
import { api, ApiError } from '../api.ts';
import type { Session } from '../App.tsx';
import { messages, useLang, useMessages } from '../i18n.ts';
import { fill } from '../text.ts';

const m = messages({
  en: {
    'title': 'Choose your password',
    'intro': 'You were invited to sign in to settle. Choose a password to finish: four or more unrelated words are strong and easy to remember.',
    'introCode': 'You were invited by text message. Type the 6 digits from the message and choose a password: four or more unrelated words are strong and easy to remember.',
    'code': 'Code from the text message',
    'password': 'New password',
    'again': 'The same password again',
    'differ': 'The two passwords are not the same: type the same password in both boxes.',
    'submit': 'Set my password and sign in',
    'working': 'Setting your password…',
    'generic': 'Something went wrong; try again in a moment.',
  },
  es: {
    'title': 'Elija su contraseña',
    'intro': 'Le invitaron a iniciar sesión en settle. Elija una contraseña para terminar: cuatro o más palabras sin relación entre sí son seguras y fáciles de recordar.',
    'introCode': 'Le invitaron por mensaje de texto. Escriba los 6 dígitos del mensaje y elija una contraseña: cuatro o más palabras sin relación entre sí son seguras y fáciles de recordar.',
    'code': 'Código del mensaje de texto',
    'password': 'Contraseña nueva',
    'again': 'La misma contraseña otra vez',
    'differ': 'Las dos contraseñas no son iguales: escriba la misma contraseña en ambos campos.',
    'submit': 'Guardar mi contraseña e iniciar sesión',
    'working': 'Guardando su contraseña…',
    'generic': 'Algo salió mal; vuelva a intentarlo en un momento.',
  },
});

/** The refusals this page can meet, in Spanish (English shows the server's own words). */
const REFUSALS_ES = {
  'password.weak': 'Esta contraseña es demasiado fácil de adivinar. Use cuatro o más palabras sin relación entre sí, como «linterna órbita terciopelo cañón» (no esta).',
  'invitation.wrong-code': 'El código no es correcto: {left}. Son los 6 dígitos del mensaje de texto, como 042917.',
  'invitation.last-code': 'El código no es correcto y era el último intento: esta invitación ya no sirve. Pida una nueva a su sindicato.',
  'invitation.unusable': 'Esta invitación no se conoce, ya se usó o venció. Pida una nueva a quien le invitó.',
  'people.email-taken': 'Esta dirección ya tiene una cuenta en este servidor: inicie sesión con ella.',
} as const;

/** `token` for a link's invitation, `invitation` for a text message's (with its code typed here). */
export function Invite({ token, invitation, onSignedIn }: { token?: string; invitation?: number; onSignedIn: (s: Session) => void }) {
  const t = useMessages(m);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const lang = useLang();
  const byCode = invitation !== undefined;
  /**
   * What the server said, for the person: in English its reason and hint without the API's
   * "body password:" (the field is on the page); in Spanish the same facts in Spanish for the
   * refusals this page can meet, else the server's words.
   */
  const said = (p: ApiError['problem']): string => {
    if (lang === 'es') {
      const left = /(\d+) attempts? left/.exec(p.message)?.[1];
      if (p.code === 'invitation.wrong-code') return left ? fill(REFUSALS_ES['invitation.wrong-code'], { left: left === '1' ? 'le queda 1 intento' : `le quedan ${left} intentos` }) : REFUSALS_ES['invitation.last-code'];
      if (p.code in REFUSALS_ES) return REFUSALS_ES[p.code as keyof typeof REFUSALS_ES];
    }
    return [p.message.replace(/^body \w+: /, ''), p.hint].filter(Boolean).join(' — ');
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password !== again) {
      setError(t('differ'));
      return;
    }
    setBusy(true);
    try {
      const session = byCode
        ? await api<Session>('POST', '/api/invitations/accept-code', { invitation, code: code.trim(), password })
        : await api<Session>('POST', '/api/invitations/accept', { token, password });
      onSignedIn(session);
    } catch (err) {
      setError(err instanceof ApiError ? said(err.problem) : t('generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card narrow" onSubmit={submit} aria-labelledby="invite-title">
      <h1 id="invite-title">{t('title')}</h1>
      <p>{byCode ? t('introCode') : t('intro')}</p>
      {byCode && (
        <label>
          {t('code')}
          <input name="code" inputMode="numeric" autoComplete="one-time-code" pattern="\s*\d{6}\s*" maxLength={8} required value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
      )}
      <label>
        {t('password')}
        <input type="password" name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </label>
      <label>
        {t('again')}
        <input type="password" name="again" autoComplete="new-password" required value={again} onChange={(e) => setAgain(e.target.value)} />
      </label>
      {error && <p role="alert" className="error">{error}</p>}
      <button type="submit" disabled={busy}>{busy ? t('working') : t('submit')}</button>
    </form>
  );
}
