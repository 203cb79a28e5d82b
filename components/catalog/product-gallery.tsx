"use client";

import { useState } from "react";
import { HOVER_ZOOM_PERCENT } from "@/lib/constants";
import { productImageSrc } from "@/lib/catalog/product-image";

/** docs/PRODUCT.md §2.6: the thumbnail list and the main image with a 200 % zoom under the pointer. */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const [active, setActive] = useState(0);
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const src = images[active] ?? images[0];

  function onMove(event: React.MouseEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    setZoom({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
  }

  return (
    <div className="flex flex-col-reverse gap-3 lg:flex-row">
      <ul className="no-scrollbar flex gap-2 overflow-x-auto lg:max-h-[28rem] lg:flex-col lg:overflow-y-auto" aria-label="Product images">
        {images.map((image, index) => (
          <li key={`${image}-${index}`}>
            <button
              type="button"
              onClick={() => setActive(index)}
              onMouseEnter={() => setActive(index)}
              aria-label={`Show image ${index + 1} of ${images.length}`}
              aria-pressed={index === active}
              className={`grid h-20 w-20 place-items-center rounded-lg bg-slate-100 p-1 ring-2 ${index === active ? "ring-brand-600" : "ring-transparent hover:ring-slate-300"}`}
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- sized by the image host (lib/catalog/product-image.ts) */}
              <img src={productImageSrc(image, 72)} alt="" width={72} height={72} decoding="async" className="h-full w-full object-contain mix-blend-multiply" />
            </button>
          </li>
        ))}
      </ul>
      <div
        className="relative aspect-square w-full max-w-[28rem] cursor-zoom-in overflow-hidden rounded-xl bg-slate-100"
        onMouseMove={onMove}
        onMouseLeave={() => setZoom(null)}
        data-testid="product-main-image"
        data-zoomed={zoom ? "true" : "false"}
      >
        {src && (
          // eslint-disable-next-line @next/next/no-img-element -- sized by the image host (lib/catalog/product-image.ts)
          <img
            src={productImageSrc(src, 448)}
            alt={name}
            width={448}
            height={448}
            fetchPriority="high"
            decoding="sync"
            className="h-full w-full object-contain p-6 mix-blend-multiply transition-transform duration-100"
            style={zoom ? { transform: `scale(${HOVER_ZOOM_PERCENT / 100})`, transformOrigin: `${zoom.x}% ${zoom.y}%` } : undefined}
          />
        )}
      </div>
    </div>
  );
}
