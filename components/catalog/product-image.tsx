import { productImageSrc } from "@/lib/catalog/product-image";

type Props = { src: string; alt: string; size: number; className?: string; eager?: boolean };

/**
 * A product image as a plain <img> rendered on the server: no client component per card (a home
 * page holds over a hundred). Seed images are SVGs, uploads come from the image host, which
 * resizes them by URL (lib/catalog/product-image.ts).
 */
export function ProductImage({ src, alt, size, className = "", eager = false }: Props) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- see above: sized by the image host, not by next/image
    <img
      src={productImageSrc(src, size)}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      // Eager images are the Largest Contentful Paint candidates: decoded in the first frame
      // (an async decode paints them a frame later, after hydration has held the main thread).
      decoding={eager ? "sync" : "async"}
      {...(eager ? { fetchPriority: "high" as const } : {})}
      className={className}
    />
  );
}
