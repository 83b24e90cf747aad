// Typed route helpers: every route of docs/product.md § Screens.
// `path` is the router pattern; `getHref` builds a link to it.

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** The landing page's pricing section (anchor id "subscription"). */
  landingPricing: { getHref: () => '/#subscription' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },

  login: {
    path: '/login',
    getHref: (query: { error?: string } = {}) => withQuery('/login', query),
  },
  register: { path: '/register', getHref: () => '/register' },
  authError: {
    path: '/auth-error',
    getHref: (query: { reason?: string } = {}) => withQuery('/auth-error', query),
  },
  authSuccess: { path: '/auth-success', getHref: () => '/auth-success' },
  auth: { path: '/auth', getHref: () => '/auth' },
  afterEnterAppCheck: { path: '/afterEnterAppCheck', getHref: () => '/afterEnterAppCheck' },

  privacyPolicy: { path: '/privacyPolicy', getHref: () => '/privacyPolicy' },
  termsOfUse: { path: '/termsOfUse', getHref: () => '/termsOfUse' },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  documents: { path: '/dashboard/docs', getHref: () => '/dashboard/docs' },
  documentDetails: {
    path: '/dashboard/doc/:id',
    getHref: (id: string) => `/dashboard/doc/${encodeURIComponent(id)}`,
  },
  /** One search over the mail of all the user's documents. */
  mailSearch: { path: '/dashboard/mail', getHref: () => '/dashboard/mail' },
  dashboardUsage: { path: '/dashboard/usage', getHref: () => '/dashboard/usage' },
  dashboardSettings: { path: '/dashboard/settings', getHref: () => '/dashboard/settings' },
  purchaseTokens: { path: '/dashboard/purchaseTokens', getHref: () => '/dashboard/purchaseTokens' },
  usage: { path: '/usage', getHref: () => '/usage' },
  settings: { path: '/settings', getHref: () => '/settings' },
  project: {
    path: '/project/:projectId',
    getHref: (projectId: string) => `/project/${encodeURIComponent(projectId)}`,
  },

  subscription: { path: '/subscription', getHref: () => '/subscription' },
  planSelection: { path: '/subscriptionPage', getHref: () => '/subscriptionPage' },
  subscriptionRequired: { path: '/subscription-required', getHref: () => '/subscription-required' },
  payment: { path: '/payment', getHref: () => '/payment' },
  paymentSuccess: { path: '/success', getHref: () => '/success' },
  paymentSuccessNested: { path: '/payment/success', getHref: () => '/payment/success' },
  paymentCancel: {
    path: '/cancel',
    getHref: (query: { type?: string } = {}) => withQuery('/cancel', query),
  },
  paymentCancelNested: { path: '/payment/cancel', getHref: () => '/payment/cancel' },

  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  onboardingAfterSignup: { path: '/onboarding-after-signup', getHref: () => '/onboarding-after-signup' },

  notFound: { path: '*' },
} as const;
