import { useState } from 'react';
import '@/components/ui/icon-badge/icon-badge.css';
import './hero-video.css';

/** The embed URL with autoplay on: the player is only created by a press of Play. */
function withAutoplay(videoUrl: string): string {
  const url = new URL(videoUrl);
  url.searchParams.set('autoplay', '1');
  return url.href;
}

/** What the product does, drawn: a forwarded email becomes a summary in a document. */
function ProductPoster() {
  return (
    <div className="hero-poster" aria-hidden="true">
      <div className="hero-poster__mail">
        <div className="hero-poster__mail-head">
          <span className="icon-badge hero-poster__avatar">A</span>
          <span className="hero-poster__lines">
            <span className="hero-poster__from">accounts@supplier.com</span>
            <span className="hero-poster__subject">Fwd: Invoice 1042 — due 30 Sept</span>
          </span>
        </div>
        <span className="hero-poster__text hero-poster__text--long" />
        <span className="hero-poster__text" />
        <span className="hero-poster__text hero-poster__text--short" />
        <span className="hero-poster__badge">DKIM ✓ DMARC ✓</span>
      </div>
      <svg className="hero-poster__wires" viewBox="0 0 100 100" preserveAspectRatio="none" focusable="false">
        <path d="M62 27 H74" />
        <path d="M78 33 V42" />
      </svg>
      <div className="hero-poster__flow">
        <span className="hero-poster__spark">AI</span>
      </div>
      <div className="hero-poster__doc">
        <div className="hero-poster__doc-head">
          <span className="hero-poster__doc-icon" />
          <span className="hero-poster__doc-title">Supplier invoices</span>
        </div>
        <span className="hero-poster__summary-title">Invoice 1042 from Supplier Ltd</span>
        <span className="hero-poster__summary-meta">accounts@supplier.com · 2 Sept 2025</span>
        <span className="hero-poster__text hero-poster__text--long" />
        <span className="hero-poster__text" />
        <span className="hero-poster__text hero-poster__text--short" />
      </div>
    </div>
  );
}

type HeroVideoProps = {
  /** The configured embed URL; null while unknown or when none is set. */
  videoUrl: string | null;
};

/**
 * The hero's video. Nothing is loaded from the video host until the visitor presses Play (no
 * third-party request, cookie or tracker before that); without a configured video the poster
 * alone shows what the product does.
 */
export function HeroVideo({ videoUrl }: HeroVideoProps) {
  const [playing, setPlaying] = useState(false);

  if (videoUrl && playing) {
    return (
      <div className="hero-video">
        <iframe
          className="hero-video__frame"
          src={withAutoplay(videoUrl)}
          title="Mailscribe product video"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          // The app sends no referrer at all; video players need the origin to play.
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        />
      </div>
    );
  }

  return (
    <div className={`hero-video${videoUrl ? ' hero-video--has-video' : ''}`}>
      <ProductPoster />
      {videoUrl ? (
        <button type="button" className="hero-video__play" onClick={() => setPlaying(true)}>
          <span className="hero-video__play-icon" aria-hidden="true">
            <svg viewBox="0 0 24 24" focusable="false">
              <path d="M8 5.5v13l10.5-6.5z" />
            </svg>
          </span>
          <span>Play the product video</span>
        </button>
      ) : null}
    </div>
  );
}
