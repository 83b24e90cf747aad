import { afterEach, describe, expect, it, vi } from 'vitest';
import { chooseToastEdge } from '../toast/toast-placement';

/** jsdom lays nothing out: each element gets the box its `data-box` ("top height") says, 300 px wide. */
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function rect(this: Element) {
    const [top = 0, height = 0] = (this.getAttribute('data-box') ?? '0 0').split(' ').map(Number);
    return DOMRect.fromRect({ x: 0, y: top, width: height > 0 ? 300 : 0, height });
  });
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(844);
}

function page(html: string): HTMLElement {
  document.body.innerHTML = `<header class="dashboard-header" data-box="0 56"></header>${html}<section id="stack" data-box="0 56"></section>`;
  return document.getElementById('stack') as HTMLElement;
}

describe('toast placement on a phone', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('stays at the bottom when no control is there', () => {
    layOut();
    expect(chooseToastEdge(page('<button data-box="80 40">Menu item</button>'))).toBe('bottom');
  });

  it('goes below the top bar when a control sits at the bottom and none below the bar', () => {
    layOut();
    expect(chooseToastEdge(page('<button data-box="780 40">Save</button><p data-box="70 60">Text</p>'))).toBe('top');
  });

  it('takes the edge with fewer controls when both have some', () => {
    layOut();
    const stack = page('<button data-box="780 40">Save</button><a href="/x" data-box="70 20">One</a><input data-box="100 20" />');
    expect(chooseToastEdge(stack)).toBe('bottom');
  });

  it('does not count its own close buttons', () => {
    layOut();
    const stack = page('');
    stack.innerHTML = '<button data-box="780 40">Close notification</button>';
    stack.setAttribute('data-box', '776 56');
    expect(chooseToastEdge(stack)).toBe('bottom');
  });
});
