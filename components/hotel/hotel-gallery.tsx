"use client";

import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";

export type GalleryImage = { url: string; caption: string | null; heroImage: boolean };

/** Hero images first (in their order), then the rest. */
export function orderImages<T extends { heroImage: boolean }>(images: readonly T[]): T[] {
  return [...images.filter((i) => i.heroImage), ...images.filter((i) => !i.heroImage)];
}

const Chevron = ({ dir }: { dir: "left" | "right" }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden className="size-5">
    <path d={dir === "left" ? "m14.5 6-6 6 6 6" : "m9.5 6 6 6-6 6"} strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

/**
 * A large photo with a strip of thumbnails. Arrow keys move through the photos from the photo or
 * any thumbnail (Home/End jump to the ends); the thumbnails use one tab stop between them.
 */
export function HotelGallery({ hotelName, images }: { hotelName: string; images: readonly GalleryImage[] }) {
  const ordered = useMemo(() => orderImages(images), [images]);
  const [index, setIndex] = useState(0);
  const thumbs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();
  if (ordered.length === 0) return null;
  const current = ordered[Math.min(index, ordered.length - 1)]!;
  const altOf = (img: GalleryImage, n: number) => img.caption || `${hotelName} photo ${n + 1}`;

  const go = (next: number, focusThumb: boolean) => {
    const n = (next + ordered.length) % ordered.length;
    setIndex(n);
    if (focusThumb) thumbs.current[n]?.focus();
    else thumbs.current[n]?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  };
  const onKeyDown = (e: KeyboardEvent, focusThumb: boolean) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: ordered.length - 1 };
    if (e.key in moves) {
      e.preventDefault();
      go(moves[e.key]!, focusThumb);
    }
  };

  return (
    <section aria-roledescription="gallery" aria-label={`Photos of ${hotelName}`} className="min-w-0">
      <figure className="relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-200">
        <div
          tabIndex={0}
          role="group"
          aria-roledescription="photo"
          aria-label={`Photo ${index + 1} of ${ordered.length}: ${altOf(current, index)}. Use the arrow keys for the others.`}
          onKeyDown={(e) => onKeyDown(e, false)}
          className="focus-visible:outline-offset-[-3px]"
        >
          {/* eslint-disable-next-line @next/next/no-img-element -- the service's SVGs, served as they are */}
          <img
            key={current.url}
            src={current.url}
            alt={altOf(current, index)}
            className="aspect-[2/1] w-full object-cover lg:aspect-[5/2]"
          />
        </div>
        {ordered.length > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1, false)}
              aria-label="Previous photo"
              className="absolute top-1/2 left-2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-900/10 hover:bg-white"
            >
              <Chevron dir="left" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1, false)}
              aria-label="Next photo"
              className="absolute top-1/2 right-2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-slate-700 shadow ring-1 ring-slate-900/10 hover:bg-white"
            >
              <Chevron dir="right" />
            </button>
          </>
        ) : null}
        <figcaption
          id={`${id}-caption`}
          aria-live="polite"
          className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-3 bg-gradient-to-t from-slate-950/70 to-transparent px-4 pt-8 pb-2.5 text-sm text-white"
        >
          <span className="truncate font-medium">{current.caption ?? ""}</span>
          <span className="shrink-0 text-xs tabular-nums opacity-90">
            {index + 1} / {ordered.length}
          </span>
        </figcaption>
      </figure>
      {ordered.length > 1 ? (
        <ul className="mt-2 flex gap-2 overflow-x-auto pb-1" aria-label="All photos">
          {ordered.map((img, n) => (
            <li key={img.url} className="shrink-0">
              <button
                ref={(el) => {
                  thumbs.current[n] = el;
                }}
                type="button"
                tabIndex={n === index ? 0 : -1}
                aria-current={n === index ? "true" : undefined}
                aria-label={`Show photo ${n + 1}: ${altOf(img, n)}`}
                onClick={() => go(n, false)}
                onKeyDown={(e) => onKeyDown(e, true)}
                className={cn(
                  "block overflow-hidden rounded-md ring-2 transition-opacity",
                  n === index ? "ring-brand-600" : "opacity-75 ring-transparent hover:opacity-100",
                )}
              >
                {/* eslint-disable-next-line @next/next/no-img-element -- the service's SVGs, served as they are */}
                <img src={img.url} alt="" loading="lazy" className="h-14 w-20 object-cover sm:h-16 sm:w-24" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
