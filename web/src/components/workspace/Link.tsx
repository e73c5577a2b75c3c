/** A link inside the app: keeps the language, and moves without reloading the page. */
import { href } from '../../App.tsx';
import { useLang } from '../../i18n.ts';
import { navigate } from '../../router.ts';

export function Link({ to, children, className, ...rest }: { to: string; children: React.ReactNode; className?: string } & Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'>) {
  const lang = useLang();
  const target = href(to, lang);
  return (
    <a
      {...rest}
      className={className}
      href={target}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(target);
      }}
    >
      {children}
    </a>
  );
}
