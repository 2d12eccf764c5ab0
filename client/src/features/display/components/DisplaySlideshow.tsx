import Box from '@mui/material/Box';
import { DISPLAY_SLIDE_MS } from '@pos/contracts';
import { useEffect, useState } from 'react';

/** How long one image fades into the next (ms); none where the viewer asks for less motion. */
const FADE_MS = 1_200;

/**
 * The idle screen's images one after another (docs/decisions/0129): each DISPLAY_SLIDE_MS, the
 * next cross-fades over it; with prefers-reduced-motion the next simply replaces it.
 */
export function DisplaySlideshow({
  slides,
  alt,
}: {
  slides: string[];
  alt: (n: number) => string;
}) {
  const [index, setIndex] = useState(0);
  const count = slides.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), DISPLAY_SLIDE_MS);
    return () => window.clearInterval(timer);
  }, [count]);
  // a list grown shorter meanwhile: back to the first
  const shown = index < count ? index : 0;
  return (
    <Box
      data-testid="display-slideshow"
      data-index={shown}
      data-count={count}
      sx={{ position: 'absolute', inset: 0, overflow: 'hidden' }}
    >
      {slides.map((src, i) => (
        <Box
          key={src}
          component="img"
          src={src}
          alt={alt(i + 1)}
          aria-hidden={i !== shown}
          data-testid="display-slide"
          data-active={i === shown}
          sx={{
            position: 'absolute',
            inset: 0,
            inlineSize: '100%',
            blockSize: '100%',
            objectFit: 'contain',
            opacity: i === shown ? 1 : 0,
            transition: `opacity ${FADE_MS}ms ease-in-out`,
            '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
          }}
        />
      ))}
    </Box>
  );
}
