/**
 * Every table sits in one of these: where the table is wider than the screen (a phone, or many
 * years side by side) it scrolls sideways inside this box, never past the page's edge, and the
 * box says so: a shadow on the side that has more columns (style.css `.table-scroll-box`) and
 * a line "Scroll sideways to see every column →" that screen readers read with the box (its
 * description). The box can take focus, so a keyboard scrolls it too. Where the table fits,
 * there is no line and no shadow.
 */
import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n.ts';

export function TableScroll({ label, labelledBy, children, className }: { label?: string; labelledBy?: string; children: ReactNode; className?: string }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const check = () => setOver(el.scrollWidth > el.clientWidth + 1);
    check();
    // The box narrows with the screen; the table widens as its figures arrive.
    const seen = new ResizeObserver(check);
    seen.observe(el);
    if (el.firstElementChild) seen.observe(el.firstElementChild);
    return () => seen.disconnect();
  }, []);
  return (
    <div className={`table-scroll${className ? ` ${className}` : ''}`} data-overflow={over ? 'true' : 'false'}>
      {over && <p className="table-scroll-hint" id={hintId}>{t('table.scroll')} <span aria-hidden="true">→</span></p>}
      <div
        className="table-scroll-box"
        ref={box}
        role="region"
        aria-label={labelledBy ? undefined : label}
        aria-labelledby={labelledBy}
        aria-describedby={over ? hintId : undefined}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
