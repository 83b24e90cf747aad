import { Spinner } from '../spinner/spinner';
import './center-stack.css';
import './status-screen.css';

type StatusScreenProps = {
  title: string;
  message?: string;
};

/** A full-page "something is happening" screen: auth checks and redirects. */
export function StatusScreen({ title, message }: StatusScreenProps) {
  return (
    <main className="center-stack center-stack--page status-screen" aria-busy="true">
      <Spinner size="large" />
      <h1 className="status-screen__title">{title}</h1>
      {message ? <p className="status-screen__message">{message}</p> : null}
    </main>
  );
}
