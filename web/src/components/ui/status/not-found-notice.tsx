import type { ReactNode } from 'react';
import './not-found-notice.css';
import './center-stack.css';

type NotFoundNoticeProps = {
  title: string;
  hint: string;
  /** The way back (a button or link). */
  action: ReactNode;
  /** A whole page of its own (`main`), instead of a card inside the app's layout. */
  screen?: boolean;
  lang?: string;
};

/** A "404" with a heading, a hint and the way back. */
export function NotFoundNotice({ title, hint, action, screen = false, lang }: NotFoundNoticeProps) {
  const body = (
    <>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">{title}</h1>
      <p className="not-found__hint">{hint}</p>
      {action}
    </>
  );
  if (screen) return <main className="center-stack center-stack--page not-found--screen" lang={lang}>{body}</main>;
  return <section className="not-found card" lang={lang}>{body}</section>;
}
