import { DISPLAY_IMAGES_PATH, type DisplaySlidesDto } from '@pos/contracts';
import { useEffect, useState } from 'react';
import { http } from '../../../shared/api/http';

// The idle screen's images (docs/decisions/0129), kept on the device: the list in localStorage,
// the images in Cache Storage (where the browser offers it: a secure origin), shown from blob URLs.
// A display that loses the network keeps its slideshow; one started offline shows the last list.

const LIST_KEY = 'pos.customerDisplay.slides';
const CACHE = 'pos-display-images';
/** The list is read again this often (and when the network comes back). */
const REFRESH_MS = 5 * 60_000;

type Store = {
  read(): string[];
  write(urls: string[]): void;
};

export const slideList: Store = {
  read() {
    try {
      const value: unknown = JSON.parse(localStorage.getItem(LIST_KEY) ?? '[]');
      return Array.isArray(value) ? value.filter((u): u is string => typeof u === 'string') : [];
    } catch {
      return [];
    }
  },
  write(urls) {
    localStorage.setItem(LIST_KEY, JSON.stringify(urls));
  },
};

const openCache = async (): Promise<Cache | null> => {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(CACHE);
  } catch {
    return null;
  }
};

/** One image's bytes: from the device's cache, else the network (then cached: its URL never changes). */
async function imageBlob(url: string, cache: Cache | null): Promise<Blob | null> {
  const cached = await cache?.match(url).catch(() => undefined);
  if (cached) return cached.blob();
  try {
    const res = await fetch(url, { credentials: 'same-origin' });
    if (!res.ok) return null;
    await cache?.put(url, res.clone()).catch(() => undefined);
    return res.blob();
  } catch {
    return null;
  }
}

/** Drops the cached images no longer on the list. */
async function prune(cache: Cache | null, keep: string[]): Promise<void> {
  if (!cache) return;
  const wanted = new Set(keep.map((u) => new URL(u, location.origin).href));
  for (const request of await cache.keys()) {
    if (!wanted.has(request.url)) await cache.delete(request);
  }
}

/**
 * The slides to show (object URLs, in order): the server's list when it answers, else the last one
 * this device kept. The images are read once per URL; they stay in memory while the page lives.
 */
export function useDisplaySlides(): string[] {
  const [slides, setSlides] = useState<{ url: string; src: string }[]>([]);
  useEffect(() => {
    let alive = true;
    const held = new Map<string, string>();
    const load = async () => {
      let urls: string[];
      let fresh = false;
      try {
        const answer = await http.get<DisplaySlidesDto>(`${DISPLAY_IMAGES_PATH}/slides`);
        urls = answer.images.map((i) => i.url);
        fresh = true;
      } catch {
        urls = slideList.read();
      }
      const cache = await openCache();
      const next: { url: string; src: string }[] = [];
      for (const url of urls) {
        let src = held.get(url);
        if (!src) {
          const blob = await imageBlob(url, cache);
          if (!blob) continue;
          src = URL.createObjectURL(blob);
          held.set(url, src);
        }
        next.push({ url, src });
      }
      if (!alive) return;
      if (fresh) {
        slideList.write(urls);
        await prune(cache, urls).catch(() => undefined);
        // images taken off the list: their memory freed
        for (const [url, src] of held)
          if (!urls.includes(url)) {
            URL.revokeObjectURL(src);
            held.delete(url);
          }
      }
      setSlides((prev) =>
        prev.length === next.length && prev.every((p, i) => p.src === next[i].src) ? prev : next,
      );
    };
    void load();
    const timer = window.setInterval(() => void load(), REFRESH_MS);
    const online = () => void load();
    window.addEventListener('online', online);
    return () => {
      alive = false;
      window.clearInterval(timer);
      window.removeEventListener('online', online);
      for (const src of held.values()) URL.revokeObjectURL(src);
    };
  }, []);
  return slides.map((s) => s.src);
}
