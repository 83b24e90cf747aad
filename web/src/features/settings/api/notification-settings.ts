import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettingsResponse, NotificationSettingsUpdate, NotificationSettingsView } from '@contract/notifications';
import { api } from '@/lib/api-client';
import { notificationSettingsKeys } from './query-keys';

export type { NotificationSettingsResponse, NotificationSettingsView };

const SWITCHES = ['lowBalance', 'heldMail', 'refusedSender', 'failedMail', 'documentContinued'] as const;

function toResponse(body: unknown, call: string): NotificationSettingsResponse {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const settings = typeof record['settings'] === 'object' && record['settings'] !== null ? (record['settings'] as Record<string, unknown>) : null;
  if (!settings || SWITCHES.some((key) => typeof settings[key] !== 'boolean')) throw new Error(`${call} answered without the switches.`);
  return {
    settings: {
      lowBalance: settings['lowBalance'] === true,
      heldMail: settings['heldMail'] === true,
      refusedSender: settings['refusedSender'] === true,
      failedMail: settings['failedMail'] === true,
      documentContinued: settings['documentContinued'] === true,
    },
    delivering: record['delivering'] !== false,
  };
}

/** GET /api/notification-settings: the account's switches, one per kind of notification email. */
export async function getNotificationSettings(signal?: AbortSignal): Promise<NotificationSettingsResponse> {
  return toResponse(await api.get('notification-settings', signal ? { signal } : {}).json<unknown>(), 'GET /api/notification-settings');
}

/** PUT /api/notification-settings with the switches that changed. */
export async function updateNotificationSettings(changes: NotificationSettingsUpdate): Promise<NotificationSettingsResponse> {
  return toResponse(await api.put('notification-settings', { json: changes }).json<unknown>(), 'PUT /api/notification-settings');
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({
    queryKey: notificationSettingsKeys.all,
    queryFn: ({ signal }) => getNotificationSettings(signal),
    meta: { errorMessage: 'Could not load the notification settings.' },
  });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** Saves a switch; the screen shows the server's answer (the settings as saved). */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    onSuccess: (saved) => queryClient.setQueryData(notificationSettingsKeys.all, saved),
  });
}
