import { useId, useState, type ReactNode } from 'react';
import './tooltip.css';

type TooltipProps = {
  text: string;
  /** Renders the trigger; give `describedBy` to its aria-describedby so the text is its description. */
  children: (describedBy: string) => ReactNode;
};

/** A short explanation shown above its trigger on hover and keyboard focus; Escape hides it. */
export function Tooltip({ text, children }: TooltipProps) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);

  return (
    <span
      className={`tooltip ${dismissed ? 'tooltip--dismissed' : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setDismissed(true);
      }}
      onPointerLeave={() => setDismissed(false)}
      onBlur={() => setDismissed(false)}
    >
      {children(id)}
      <span role="tooltip" id={id} className="tooltip__bubble">
        {text}
      </span>
    </span>
  );
}
