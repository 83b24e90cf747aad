import './spinner.css';

type SpinnerProps = {
  size?: 'small' | 'medium' | 'large';
  /** Announced to assistive technology; omit when a visible text already says what happens. */
  label?: string;
};

export function Spinner({ size = 'medium', label }: SpinnerProps) {
  return (
    <span
      className={`spinner spinner--${size}`}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
