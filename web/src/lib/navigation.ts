// Leaving the app for another page (a checkout, the card-update page): a full browser navigation.
// Tests replace the navigation with setLocationAssigner instead of mocking this module.

type LocationAssigner = (url: string) => void;

const browserAssigner: LocationAssigner = (url) => window.location.assign(url);

let assigner: LocationAssigner = browserAssigner;

/** Only web addresses leave the app: an absolute http(s) URL or a path on this origin. */
function isNavigableUrl(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/** Sends the browser to `url` (window.location.assign). Throws for anything but an http(s) URL or a path. */
export function assignLocation(url: string): void {
  if (!isNavigableUrl(url)) throw new Error('The server answered with an address the browser cannot open.');
  assigner(url);
}

/** Replaces the browser navigation (tests); null restores it. Returns a function that undoes the change. */
export function setLocationAssigner(next: LocationAssigner | null): () => void {
  const previous = assigner;
  assigner = next ?? browserAssigner;
  return () => {
    assigner = previous;
  };
}

type PageReloader = () => void;

const browserReloader: PageReloader = () => window.location.reload();

let reloader: PageReloader = browserReloader;

/** Loads the page again from the server (a new deployment's index.html and assets). */
export function reloadPage(): void {
  reloader();
}

/** Replaces the browser reload (tests); null restores it. Returns a function that undoes the change. */
export function setPageReloader(next: PageReloader | null): () => void {
  const previous = reloader;
  reloader = next ?? browserReloader;
  return () => {
    reloader = previous;
  };
}
