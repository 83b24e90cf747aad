import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseToastEdge } from '../toast/toast-placement';

/**
 * jsdom lays nothing out: each element gets the box its `data-box` ("top height") says, 300 px wide; the
 * stack the box of its edge (`data-box-top` or `data-box-bottom`, as toast.css would place it).
 */
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: Element) {
    const edge = this.getAttribute('data-edge');
    const spec = (edge ? this.getAttribute(`data-box-${edge}`) : null) ?? this.getAttribute('data-box') ?? '0 0';
    const [top = 0, height = 0] = spec.split(' ').map(Number);
    return DOMRect.fromRect({ x: 0, y: top, width: height > 0 ? 300 : 0, height });
  });
}

/** A phone-sized page: the stack goes just below the 56 px bar (top) or to the bottom of an 844 px screen. */
function page(html: string): HTMLElement {
  document.body.innerHTML = `${html}<section id="stack" data-edge="bottom" data-box-top="68 56" data-box-bottom="776 56"></section>`;
  return document.getElementById('stack') as HTMLElement;
}

describe('toast placement', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('takes the preferred edge when it covers nothing there', () => {
    layOut();
    expect(chooseToastEdge(page('<button data-box="300 40">Menu item</button>'), ['bottom', 'top'])).toBe('bottom');
    expect(chooseToastEdge(page('<button data-box="300 40">Menu item</button>'), ['top', 'bottom'])).toBe('top');
  });

  it('goes to the other edge when a control sits at the preferred one', () => {
    layOut();
    expect(chooseToastEdge(page('<button data-box="780 40">Save</button><p data-box="70 60">Text</p>'), ['bottom', 'top'])).toBe('top');
  });

  it("does not cover the page's heading", () => {
    layOut();
    expect(chooseToastEdge(page('<h1 data-box="80 40">Usage</h1>'), ['top', 'bottom'])).toBe('bottom');
  });

  it('takes the edge with fewer obstacles when both have some', () => {
    layOut();
    const stack = page('<button data-box="780 40">Save</button><a href="/x" data-box="70 20">One</a><h1 data-box="100 20">Title</h1>');
    expect(chooseToastEdge(stack, ['top', 'bottom'])).toBe('bottom');
  });

  it('does not count its own close button, and leaves the edge shown as it was', () => {
    layOut();
    const stack = page('');
    stack.innerHTML = '<button data-box="780 40">Close notification</button>';
    expect(chooseToastEdge(stack, ['bottom', 'top'])).toBe('bottom');
    expect(stack).toHaveAttribute('data-edge', 'bottom');
  });
});
