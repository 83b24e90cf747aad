import type { MouseEvent } from 'react';
import './skip-link.css';

type SkipLinkProps = {
  /** The id of the page's main region (focusable by script: tabIndex -1). */
  targetId: string;
};

/**
 * "Skip to content": the first thing a keyboard reaches, shown only while focused. It moves the focus
 * itself instead of changing the address's hash, which the router would treat as a navigation.
 */
export function SkipLink({ targetId }: SkipLinkProps) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${targetId}`} onClick={skip}>
      Skip to content
    </a>
  );
}
