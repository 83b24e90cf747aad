// Query keys of the settings screens. The subscription status they also show is shared: lib/query-keys.

export const paymentMethodKeys = {
  all: ['payment-methods'] as const,
};

export const notificationSettingsKeys = {
  all: ['notification-settings'] as const,
};
