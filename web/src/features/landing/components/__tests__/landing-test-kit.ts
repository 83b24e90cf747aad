// The fake API of the landing page: the public configuration and the price list.
import { basicPlan, installFakeFetch, proPlan, singleToken, type FakeFetch, type Route } from '@/test/fake-fetch';

export const aPublicConfig = {
  supportEmail: 'help@mailscribe.example',
  socialUrl: 'https://www.linkedin.com/company/mailscribe',
  videoUrl: null as string | null,
  billing: 'stripe',
  inboundDomain: 'in.mailscribe.example',
};

export function installLandingApi(routes: Record<string, Route> = {}): FakeFetch {
  return installFakeFetch({
    'GET /api/public-config': { status: 200, body: aPublicConfig },
    'GET /api/stripe/prices': { status: 200, body: [singleToken, proPlan, basicPlan] },
    ...routes,
  });
}
