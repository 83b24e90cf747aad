import { useTheme } from './theme-store';
import '../icon-button/icon-button.css';
import './theme.css';

function MoonIcon() {
  return (
    <svg className="line-icon theme-toggle__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20.5 14.2A8.5 8.5 0 0 1 9.8 3.5a8.5 8.5 0 1 0 10.7 10.7Z" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg className="line-icon theme-toggle__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.2" />
      <path d="M12 2.5v2.2M12 19.3v2.2M4.6 4.6l1.6 1.6M17.8 17.8l1.6 1.6M2.5 12h2.2M19.3 12h2.2M4.6 19.4l1.6-1.6M17.8 6.2l1.6-1.6" />
    </svg>
  );
}

type ThemeToggleProps = {
  className?: string;
};

/**
 * Switches between the light and the dark theme. A toggle button: its name stays "Dark theme"
 * and aria-pressed tells whether it is on; the icon shows what a press switches to.
 */
export function ThemeToggle({ className }: ThemeToggleProps) {
  const theme = useTheme((state) => state.theme);
  const toggleTheme = useTheme((state) => state.toggleTheme);
  const dark = theme === 'dark';

  return (
    <button
      type="button"
      className={`icon-button icon-button--framed theme-toggle${className ? ` ${className}` : ''}`}
      aria-pressed={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={toggleTheme}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
