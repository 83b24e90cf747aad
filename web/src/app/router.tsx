import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AfterEnterAppCheckPage } from '@/features/auth/components/after-enter-app-check-page';
import { AuthCheckPage } from '@/features/auth/components/auth-check-page';
import { AuthErrorPage } from '@/features/auth/components/auth-error-page';
import { AuthSuccessPage } from '@/features/auth/components/auth-success-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { RegisterPage } from '@/features/auth/components/register-page';
import { PaymentCancelPage } from '@/features/billing/components/payment-cancel-page';
import { PaymentSuccessPage } from '@/features/billing/components/payment-success-page';
import { PricingRedirect } from '@/features/billing/components/pricing-redirect';
import { SubscriptionGuard } from '@/features/billing/components/subscription-guard';
import { DocumentDetailsPage } from '@/features/documents/components/document-details-page';
import { DocumentsPage } from '@/features/documents/components/documents-page';
import { ProjectPage } from '@/features/documents/components/project-page';
import { LandingRoute } from '@/features/landing/components/landing-route';
import type { AppRouter } from './app-router';
import { LoginGuard } from './guards/login-guard';
import { AppRoot } from './layouts/app-root';
import { DashboardLayout } from './layouts/dashboard-layout';
import { NotFoundPage } from './routes/not-found-page';
import { PageFallback, RouteFallback } from './routes/route-fallback';
import { PageError, RouteError } from './routes/route-error';

/**
 * A page whose code (and the libraries only it uses) loads on its first visit, as a chunk of its own.
 * On a first load straight into one, the nearest HydrateFallback shows meanwhile; later visits wait
 * on the page that is already shown.
 */
function lazyPage(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) };
}

const page = {
  privacyPolicy: lazyPage(async () => (await import('@/features/legal/components/privacy-policy-page')).PrivacyPolicyPage),
  termsOfUse: lazyPage(async () => (await import('@/features/legal/components/terms-of-use-page')).TermsOfUsePage),
  purchaseTokens: lazyPage(async () => (await import('@/features/billing/components/purchase-tokens-page')).PurchaseTokensPage),
  usage: lazyPage(async () => (await import('@/features/usage/components/usage-page')).UsagePage),
  mailSearch: lazyPage(async () => (await import('@/features/documents/components/mail-search-page')).MailSearchPage),
  settings: lazyPage(async () => (await import('@/features/settings/components/settings-page')).SettingsPage),
  subscription: lazyPage(async () => (await import('@/features/billing/components/subscription-page')).SubscriptionPage),
  // Composes plan selection with the documents made before a plan was chosen (see the file).
  planSelection: lazyPage(async () => (await import('./routes/plan-selection-route')).PlanSelectionRoute),
  subscriptionRequired: lazyPage(
    async () => (await import('@/features/billing/components/subscription-required-page')).SubscriptionRequiredPage,
  ),
  payment: lazyPage(async () => (await import('@/features/billing/components/payment-page')).PaymentPage),
  // Composes the onboarding guide with the documents it needs (see the file).
  onboarding: lazyPage(async () => (await import('./routes/onboarding-route')).OnboardingAfterLoginRoute),
  onboardingAfterSignup: lazyPage(async () => (await import('./routes/onboarding-route')).OnboardingAfterSignupRoute),
};

/**
 * The route table (docs/product.md § Screens). Shared by the browser router and the tests' memory routers.
 * The landing page, the sign-in screens, the payment outcomes and the documents are in the app's
 * main chunk; every other page loads on demand (lazyPage).
 *
 * Every route has an error screen (routes/route-error): the dashboard's pages show theirs inside the
 * shell, every other page in the whole window.
 */
export function createAppRoutes(): RouteObject[] {
  return [{ element: <AppRoot />, ErrorBoundary: PageError, children: pageRoutes() }];
}

function pageRoutes(): RouteObject[] {
  return [
    // Public
    { path: paths.home.path, element: <LandingRoute /> },
    { path: paths.pricing.path, element: <PricingRedirect /> },
    { path: paths.login.path, element: <LoginPage /> },
    { path: paths.register.path, element: <RegisterPage /> },
    { path: paths.authError.path, element: <AuthErrorPage /> },
    { path: paths.authSuccess.path, element: <AuthSuccessPage /> },
    { path: paths.auth.path, element: <AuthCheckPage /> },
    { path: paths.afterEnterAppCheck.path, element: <AfterEnterAppCheckPage /> },
    // Payment outcomes stay public: the provider sends the browser back here and they make no call.
    { path: paths.paymentSuccess.path, element: <PaymentSuccessPage /> },
    { path: paths.paymentSuccessNested.path, element: <PaymentSuccessPage /> },
    { path: paths.paymentCancel.path, element: <PaymentCancelPage /> },
    { path: paths.paymentCancelNested.path, element: <PaymentCancelPage /> },
    {
      HydrateFallback: PageFallback,
      children: [
        { path: paths.privacyPolicy.path, ...page.privacyPolicy },
        { path: paths.termsOfUse.path, ...page.termsOfUse },
      ],
    },

    // Signed-in only
    {
      element: <LoginGuard />,
      children: [
        {
          element: <DashboardLayout />,
          children: [
            {
              // A page that fails shows its error in the content area: the sidebar and header stay.
              ErrorBoundary: RouteError,
              children: [
                {
                  // Dashboard pages need an active subscription, else plan selection (docs/product.md § Dashboard).
                  element: <SubscriptionGuard />,
                  children: [
                    // The documents are what a signed-in user opens first: in the main chunk.
                    { path: paths.dashboard.path, element: <DocumentsPage /> },
                    { path: paths.documents.path, element: <DocumentsPage /> },
                    { path: paths.documentDetails.path, element: <DocumentDetailsPage /> },
                    {
                      // On a first load straight into a page, the shell shows and the content area waits.
                      HydrateFallback: RouteFallback,
                      children: [
                        { path: paths.purchaseTokens.path, ...page.purchaseTokens },
                        { path: paths.mailSearch.path, ...page.mailSearch },
                        { path: paths.dashboardUsage.path, ...page.usage },
                        { path: paths.usage.path, ...page.usage },
                      ],
                    },
                  ],
                },
                // Settings stays reachable without an active subscription: it is where "No Subscription"
                // and "Canceled" are shown, with "Subscribe Now", and where the card is updated.
                {
                  HydrateFallback: RouteFallback,
                  children: [
                    { path: paths.dashboardSettings.path, ...page.settings },
                    { path: paths.settings.path, ...page.settings },
                  ],
                },
              ],
            },
          ],
        },
        { path: paths.project.path, element: <ProjectPage /> },
        {
          HydrateFallback: PageFallback,
          children: [
            { path: paths.subscription.path, ...page.subscription },
            { path: paths.planSelection.path, ...page.planSelection },
            { path: paths.subscriptionRequired.path, ...page.subscriptionRequired },
            { path: paths.payment.path, ...page.payment },
            { path: paths.onboarding.path, ...page.onboarding },
            { path: paths.onboardingAfterSignup.path, ...page.onboardingAfterSignup },
          ],
        },
      ],
    },

    { path: paths.notFound.path, element: <NotFoundPage /> },
  ];
}

export function createAppRouter(): AppRouter {
  return createBrowserRouter(createAppRoutes());
}
