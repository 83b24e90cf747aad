import { chosenPlan } from '@/lib/purchase-intent';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldReply } from '@/test/fake-fetch';
import { renderApp, renderWithQueryClient } from '@/test/render-app';
import { LandingPage } from '../landing-page';
import { aPublicConfig, basicPlan, installLandingApi, proPlan, singleToken } from './landing-test-kit';

function pricingSection() {
  return screen.getByRole('region', { name: 'Simple, Transparent Pricing' });
}

describe('landing page: navbar', () => {
  it('scrolls to the sections, links to the legal pages, Sign In and Start', () => {
    installLandingApi();
    renderApp('/');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['How it works', '#howItWorks'],
      ['Features', '#features'],
      ['Pricing', '#subscription'],
      ['FAQ', '#faq'],
      ['Privacy Policy', '/privacyPolicy'],
      ['Terms Of Use', '/termsOfUse'],
    ]);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(banner).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/register');
    expect(within(banner).getByRole('button', { name: 'Dark theme' })).toBeInTheDocument();
  });

  it('has each section the navbar points to', () => {
    installLandingApi();
    const { container } = renderApp('/');

    for (const id of ['howItWorks', 'features', 'subscription', 'faq']) {
      expect(container.querySelector(`section#${id}`)).not.toBeNull();
    }
  });

  it('scrolls to a section in place and moves the focus to it', async () => {
    installLandingApi();
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    const { user } = renderApp('/');

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Features' }));

    expect(scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toHaveAttribute('id', 'features');
    expect(window.location.hash).toBe('#features');
  });

  it('opens a burger menu with the same items, and closes it with Escape', async () => {
    installLandingApi();
    const { user } = renderApp('/');
    const burger = screen.getByRole('button', { name: 'Menu' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await user.click(burger);

    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'How it works',
      'Features',
      'Pricing',
      'FAQ',
      'Privacy Policy',
      'Terms Of Use',
      'Sign In',
      'Start',
    ]);
    expect(within(menu).getByRole('link', { name: 'Start' })).toHaveAttribute('href', '/register');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveFocus();
  });

  it('closes the burger menu when one of its items is chosen', async () => {
    installLandingApi();
    const { user, router } = renderApp('/');

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(within(screen.getByRole('navigation', { name: 'Menu' })).getByRole('link', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('landing page: hero, steps, features', () => {
  it('shows the hero, the three steps and six feature cards', () => {
    installLandingApi();
    renderApp('/');

    expect(screen.getByRole('heading', { name: 'Automate mail handling in seconds', level: 1 })).toBeInTheDocument();
    const steps = within(screen.getByRole('region', { name: 'From inbox to document in three steps' })).getAllByRole('heading', { level: 3 });
    expect(steps.map((step) => step.textContent)).toEqual(['Create a document', 'Forward emails', 'Access the documents']);
    const features = within(screen.getByRole('region', { name: 'Built to be trusted with your mail' })).getAllByRole('heading', { level: 3 });
    expect(features.map((feature) => feature.textContent)).toEqual([
      'Sender authentication',
      'Nothing lost when tokens run out',
      'Any model you like',
      'Plain text, safe by design',
      'Minimal Google access',
      'Self-hostable',
    ]);
  });

  it('shows the poster without a play button when no video is configured', async () => {
    installLandingApi();
    renderApp('/');

    await screen.findByRole('link', { name: aPublicConfig.supportEmail });
    expect(screen.queryByRole('button', { name: 'Play the product video' })).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('loads the configured video only when Play is pressed', async () => {
    const videoUrl = 'https://www.youtube-nocookie.com/embed/abc123';
    installLandingApi({ 'GET /api/public-config': { status: 200, body: { ...aPublicConfig, videoUrl } } });
    const { user } = renderApp('/');

    const play = await screen.findByRole('button', { name: 'Play the product video' });
    expect(document.querySelector('iframe')).toBeNull();
    await user.click(play);

    const frame = screen.getByTitle('Mailscribe product video');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', `${videoUrl}?autoplay=1`);
    expect(frame).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  });

  it('ignores a video address that is not https', async () => {
    installLandingApi({ 'GET /api/public-config': { status: 200, body: { ...aPublicConfig, videoUrl: 'javascript:alert(1)' } } });
    renderApp('/');

    await screen.findByRole('link', { name: aPublicConfig.supportEmail });
    expect(screen.queryByRole('button', { name: 'Play the product video' })).not.toBeInTheDocument();
  });
});

describe('landing page: pricing', () => {
  it('has the spec title, subtitle and tax note', () => {
    installLandingApi();
    renderApp('/');

    const section = pricingSection();
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(/^Simple, Transparent Pricing$/);
    expect(within(section).getByText('Choose the plan that fits your needs. No hidden fees, cancel anytime.')).toBeInTheDocument();
    expect(within(section).getByText('Tax included in prices')).toBeInTheDocument();
  });

  it('shows "Loading pricing..." while the prices load', async () => {
    const prices = heldReply();
    installLandingApi({ 'GET /api/stripe/prices': prices.handler });
    renderApp('/');

    expect(within(pricingSection()).getByText('Loading pricing...')).toBeInTheDocument();

    prices.release({ status: 200, body: [basicPlan, proPlan, singleToken] });
    expect(await within(pricingSection()).findByRole('heading', { name: 'Basic', level: 3 })).toBeInTheDocument();
    expect(within(pricingSection()).queryByText('Loading pricing...')).not.toBeInTheDocument();
  });

  it('shows the two plans, Basic first, with "Most Popular" on Professional and the price per token with 4 decimals', async () => {
    installLandingApi();
    renderApp('/');

    const section = pricingSection();
    const names = await within(section).findAllByRole('heading', { level: 3 });
    expect(names.map((name) => name.textContent)).toEqual(['Basic', 'Professional', 'Need extra tokens ?']);

    const [basic, pro] = within(section).getAllByRole('listitem').filter((item) => item.classList.contains('pricing-card')) as [HTMLElement, HTMLElement];
    expect(within(basic).getByText('Explore our core features with limited usage')).toBeInTheDocument();
    expect(within(basic).getByText('$0.0180 per token')).toBeInTheDocument();
    expect(within(basic).queryByText('Most Popular')).not.toBeInTheDocument();
    expect(basic).toHaveTextContent('$9/month');
    expect(basic).toHaveTextContent('500 tokens every month');

    expect(within(pro).getByText('Full-featured plan')).toBeInTheDocument();
    expect(within(pro).getByText('Most Popular')).toBeInTheDocument();
    expect(within(pro).getByText('$0.0145 per token')).toBeInTheDocument();
    expect(pro).toHaveTextContent('$29/month');
    expect(pro).toHaveTextContent('2,000 tokens every month');

    for (const card of [basic, pro]) {
      expect(within(card).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    }
  });

  it('shows the single-token price under "Need extra tokens ?" and explains how tokens are counted', async () => {
    installLandingApi();
    renderApp('/');

    const section = pricingSection();
    const extra = (await within(section).findByRole('heading', { name: 'Need extra tokens ?' })).parentElement as HTMLElement;
    expect(within(extra).getByText('$0.0200 per token')).toBeInTheDocument();
    expect(section).toHaveTextContent('How tokens are calculated: tokens are counted by the characters processed, one token per started 2,000 characters.');
  });

  it('goes to register from "Get Started"', async () => {
    installLandingApi();
    const { user, router } = renderApp('/');

    const [, proGetStarted] = await within(pricingSection()).findAllByRole('link', { name: 'Get Started' });
    await user.click(proGetStarted as HTMLElement);

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    // The plan of the card is carried to plan selection after sign-up.
    expect(chosenPlan()).toBe('monthlyPro');
  });

  it('shows "Failed to load pricing information" when the prices cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    installLandingApi({ 'GET /api/stripe/prices': { status: 500, body: { error: { code: 'INTERNAL', message: 'Down' } } } });
    renderApp('/');

    expect(await within(pricingSection()).findByRole('alert')).toHaveTextContent(/^Failed to load pricing information$/);
    expect(within(pricingSection()).queryByRole('link', { name: 'Get Started' })).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Could not load the prices.', expect.anything());
  });

  it('counts an empty price list as a failure when billing is on', async () => {
    installLandingApi({ 'GET /api/stripe/prices': { status: 200, body: [] } });
    renderApp('/');

    expect(await within(pricingSection()).findByText('Failed to load pricing information')).toBeInTheDocument();
  });

  it('says that nothing is charged when billing is off on this installation', async () => {
    installLandingApi({
      'GET /api/stripe/prices': { status: 200, body: [] },
      'GET /api/public-config': { status: 200, body: { ...aPublicConfig, billing: 'off' } },
    });
    renderApp('/');

    expect(await within(pricingSection()).findByText(/This installation does not charge for use/)).toBeInTheDocument();
    expect(within(pricingSection()).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(within(pricingSection()).queryByText('Failed to load pricing information')).not.toBeInTheDocument();
  });

  it('opens at the pricing section for /#subscription', async () => {
    installLandingApi();
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderApp('/#subscription');

    await waitFor(() => expect(document.activeElement).toHaveAttribute('id', 'subscription'));
    expect(scrollIntoView).toHaveBeenCalled();
  });
});

describe('landing page: FAQ and footer', () => {
  it('answers what buyers ask', () => {
    installLandingApi();
    renderApp('/');

    const faq = screen.getByRole('region', { name: 'Frequently asked questions' });
    const text = faq.textContent ?? '';
    expect(text).toContain('Plans are billed monthly');
    expect(text).toContain('Cancelling takes effect at the end of the current billing period');
    expect(text).toContain('All major credit cards');
    expect(text).toContain('there is no free trial');
    expect(text).toContain('Prices are in US dollars, and tax is included');
    expect(text).toContain('One token covers up to 2,000 characters processed');
    expect(text).toContain('Nothing is lost');
    expect(text).toContain('30 days');
    expect(within(faq).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
  });

  it('has the contact email and social link from the configuration, and the legal links', async () => {
    installLandingApi();
    renderApp('/');

    const footer = screen.getByRole('contentinfo');
    expect(await within(footer).findByRole('link', { name: 'help@mailscribe.example' })).toHaveAttribute('href', 'mailto:help@mailscribe.example');
    const social = within(footer).getByRole('link', { name: /LinkedIn/ });
    expect(social).toHaveAttribute('href', 'https://www.linkedin.com/company/mailscribe');
    expect(social).toHaveAttribute('target', '_blank');
    expect(social).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacyPolicy');
    expect(within(footer).getByRole('link', { name: 'Terms Of Use' })).toHaveAttribute('href', '/termsOfUse');
  });

  it('leaves the social link out when none is configured', async () => {
    installLandingApi({ 'GET /api/public-config': { status: 200, body: { ...aPublicConfig, socialUrl: null } } });
    renderApp('/');

    const footer = screen.getByRole('contentinfo');
    await within(footer).findByRole('link', { name: 'help@mailscribe.example' });
    expect(within(footer).queryByRole('link', { name: /LinkedIn|Follow us/ })).not.toBeInTheDocument();
  });
});

describe('landing page without the router (first visit to /)', () => {
  it('hands links to other screens to the navigation it is given, and warms it up on pointer or focus', async () => {
    installLandingApi();
    const navigate = vi.fn();
    const prepare = vi.fn();
    const user = userEvent.setup();
    renderWithQueryClient(<LandingPage navigation={{ navigate, prepare }} hash="" />);

    const start = within(screen.getByRole('banner')).getByRole('link', { name: 'Start' });
    await user.hover(start);
    expect(prepare).toHaveBeenCalled();
    await user.click(start);
    expect(navigate).toHaveBeenCalledWith('/register');

    await user.click(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms Of Use' }));
    expect(navigate).toHaveBeenLastCalledWith('/termsOfUse');
  });

  it('scrolls back to the top from the brand instead of opening the page again', async () => {
    installLandingApi();
    window.history.replaceState(null, '', '/');
    const navigate = vi.fn();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderWithQueryClient(<LandingPage navigation={{ navigate }} hash="" />);

    await user.click(screen.getByRole('link', { name: 'Mailscribe home' }));

    expect(navigate).not.toHaveBeenCalled();
    expect(scrollTo).toHaveBeenCalled();
  });

  it('leaves a modified click (new tab) to the browser', async () => {
    installLandingApi();
    const navigate = vi.fn();
    const user = userEvent.setup();
    renderWithQueryClient(<LandingPage navigation={{ navigate }} hash="" />);

    await user.keyboard('{Control>}');
    await user.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign In' }));
    await user.keyboard('{/Control}');

    expect(navigate).not.toHaveBeenCalled();
  });
});
