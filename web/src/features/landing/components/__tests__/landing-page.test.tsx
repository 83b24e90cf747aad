import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp, renderWithQueryClient } from '@/test/render-app';
import { LandingPage } from '../landing-page';
import { aPublicConfig, installLandingApi } from './landing-test-kit';

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
