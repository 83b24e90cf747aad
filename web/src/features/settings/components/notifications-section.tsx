import { LoadFailed } from '@/components/ui/load-failed/load-failed';
import { Spinner } from '@/components/ui/spinner/spinner';
import { toast } from '@/components/ui/toast/toast-store';
import { useNotificationSettings, useUpdateNotificationSettings, type NotificationSettingsView } from '../api/notification-settings';

export const NOTIFICATION_SAVE_FAILED_MESSAGE = 'The notification setting could not be saved. Please try again.';

const SWITCHES: { key: keyof NotificationSettingsView; label: string; hint: string }[] = [
  { key: 'lowBalance', label: 'Tokens running low', hint: 'When 10% of your plan\'s tokens are left, and when none are left.' },
  { key: 'heldMail', label: 'Emails waiting for tokens', hint: 'When forwarded emails wait because there are not enough tokens or no active plan.' },
  { key: 'refusedSender', label: 'Senders not on the allowed list', hint: 'The first time a sender is refused on a document, at most once a day per document.' },
  { key: 'failedMail', label: 'Emails that could not be processed', hint: 'When processing an email fails for good.' },
  { key: 'documentContinued', label: 'Documents continuing in a new Google Doc', hint: 'When a linked document is full and new summaries go to a new one.' },
];

/** Settings "Email notifications": one switch per kind of email Mailscribe sends the account (docs/operations.md). */
export function NotificationsSection() {
  const { data, isError, isFetching, refetch } = useNotificationSettings();
  const update = useUpdateNotificationSettings();

  function toggle(key: keyof NotificationSettingsView, on: boolean) {
    update.mutate(
      { [key]: on },
      {
        onError: (error) => {
          console.warn('Could not save the notification setting.', error);
          toast.error(NOTIFICATION_SAVE_FAILED_MESSAGE);
        },
      },
    );
  }

  let content;
  if (!data && (!isError || isFetching)) {
    content = (
      <div className="settings-loading" role="status">
        <Spinner size="small" />
        <span>Loading notification settings...</span>
      </div>
    );
  } else if (!data) {
    content = <LoadFailed message="Your notification settings could not be loaded." onRetry={() => void refetch()} />;
  } else {
    content = (
      <>
        {data.delivering ? null : <p className="settings-muted">This server does not send emails, so these settings have no effect here.</p>}
        <ul className="settings-switches">
          {SWITCHES.map(({ key, label, hint }) => (
            <li key={key} className="settings-switch">
              <input
                id={`notify-${key}`}
                type="checkbox"
                role="switch"
                checked={data.settings[key]}
                disabled={update.isPending}
                aria-describedby={`notify-${key}-hint`}
                onChange={(event) => toggle(key, event.target.checked)}
              />
              <label htmlFor={`notify-${key}`}>
                <span className="settings-switch__label">{label}</span>
                <span id={`notify-${key}-hint`} className="settings-muted">
                  {hint}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <section className="card card--stack settings-section" aria-labelledby="notifications-title">
      <h2 id="notifications-title" className="settings-section__title">
        Email notifications
      </h2>
      <p className="settings-text">Emails Mailscribe sends you about your account. Each email also has a link to unsubscribe.</p>
      {content}
    </section>
  );
}
