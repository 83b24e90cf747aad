import { useId, type ReactNode } from 'react';

type DetailsCardProps = {
  /** The card's heading, which also names the section for screen readers. */
  title: ReactNode;
  /** A line under the heading that says what the card is for. */
  hint?: ReactNode;
  /** Beside the heading (a link). */
  action?: ReactNode;
  /** The whole width of the details grid. */
  wide?: boolean;
  className?: string;
  /** The heading's id, for a list or table inside that the heading also names. */
  headingId?: string;
  children: ReactNode;
};

/** One card of the document's page: a section named by its heading, with an optional hint and action. */
export function DetailsCard({ title, hint, action, wide = false, className, headingId, children }: DetailsCardProps) {
  const ownId = useId();
  const id = headingId ?? ownId;
  const heading = (
    <h2 id={id} className="details-card__title">
      {title}
    </h2>
  );
  return (
    <section className={['details-card card', wide ? 'details-card--wide' : null, className].filter(Boolean).join(' ')} aria-labelledby={id}>
      {action ? (
        <div className="split-row details-card__head">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {hint ? <p className="details-card__hint">{hint}</p> : null}
      {children}
    </section>
  );
}
